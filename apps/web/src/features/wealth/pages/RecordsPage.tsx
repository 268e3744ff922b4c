import { ERRORS } from '@bourse/contract';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { CoinIcon } from '../../../components/CoinIcon';
import { DecimalInput } from '../../../components/form/DecimalInput';
import { Field } from '../../../components/form/Field';
import { usePageRefresh } from '../../../components/PageChrome';
import { StatusTag, type StatusTone } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePositions, useRedeem, useRedemptions, useReturns, type WealthPosition } from '../api';
import { aprPercent } from '../apr';
import { kindName, redemptionName, stateName, useWealthT } from '../locales';
import { recordsPath } from '../paths';
import '../wealth.css';

const DECIMALS = 8;
type Tab = 'holdings' | 'returns' | 'redemptions';

const STATE_TONES: Record<WealthPosition['state'], StatusTone> = {
  not_yet: 'pending',
  earned: 'ok',
  early: 'off',
  revoked: 'bad',
};

/** /pages/financial/records?tab=holdings|returns|redemptions — my holdings (redeem there), daily returns, redemptions. */
export default function RecordsPage({ query }: PageProps) {
  const t = useWealthT();
  const navigate = useNavigate();
  const tab: Tab = query.tab === 'returns' || query.tab === 'redemptions' ? query.tab : 'holdings';
  return (
    <div className="wealth">
      <ChipTabs
        label={t('records')}
        tabs={[
          { key: 'holdings', label: t('tabHoldings') },
          { key: 'returns', label: t('tabReturns') },
          { key: 'redemptions', label: t('tabRedemptions') },
        ]}
        active={tab}
        onChange={(next) => void navigate(recordsPath(next), { replace: true })}
      />
      {tab === 'holdings' && <Holdings />}
      {tab === 'returns' && <Returns />}
      {tab === 'redemptions' && <Redemptions />}
    </div>
  );
}

function Holdings() {
  const t = useWealthT();
  const [state, setState] = useState<'open' | 'closed'>('open');
  const positions = usePositions(state);
  const [redeeming, setRedeeming] = useState<WealthPosition | null>(null);
  usePageRefresh(() => positions.refetch());
  return (
    <>
      <ChipTabs
        label={t('tabHoldings')}
        tabs={[
          { key: 'open', label: t('open') },
          { key: 'closed', label: t('closed') },
        ]}
        active={state}
        onChange={setState}
      />
      {positions.isError && <QueryError error={positions.error} onRetry={() => void positions.refetch()} />}
      {positions.isPending && <ListSkeleton />}
      {positions.data?.list.length === 0 && <EmptyState text={t('noHoldings')} />}
      <ul className="wealth-list">
        {positions.data?.list.map((p) => (
          <PositionCard key={p.id} position={p} onRedeem={() => setRedeeming(p)} />
        ))}
      </ul>
      <RedeemPopup position={redeeming} onClose={() => setRedeeming(null)} />
    </>
  );
}

function PositionCard({ position: p, onRedeem }: { position: WealthPosition; onRedeem(): void }) {
  const t = useWealthT();
  const locale = useLocale();
  const open = p.state === 'not_yet';
  const rows: [string, React.ReactNode][] = [
    [t('principal'), <Amount key="p" value={open ? p.principal : p.subscribed} precision={DECIMALS} trim sensitive />],
    [t('interestPaid'), <Amount key="i" value={p.interestPaid} precision={DECIMALS} trim sign="+" sensitive />],
    [t('apr'), t('aprValue', { value: aprPercent(p.apr) })],
    [t('lastReturn'), p.lastReturn === null ? '--' : <Amount key="l" value={p.lastReturn} precision={DECIMALS} trim />],
    [t('subscribedAt'), formatDate(p.subscribedAt, locale)],
    [t('accrualStarts'), formatDate(p.accrualStartsAt, locale)],
  ];
  if (p.maturityAt !== null) rows.push([t('maturity'), formatDate(p.maturityAt, locale)]);
  if (p.nextReturnAt !== null) rows.push([t('nextReturn'), formatDate(p.nextReturnAt, locale)]);
  if (p.closedAt !== null) rows.push([t('closedAt'), formatDate(p.closedAt, locale)]);
  if (p.forfeited !== '0')
    rows.push([t('forfeited'), <Amount key="f" value={p.forfeited} precision={DECIMALS} trim />]);
  if (!open) rows.push([t('returned'), <Amount key="r" value={p.returned} precision={DECIMALS} trim />]);
  return (
    <li className="wealth-card" data-testid={`wealth-position-${p.id}`}>
      <div className="wealth-card__head">
        <span className="wealth-product__name">
          <CoinIcon asset={p.asset} size="s" />
          <strong>{p.asset}</strong>
          <span className="muted">{kindName(t, p.kind, p.termDays)}</span>
        </span>
        <StatusTag tone={STATE_TONES[p.state]}>{stateName(t, p.state)}</StatusTag>
      </div>
      <dl className="wealth-terms">
        {rows.map(([label, value]) => (
          <div key={label} className="wealth-terms__row">
            <dt className="muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {open && (
        <Button size="small" color="primary" fill="outline" onClick={onRedeem}>
          {t('redeem')}
        </Button>
      )}
    </li>
  );
}

/**
 * Redeem a holding. Flexible: an amount (empty = all). Fixed: the server says whether it has matured; before
 * maturity it answers with what an early redemption would deduct, and the user confirms with "Redeem early".
 */
function RedeemPopup({ position, onClose }: { position: WealthPosition | null; onClose(): void }) {
  const t = useWealthT();
  const redeem = useRedeem();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [early, setEarly] = useState<string>();
  const request = useRequestId();

  const close = () => {
    setAmount('');
    setError(undefined);
    setEarly(undefined);
    onClose();
  };

  const submit = async (confirmEarly: boolean) => {
    if (!position) return;
    setError(undefined);
    try {
      await redeem.mutateAsync({
        positionId: position.id,
        ...(position.kind === 'flexible' && amount !== '' ? { amount } : {}),
        ...(confirmEarly ? { early: true } : {}),
        requestId: request.id,
      });
      request.settled();
      toast(t('redeemed'), 'success');
      close();
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      request.settled(e);
      if (e.code === ERRORS.WEALTH_EARLY_CONFIRM.code) setEarly(e.msg);
      else setError(e.msg);
    }
  };

  return (
    <Popup visible={position !== null} onMaskClick={close} onClose={close} bodyClassName="wealth-popup">
      {position && (
        <div className="wealth-popup__body" data-testid="wealth-redeem">
          <h3 className="wealth-card__title">
            {t('redeemTitle', { name: `${position.asset} · ${kindName(t, position.kind, position.termDays)}` })}
          </h3>
          <p className="wealth-note">
            {t('principal')}: <Amount value={position.principal} precision={DECIMALS} trim /> {position.asset}
          </p>
          {position.kind === 'flexible' && (
            <Field
              label={t('amount')}
              error={error}
              htmlFor="wealth-redeem-amount"
              extra={
                <>
                  <span className="field__unit">{position.asset}</span>
                  <button type="button" className="field__code-button" onClick={() => setAmount(position.principal)}>
                    {t('max')}
                  </button>
                </>
              }
            >
              <DecimalInput
                id="wealth-redeem-amount"
                value={amount}
                onChange={(v) => {
                  setAmount(v);
                  setError(undefined);
                }}
                decimals={DECIMALS}
                placeholder={t('redeemAmountHint')}
              />
            </Field>
          )}
          {position.kind === 'fixed' && error && (
            <p className="wealth-error" role="alert">
              {error}
            </p>
          )}
          {early && (
            <p className="wealth-warning" role="alert" data-testid="wealth-early-warning">
              {early}
            </p>
          )}
          <div className="wealth-popup__actions">
            <Button block onClick={close}>
              {t('cancel')}
            </Button>
            <Button
              block
              color={early ? 'danger' : 'primary'}
              loading={redeem.isPending}
              onClick={() => void submit(early !== undefined)}
            >
              {early ? t('redeemEarly') : t('confirmRedeem')}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

function Returns() {
  const t = useWealthT();
  const locale = useLocale();
  const returns = useReturns();
  usePageRefresh(() => returns.refetch());
  if (returns.isError) return <QueryError error={returns.error} onRetry={() => void returns.refetch()} />;
  if (returns.isPending) return <ListSkeleton />;
  if (returns.data.list.length === 0) return <EmptyState text={t('noReturns')} />;
  return (
    <ul className="wealth-list">
      {returns.data.list.map((r) => (
        <li key={`${r.positionId}:${r.day}`} className="wealth-row" data-testid="wealth-return">
          <span className="wealth-row__main">
            <strong>
              {r.asset} · {kindName(t, r.kind, r.termDays)}
            </strong>
            <span className="muted">{t('returnFor', { day: formatDate(r.day, locale, false) })}</span>
          </span>
          <span className="wealth-row__side">
            <Amount className="wealth-in" value={r.amount} precision={DECIMALS} trim sign="+" /> {r.asset}
            <StatusTag tone={r.state === 'earned' ? 'ok' : 'bad'}>
              {r.state === 'earned' ? t('stateEarned') : t('stateRevoked')}
            </StatusTag>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Redemptions() {
  const t = useWealthT();
  const locale = useLocale();
  const redemptions = useRedemptions();
  usePageRefresh(() => redemptions.refetch());
  if (redemptions.isError) return <QueryError error={redemptions.error} onRetry={() => void redemptions.refetch()} />;
  if (redemptions.isPending) return <ListSkeleton />;
  if (redemptions.data.list.length === 0) return <EmptyState text={t('noRedemptions')} />;
  return (
    <ul className="wealth-list">
      {redemptions.data.list.map((r) => (
        <li key={r.id} className="wealth-row" data-testid="wealth-redemption">
          <span className="wealth-row__main">
            <strong>
              {r.asset} · {kindName(t, r.productKind, r.termDays)}
            </strong>
            <span className="muted">
              {redemptionName(t, r.kind)} · {formatDate(r.createdAt, locale)}
            </span>
            {r.forfeited !== '0' && (
              <span className="muted">
                {t('forfeited')}: <Amount value={r.forfeited} precision={DECIMALS} trim /> {r.asset}
              </span>
            )}
          </span>
          <span className="wealth-row__side">
            <Amount value={r.returned} precision={DECIMALS} trim /> {r.asset}
          </span>
        </li>
      ))}
    </ul>
  );
}
