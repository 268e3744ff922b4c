import { c2cApi, parseDecimal } from '@bourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input } from 'antd-mobile';
import { CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { api, ApiError } from '../../../lib/api';
import { newRequestId } from '../../../lib/requestId';
import { toast } from '../../../lib/toast';
import { c2cKeys, useMerchant } from '../api';
import { useC2CT } from '../locales';
import '../c2c.css';

/** Decimal strings compared exactly (8 places covers every asset). */
const dec = (value: string) => parseDecimal(value, 8);

function Req({ ok, children }: { ok: boolean; children: string }) {
  return (
    <li className={ok ? 'c2c-req c2c-req--ok' : 'c2c-req'}>
      {ok ? <CheckCircleOutline /> : <CloseCircleOutline />} {children}
    </li>
  );
}

/** /pages/c2c/merchant — the merchant application: requirements, the deposit, status, top-up and resignation. */
export default function MerchantPage() {
  const t = useC2CT();
  const queryClient = useQueryClient();
  const info = useMerchant();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (info.isPending) return <DelayedLoading />;
  if (info.isError) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  const m = info.data;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      toast(done, 'success');
      await queryClient.invalidateQueries({ queryKey: c2cKeys.merchant });
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="c2c" data-testid="c2c-merchant">
      <section className="c2c-card">
        <h4 data-testid="c2c-merchant-status">{t(`merchantStatus_${m.status}`)}</h4>
        {m.rejectReason && <p className="c2c-muted">{t('rejectReason', { reason: m.rejectReason })}</p>}
        <div className="c2c-kv">
          <span>{t('deposit')}</span>
          <span>
            {t('depositHeld', { held: m.deposit.held, required: m.deposit.required, asset: m.deposit.asset })}
          </span>
        </div>
        {(m.status === 'active' || m.status === 'pending') && (
          <p className="c2c-muted">{t('cancelsToday', { n: m.cancelsToday, free: m.freeCancelsPerDay })}</p>
        )}
      </section>
      {(m.status === 'none' || m.status === 'rejected' || m.status === 'resigned') && (
        <section className="c2c-card">
          <ul className="c2c-reqs">
            <Req ok={m.requirements.verified}>{t('reqVerified')}</Req>
            <Req ok={m.requirements.nickname}>{t('reqNickname')}</Req>
            <Req ok={m.requirements.paymentMethod}>{t('reqPayment')}</Req>
            <Req ok={dec(m.requirements.balance) >= dec(m.deposit.required)}>
              {t('reqDeposit', { amount: m.deposit.required, asset: m.deposit.asset, balance: m.requirements.balance })}
            </Req>
          </ul>
          {!m.requirements.nickname && (
            <label className="c2c-field">
              <span>{t('nickname')}</span>
              <Input value={nickname} onChange={setNickname} />
            </label>
          )}
          <Button
            block
            color="primary"
            loading={busy}
            onClick={() =>
              void run(
                () =>
                  api.call(c2cApi.applyMerchant, {
                    body: { nickname: nickname || undefined, requestId: newRequestId() },
                    toast: false,
                  }),
                t('applied'),
              )
            }
          >
            {t('apply')}
          </Button>
        </section>
      )}
      {m.status === 'active' && dec(m.deposit.held) < dec(m.deposit.required) && (
        <Button
          block
          loading={busy}
          onClick={() =>
            void run(
              () => api.call(c2cApi.topUpDeposit, { body: { requestId: newRequestId() }, toast: false }),
              t('saved'),
            )
          }
        >
          {t('topUp')}
        </Button>
      )}
      {m.status === 'active' && (
        <Button
          block
          fill="none"
          loading={busy}
          onClick={() =>
            void (async () => {
              if (
                await Dialog.confirm({ content: t('resignConfirm'), confirmText: t('confirm'), cancelText: t('close') })
              )
                await run(() => api.call(c2cApi.resignMerchant, { toast: false }), t('saved'));
            })()
          }
        >
          {t('resign')}
        </Button>
      )}
      {error && (
        <p className="c2c-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
