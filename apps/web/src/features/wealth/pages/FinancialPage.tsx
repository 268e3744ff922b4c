import { errorMessage } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { EmptyState, ListSkeleton, NotFoundState, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { CoinIcon } from '../../../components/CoinIcon';
import { AmountEntry } from '../../../components/form/AmountEntry';
import { NavRight, usePageRefresh, usePageTitle } from '../../../components/PageChrome';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { loginRoute } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { useSpotAvailable } from '../../../hooks/useSpotAvailable';
import { useProducts, useSubscribe, useSummary, type WealthProduct } from '../api';
import { aprPercent } from '../apr';
import { kindName, useWealthT } from '../locales';
import { productPath, recordsPath, WEALTH_PATHS } from '../paths';
import '../wealth.css';

/** Decimals a wealth amount may carry (the ledger's scale). */
const DECIMALS = 8;

/** /pages/financial/financial — products on offer; `?id=` one product's terms and the subscription form. */
export default function FinancialPage({ query }: PageProps) {
  const id = query.id === undefined ? undefined : Number(query.id);
  return id === undefined ? <ProductList /> : <ProductDetail id={id} />;
}

function ProductList() {
  const t = useWealthT();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const products = useProducts();
  const summary = useSummary(loggedIn);
  const [kind, setKind] = useState<'flexible' | 'fixed'>('flexible');
  usePageRefresh(() => Promise.all([products.refetch(), loggedIn ? summary.refetch() : null]));
  const shown = (products.data ?? []).filter((p) => p.kind === kind);

  return (
    <div className="wealth">
      {loggedIn && (
        <NavRight>
          <button type="button" className="wealth-nav-link" onClick={() => void navigate(recordsPath())}>
            {t('records')}
          </button>
        </NavRight>
      )}
      <section className="wealth-summary" data-testid="wealth-summary">
        <div className="wealth-summary__head">
          <strong>{t('myHoldings')}</strong>
          {loggedIn && summary.data && <span className="muted">{t('openCount', { count: summary.data.open })}</span>}
        </div>
        {!loggedIn && (
          <button type="button" className="wealth-link" onClick={() => void navigate(loginRoute())}>
            {t('logInToSee')}
          </button>
        )}
        {loggedIn && summary.isError && <QueryError error={summary.error} onRetry={() => void summary.refetch()} />}
        {loggedIn && summary.data && summary.data.assets.length === 0 && <p className="muted">{t('noHoldings')}</p>}
        {summary.data?.assets.map((a) => (
          <button
            type="button"
            key={a.asset}
            className="wealth-summary__row"
            onClick={() => void navigate(recordsPath('holdings'))}
          >
            <CoinIcon asset={a.asset} size="s" />
            <span className="wealth-summary__asset">{a.asset}</span>
            <span className="wealth-kv">
              <span className="muted">{t('held')}</span>
              <Amount value={a.principal} precision={DECIMALS} trim sensitive />
            </span>
            <span className="wealth-kv">
              <span className="muted">{t('earnedTotal')}</span>
              <Amount value={a.earned} precision={DECIMALS} trim sensitive />
            </span>
            <span className="wealth-kv">
              <span className="muted">{t('lastDay')}</span>
              <Amount value={a.lastDay} precision={DECIMALS} trim sign="+" sensitive />
            </span>
          </button>
        ))}
      </section>

      <ChipTabs
        label={t('type')}
        tabs={[
          { key: 'flexible', label: t('flexible') },
          { key: 'fixed', label: t('fixed') },
        ]}
        active={kind}
        onChange={setKind}
      />
      {products.isError && <QueryError error={products.error} onRetry={() => void products.refetch()} />}
      {products.isPending && <ListSkeleton />}
      {products.data && shown.length === 0 && <EmptyState text={t('noProducts')} />}
      <ul className="wealth-products">
        {shown.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="wealth-product"
              data-testid={`wealth-product-${p.id}`}
              onClick={() => void navigate(productPath(p.id))}
            >
              <span className="wealth-product__name">
                <CoinIcon asset={p.asset} size="s" />
                <strong>{p.asset}</strong>
                <span className="muted">{kindName(t, p.kind, p.termDays)}</span>
                <ProductState product={p} />
              </span>
              <span className="wealth-product__apr">
                <span className="wealth-apr">{t('aprValue', { value: aprPercent(p.apr) })}</span>
                <span className="muted">{t('apr')}</span>
              </span>
              <span className="wealth-product__min muted">
                {t('minShort', { amount: p.minAmount, asset: p.asset })}
                <RightOutline />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProductState({ product }: { product: WealthProduct }) {
  const t = useWealthT();
  if (product.status === 'paused') return <StatusTag tone="off">{t('paused')}</StatusTag>;
  if (product.soldOut) return <StatusTag tone="bad">{t('soldOut')}</StatusTag>;
  return null;
}

function ProductDetail({ id }: { id: number }) {
  const t = useWealthT();
  const navigate = useNavigate();
  const locale = useLocale();
  const lang = useSettings((s) => s.lang);
  const loggedIn = useSession((s) => s.token !== null);
  const products = useProducts();
  const product = products.data?.find((p) => p.id === id);
  const balance = useSpotAvailable(product?.asset, loggedIn);
  const subscribe = useSubscribe();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestId();
  usePageTitle(product ? `${product.asset} · ${kindName(t, product.kind, product.termDays)}` : undefined);
  usePageRefresh(() => Promise.all([products.refetch(), loggedIn ? balance.refetch() : null]));

  if (products.isError) return <QueryError error={products.error} onRetry={() => void products.refetch()} />;
  if (products.isPending) return <ListSkeleton />;
  if (!product) {
    return (
      <NotFoundState
        title={t('productNotFound')}
        action={{ label: t('financialList'), onClick: () => void navigate(WEALTH_PATHS.financial) }}
      />
    );
  }

  const submit = async () => {
    if (!loggedIn) {
      void navigate(loginRoute());
      return;
    }
    if (amount === '') {
      setError(t('missingAmount'));
      return;
    }
    if (!/[1-9]/.test(amount)) {
      setError(errorMessage('AMOUNT_INVALID', lang));
      return;
    }
    setError(undefined);
    try {
      await subscribe.mutateAsync({ productId: product.id, amount, requestId: request.id });
      request.settled();
      setAmount('');
      toast(t('subscribed'), 'success');
      void navigate(recordsPath('holdings'));
    } catch (e) {
      // The server said no: a new request may differ, so it gets a new id.
      if (e instanceof ApiError) {
        setError(e.msg);
        request.settled(e);
      }
    }
  };

  const inAsset = (value: string) => (
    <>
      <Amount value={value} precision={DECIMALS} trim /> {product.asset}
    </>
  );
  const rows: [string, ReactNode][] = [
    [t('type'), product.kind === 'flexible' ? t('flexible') : t('fixed')],
    [t('term'), product.termDays === null ? t('flexible') : t('termDays', { days: product.termDays })],
    [t('minAmount'), inAsset(product.minAmount)],
    [t('maxPerUser'), product.maxPerUser === null ? t('noLimit') : inAsset(product.maxPerUser)],
    [t('quotaLeft'), product.left === null ? t('noLimit') : inAsset(product.left)],
    [t('accrualStarts'), formatDate(product.accrualStartsAt, locale)],
    [t('firstReturn'), formatDate(product.firstReturnAt, locale)],
  ];
  if (product.maturityAt !== null) rows.push([t('maturity'), formatDate(product.maturityAt, locale)]);
  const closed = product.status === 'paused' || product.soldOut;

  return (
    <div className="wealth wealth--detail">
      <section className="wealth-hero">
        <span className="wealth-product__name">
          <CoinIcon asset={product.asset} size="m" />
          <strong>{product.asset}</strong>
          <span className="muted">{kindName(t, product.kind, product.termDays)}</span>
          <ProductState product={product} />
        </span>
        <span className="wealth-apr wealth-apr--big" data-testid="wealth-apr">
          {t('aprValue', { value: aprPercent(product.apr) })}
        </span>
        <span className="muted">{t('apr')}</span>
      </section>

      <section className="wealth-card">
        <h3 className="wealth-card__title">{t('terms')}</h3>
        <dl className="wealth-terms">
          {rows.map(([label, value]) => (
            <div key={label} className="wealth-terms__row">
              <dt className="muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="wealth-note muted">
          <strong>{t('redemptionRule')}: </strong>
          {product.kind === 'flexible' ? t('ruleFlexible') : t('ruleFixed')}
        </p>
        <p className="wealth-note muted">{t('dailyNote')}</p>
      </section>

      <section className="wealth-card">
        <AmountEntry
          id="wealth-amount"
          label={t('amount')}
          unit={product.asset}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(undefined);
          }}
          error={error}
          decimals={DECIMALS}
          placeholder={t('minShort', { amount: product.minAmount, asset: product.asset })}
          available={balance.available}
          loggedIn={loggedIn}
          maxLabel={t('max')}
          availableLabel={t('available')}
          availableTestId="wealth-available"
        />
        <Button
          className="wealth-submit"
          block
          color="primary"
          disabled={loggedIn && closed}
          loading={subscribe.isPending}
          onClick={() => void submit()}
        >
          {loggedIn ? t('subscribe') : t('logInToSubscribe')}
        </Button>
      </section>
    </div>
  );
}
