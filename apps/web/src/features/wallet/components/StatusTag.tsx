import { useWalletT } from '../locales';

type Tone = 'wait' | 'progress' | 'ok' | 'bad' | 'muted';

const TONE: Readonly<Record<string, Tone>> = {
  pending: 'progress',
  credited: 'progress',
  done: 'ok',
  below_min: 'muted',
  review: 'wait',
  approved: 'progress',
  broadcast: 'progress',
  succeeded: 'ok',
  failed: 'bad',
  rejected: 'bad',
  cancelled: 'muted',
};

const LABEL = {
  pending: 'statusPending',
  credited: 'statusCredited',
  done: 'statusDone',
  below_min: 'statusBelowMin',
  review: 'statusReview',
  approved: 'statusApproved',
  broadcast: 'statusBroadcast',
  succeeded: 'statusSucceeded',
  failed: 'statusFailed',
  rejected: 'statusRejected',
  cancelled: 'statusCancelled',
} as const;

function isKnown(status: string): status is keyof typeof LABEL {
  return Object.hasOwn(LABEL, status);
}

/** A deposit's or withdrawal's state as a small coloured tag. */
export function StatusTag({ status }: { status: string }) {
  const t = useWalletT();
  return (
    <span className={`status-tag status-tag--${TONE[status] ?? 'muted'}`}>
      {isKnown(status) ? t(LABEL[status]) : status}
    </span>
  );
}
