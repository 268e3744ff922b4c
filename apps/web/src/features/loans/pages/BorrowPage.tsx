import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { NavRight } from '../../../components/PageChrome';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import { readDecimal } from '../../../lib/decimalInput';
import { useSession } from '../../../lib/stores/session';
import { toast } from '../../../lib/toast';
import { LOAN_PATHS, useBorrow, useLoanMarket, useQuote } from '../api';
import { useLoansT } from '../locales';
import '../../../components/product-page.css';
import '../loans.css';

/** /pages/lending/index — borrow a coin against collateral, with the server's quote at index prices. */
export default function BorrowPage() {
  const t = useLoansT();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const market = useLoanMarket();
  const loanable = market.data?.loanable ?? [];
  const collaterals = market.data?.collateral ?? [];
  const [loanAsset, setLoanAsset] = useState('USDT');
  const [collateralAsset, setCollateralAsset] = useState('BTC');
  const [collateral, setCollateral] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestId();
  const quote = useQuote(loanAsset, collateralAsset, collateral, amount);
  const borrow = useBorrow();
  const q = quote.data;

  const submit = async () => {
    if (!loggedIn) {
      void navigate('/pages/login/login');
      return;
    }
    setError(undefined);
    try {
      await borrow.mutateAsync({ loanAsset, amount, collateralAsset, collateral, requestId: request.id });
      request.settled();
      toast(t('borrowDone'), 'success');
      void navigate(LOAN_PATHS.loans);
    } catch (e) {
      request.settled(e);
      if (e instanceof ApiError) setError(e.msg);
    }
  };

  return (
    <div className="product">
      <NavRight>
        <button type="button" className="product-nav-link" onClick={() => void navigate(LOAN_PATHS.loans)}>
          {t('myLoans')}
        </button>
      </NavRight>
      {market.isError && <QueryError error={market.error} onRetry={() => void market.refetch()} />}
      <section className="product-card">
        <h3 className="loans-card__title">{t('loanCoin')}</h3>
        <ChipTabs
          tabs={loanable.map((a) => ({ key: a.asset, label: a.asset }))}
          label={t('loanCoin')}
          active={loanAsset}
          onChange={(k) => {
            setLoanAsset(k);
            if (k === collateralAsset) setCollateralAsset(collaterals.find((c) => c.asset !== k)?.asset ?? '');
          }}
        />
        <label className="loans-field">
          <span>{t('amount')}</span>
          <div className="loans-field__box">
            <Input
              value={amount}
              inputMode="decimal"
              onChange={(v) => setAmount(readDecimal(v, 8, 'en-US'))}
              data-testid="loan-amount"
            />
            <span>{loanAsset}</span>
          </div>
        </label>
        {q?.maxBorrow && (
          <button type="button" className="loans-max" onClick={() => setAmount(q.maxBorrow ?? '')}>
            {t('maxBorrow', { amount: q.maxBorrow, asset: loanAsset })}
          </button>
        )}
      </section>
      <section className="product-card">
        <h3 className="loans-card__title">{t('collateralCoin')}</h3>
        <ChipTabs
          tabs={collaterals.filter((c) => c.asset !== loanAsset).map((c) => ({ key: c.asset, label: c.asset }))}
          label={t('collateralCoin')}
          active={collateralAsset}
          onChange={setCollateralAsset}
        />
        <label className="loans-field">
          <span>{t('collateral')}</span>
          <div className="loans-field__box">
            <Input
              value={collateral}
              inputMode="decimal"
              onChange={(v) => setCollateral(readDecimal(v, 8, 'en-US'))}
              data-testid="loan-collateral"
            />
            <span>{collateralAsset}</span>
          </div>
        </label>
      </section>
      {q && (
        <section className="product-card" data-testid="loan-quote">
          <dl className="product-grid">
            <dt>{t('apr')}</dt>
            <dd>{q.apr}%</dd>
            <dt>{t('price')}</dt>
            <dd>
              {q.price} {loanAsset}
            </dd>
            <dt>{t('ltv')}</dt>
            <dd data-testid="quote-ltv">{q.ltv === null ? '—' : `${q.ltv}%`}</dd>
            <dt>{t('marginCallPrice')}</dt>
            <dd>{q.marginCallPrice ?? '—'}</dd>
            <dt>{t('liquidationPrice')}</dt>
            <dd>{q.liquidationPrice ?? '—'}</dd>
            <dt>{t('dailyInterest')}</dt>
            <dd>{q.dailyInterest === null ? '—' : `${q.dailyInterest} ${loanAsset}`}</dd>
          </dl>
          <p className="loans-note">
            {t('thresholds', { initial: q.initialLtv, call: q.marginCallLtv, liq: q.liquidationLtv })}
          </p>
        </section>
      )}
      {quote.error instanceof ApiError && <p className="loans-error">{quote.error.msg}</p>}
      {error && (
        <p className="loans-error" role="alert">
          {error}
        </p>
      )}
      <Button
        block
        color="primary"
        disabled={amount === '' || collateral === ''}
        loading={borrow.isPending}
        onClick={() => void submit()}
        data-testid="loan-borrow"
      >
        {t('borrow')}
      </Button>
    </div>
  );
}
