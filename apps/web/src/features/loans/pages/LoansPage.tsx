import type { Loan } from '@bourse/contract';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { StatusTag } from '../../../components/StatusTag';
import { useRequestId } from '../../../hooks/useRequestId';
import { ApiError } from '../../../lib/api';
import { readDecimal } from '../../../lib/decimalInput';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { RISK_TONE, useAddCollateral, useLoans, useRepay } from '../api';
import { useLoansT } from '../locales';
import '../../../components/product-page.css';
import '../loans.css';

type Action = { kind: 'repay' | 'collateral'; loan: Loan };

/** /pages/lending/loans — the user's loans with their LTV now; repay, add collateral, margin-call notice. */
export default function LoansPage() {
  const t = useLoansT();
  const loans = useLoans();
  const [action, setAction] = useState<Action | null>(null);

  return (
    <div className="product">
      {loans.isError && <QueryError error={loans.error} onRetry={() => void loans.refetch()} />}
      {loans.isPending && <ListSkeleton />}
      {loans.data?.list.length === 0 && <EmptyState text={t('empty')} />}
      {loans.data?.list.map((loan) => {
        const open = loan.status === 'open';
        return (
          <section key={loan.id} className="product-card" data-testid={`loan-${loan.id}`}>
            <header className="product-card__head">
              <span className="product-card__name">
                {loan.loanAsset} / {loan.collateralAsset}
              </span>
              <StatusTag tone={open ? RISK_TONE[loan.risk] : 'off'}>
                {open ? t(`risk_${loan.risk}`) : t(`status_${loan.status}`)}
              </StatusTag>
            </header>
            {open && loan.risk !== 'healthy' && (
              <p className="loans-warn" role="alert" data-testid={`loan-${loan.id}-margin-call`}>
                {t('marginCallNotice', { ltv: loan.ltv ?? '—', liq: loan.liquidationLtv })}
              </p>
            )}
            <dl className="product-grid">
              <dt>{t('debt')}</dt>
              <dd data-testid={`loan-${loan.id}-debt`}>
                {loan.debt} {loan.loanAsset}
              </dd>
              <dt>{t('principal')}</dt>
              <dd>{loan.principal}</dd>
              <dt>{t('interest')}</dt>
              <dd>{loan.interest}</dd>
              <dt>{t('collateral')}</dt>
              <dd>
                {loan.collateral} {loan.collateralAsset}
              </dd>
              {open && (
                <>
                  <dt>{t('ltv')}</dt>
                  <dd data-testid={`loan-${loan.id}-ltv`}>{loan.ltv === null ? '—' : `${loan.ltv}%`}</dd>
                  <dt>{t('liquidationPrice')}</dt>
                  <dd>{loan.liquidationPrice ?? '—'}</dd>
                </>
              )}
            </dl>
            <p className="loans-note">{t('borrowedAt', { time: formatDate(loan.createdAt) })}</p>
            {open && (
              <footer className="product-card__foot">
                <Button size="small" onClick={() => setAction({ kind: 'collateral', loan })}>
                  {t('addCollateral')}
                </Button>
                <Button
                  size="small"
                  color="primary"
                  onClick={() => setAction({ kind: 'repay', loan })}
                  data-testid={`loan-${loan.id}-repay`}
                >
                  {t('repay')}
                </Button>
              </footer>
            )}
          </section>
        );
      })}
      {action && <ActionSheet action={action} onClose={() => setAction(null)} />}
    </div>
  );
}

function ActionSheet({ action, onClose }: { action: Action; onClose: () => void }) {
  const t = useLoansT();
  const repay = useRepay();
  const add = useAddCollateral();
  const { loan, kind } = action;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestId();
  const run = async (full: boolean) => {
    setError(undefined);
    try {
      if (kind === 'repay') {
        await repay.mutateAsync({ loanId: loan.id, full, ...(full ? {} : { amount: value }), requestId: request.id });
        toast(t('repayDone'), 'success');
      } else {
        await add.mutateAsync({ loanId: loan.id, amount: value, requestId: request.id });
        toast(t('collateralDone'), 'success');
      }
      request.settled();
      onClose();
    } catch (e) {
      request.settled(e);
      setError(e instanceof ApiError ? e.msg : String(e));
    }
  };
  const unit = kind === 'repay' ? loan.loanAsset : loan.collateralAsset;
  return (
    <Popup visible onMaskClick={onClose} bodyClassName="product-sheet" destroyOnClose>
      <h3 className="loans-card__title">
        {kind === 'repay' ? t('repayTitle', { asset: unit }) : t('addCollateralTitle', { asset: unit })}
      </h3>
      {kind === 'repay' && <p className="loans-note">{t('owed', { amount: loan.debt, asset: unit })}</p>}
      <label className="loans-field">
        <span>{t('amount')}</span>
        <div className="loans-field__box">
          <Input
            value={value}
            inputMode="decimal"
            onChange={(v) => setValue(readDecimal(v, 8, 'en-US'))}
            data-testid="loan-action-amount"
          />
          <span>{unit}</span>
        </div>
      </label>
      {error && (
        <p className="loans-error" role="alert">
          {error}
        </p>
      )}
      <div className="product-sheet__actions">
        {kind === 'repay' && (
          <Button onClick={() => void run(true)} loading={repay.isPending} data-testid="loan-repay-all">
            {t('repayAll')}
          </Button>
        )}
        <Button color="primary" disabled={value === ''} onClick={() => void run(false)}>
          {t('confirm')}
        </Button>
      </div>
    </Popup>
  );
}
