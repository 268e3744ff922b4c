import type { Withdrawal } from '@bourse/contract';
import { Button, Dialog, Steps } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, FileOutline } from 'antd-mobile-icons';
import { isNotFound, NotFoundState, QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { toast } from '../../../lib/toast';
import { useCancelWithdrawal, useCoins, useWithdrawal } from '../api';
import { Amount } from '../../../components/Amount';
import { movementStatus } from '../components/movementStatus';
import { useWalletT, type WalletT } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

/** The four stages a withdrawal goes through, and how far this one got. */
function stages(
  w: Withdrawal,
  t: WalletT,
  formatTime: (ms: number) => string,
): { key: string; title: string; description?: string; status: StepStatus }[] {
  const s = w.status;
  const ended = s === 'rejected' || s === 'cancelled';
  const review: StepStatus = s === 'review' ? 'process' : ended ? 'error' : 'finish';
  const sending: StepStatus =
    s === 'approved' || s === 'broadcast'
      ? 'process'
      : s === 'failed'
        ? 'error'
        : s === 'succeeded'
          ? 'finish'
          : 'wait';
  return [
    { key: 'submitted', title: t('stageSubmitted'), description: formatTime(w.createdAt), status: 'finish' },
    {
      key: 'review',
      title: s === 'rejected' ? t('statusRejected') : s === 'cancelled' ? t('statusCancelled') : t('stageReview'),
      description: w.rejectReason ?? undefined,
      status: review,
    },
    {
      key: 'broadcast',
      title: t('stageBroadcast'),
      description:
        s === 'broadcast'
          ? t('confirmations', {
              n: Math.min(w.confirmations, w.requiredConfirmations),
              total: w.requiredConfirmations,
            })
          : (w.failReason ?? undefined),
      status: sending,
    },
    { key: 'done', title: t('stageDone'), status: s === 'succeeded' ? 'finish' : 'wait' },
  ];
}

function HeaderIcon({ status }: { status: Withdrawal['status'] }) {
  if (status === 'succeeded') return <CheckCircleFill className="detail-head__icon detail-head__icon--ok" />;
  if (status === 'failed' || status === 'rejected' || status === 'cancelled') {
    return <CloseCircleFill className="detail-head__icon detail-head__icon--bad" />;
  }
  return <ClockCircleFill className="detail-head__icon detail-head__icon--wait" />;
}

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="rules__row rules__row--stack">
      <span>{label}</span>
      <button type="button" className="copy-value num" onClick={() => void copyText(value)}>
        <span>{value}</span>
        <FileOutline />
      </button>
    </div>
  );
}

/** /pages/usreMei/withdraw-detail?id= — one withdrawal: its stage, confirmations, hash; cancel while under review. */
export default function WithdrawDetailPage({ query }: PageProps) {
  const t = useWalletT();
  const common = useCommonT();
  const locale = useLocale();
  const navigate = useNavigate();
  const id = Number(query.id);
  const withdrawal = useWithdrawal(id);
  const coins = useCoins();
  const cancel = useCancelWithdrawal();
  const w = withdrawal.data;

  if (!Number.isInteger(id) || id <= 0 || isNotFound(withdrawal.error)) {
    return (
      <NotFoundState
        title={t('withdrawalMissing')}
        text={t('withdrawalMissingText')}
        action={{
          label: t('toRecords'),
          onClick: () => void navigate(withQuery(WALLET_PATHS.records, { type: 'withdraw' }), { replace: true }),
        }}
      />
    );
  }
  if (withdrawal.isError) return <QueryError error={withdrawal.error} onRetry={() => void withdrawal.refetch()} />;
  if (!w) return <DelayedLoading />;
  const precision = coins.data?.find((c) => c.asset === w.asset)?.displayPrecision ?? 8;

  const confirmCancel = async () => {
    const ok = await Dialog.confirm({
      content: t('cancelWithdrawConfirm'),
      confirmText: t('cancelWithdraw'),
      cancelText: common('cancel'),
    });
    if (!ok) return;
    await cancel.mutateAsync(w.id);
    toast(t('withdrawCancelled'), 'success');
  };

  return (
    <div className="wallet wallet--form" data-testid="withdraw-detail" data-status={w.status}>
      <section className="detail-head">
        <HeaderIcon status={w.status} />
        <div className="detail-head__amount">
          <Amount value={w.amount} precision={precision} /> {w.asset}
        </div>
        <StatusTag {...movementStatus(t, w.status)} />
      </section>

      <section className="detail-steps">
        <Steps direction="vertical" current={-1}>
          {stages(w, t, (ms) => formatDate(ms, locale)).map((s) => (
            <Steps.Step key={s.key} title={s.title} description={s.description} status={s.status} />
          ))}
        </Steps>
      </section>

      <section className="rules">
        <div className="rules__row">
          <span>{t('network')}</span>
          <span>{w.networkName}</span>
        </div>
        <CopyRow label={t('address')} value={w.address} />
        <div className="rules__row">
          <span>{t('receiveAmount')}</span>
          <span>
            <Amount value={w.amount} precision={8} trim /> {w.asset}
          </span>
        </div>
        <div className="rules__row">
          <span>{t('networkFee')}</span>
          <span>
            <Amount value={w.fee} precision={8} trim /> {w.asset}
          </span>
        </div>
        <div className="rules__row">
          <span>{t('totalDeducted')}</span>
          <span>
            <Amount value={w.total} precision={8} trim /> {w.asset}
          </span>
        </div>
        {w.txHash && <CopyRow label={t('txHash')} value={w.txHash} />}
        {w.txHash && (
          <div className="rules__row">
            <span>{t('confirmationsLabel')}</span>
            <span className="num">
              {Math.min(w.confirmations, w.requiredConfirmations)}/{w.requiredConfirmations}
            </span>
          </div>
        )}
        {w.remark && (
          <div className="rules__row">
            <span>{t('remark')}</span>
            <span>{w.remark}</span>
          </div>
        )}
        {w.rejectReason && (
          <div className="rules__row">
            <span>{t('rejectReason')}</span>
            <span className="fall">{w.rejectReason}</span>
          </div>
        )}
        {w.failReason && (
          <div className="rules__row">
            <span>{t('failReason')}</span>
            <span className="fall">{w.failReason}</span>
          </div>
        )}
        <div className="rules__row">
          <span>{t('time')}</span>
          <span className="num">{formatDate(w.createdAt, locale)}</span>
        </div>
      </section>

      {w.cancellable && (
        <Button block className="wallet-submit" onClick={() => void confirmCancel()} loading={cancel.isPending}>
          {t('cancelWithdraw')}
        </Button>
      )}
    </div>
  );
}
