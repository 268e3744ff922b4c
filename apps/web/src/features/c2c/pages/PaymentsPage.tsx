import { C2C_IMAGE_MAX_BYTES, C2C_PAYMENT_TYPES, type C2CPaymentType, c2cApi } from '@bourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { checkImage, ImagePicker, usePreview } from '../../../components/ImagePicker';
import { api, ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { c2cKeys, usePayments } from '../api';
import { AuthImage } from '../components/AuthImage';
import { useC2CT } from '../locales';
import '../c2c.css';

/** /pages/c2c/payments — the user's payment methods (holder = the verified name), add and delete. */
export default function PaymentsPage() {
  const t = useC2CT();
  const queryClient = useQueryClient();
  const payments = usePayments();
  const [type, setType] = useState<C2CPaymentType>('alipay');
  const [holder, setHolder] = useState('');
  const [account, setAccount] = useState('');
  const [bankName, setBankName] = useState('');
  const [branch, setBranch] = useState('');
  const [qr, setQr] = useState<File>();
  const preview = usePreview(qr);
  const takesQr = type === 'alipay' || type === 'wechat';
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    setError(undefined);
    const form = new FormData();
    form.append('type', type);
    form.append('holder', holder);
    form.append('account', account);
    if (type === 'bank') {
      form.append('bankName', bankName);
      if (branch) form.append('branch', branch);
    }
    if (takesQr && qr) form.append('qr', qr);
    try {
      await api.call(c2cApi.addPayment, { form, toast: false });
      toast(t('saved'), 'success');
      setAccount('');
      setQr(undefined);
      await queryClient.invalidateQueries({ queryKey: c2cKeys.payments });
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    if (!(await Dialog.confirm({ content: t('delete'), confirmText: t('confirm'), cancelText: t('close') }))) return;
    await api.call(c2cApi.deletePayment, { body: { id } });
    toast(t('deleted'), 'success');
    await queryClient.invalidateQueries({ queryKey: c2cKeys.payments });
  };

  return (
    <div className="c2c">
      {payments.isPending ? (
        <ListSkeleton rows={2} />
      ) : payments.isError ? (
        <QueryError error={payments.error} onRetry={() => void payments.refetch()} />
      ) : payments.data.length === 0 ? (
        <EmptyState text={t('noPayments')} />
      ) : (
        <ul className="c2c-offers" data-testid="c2c-payments">
          {payments.data.map((m) => (
            <li key={m.id} className="c2c-offer c2c-payment">
              <div className="c2c-payment__info">
                <strong>{t(`type_${m.type}`)}</strong>
                <div className="c2c-muted">
                  {m.holder} · {m.account} {m.bankName ?? ''}
                </div>
              </div>
              {m.hasQr && (
                <AuthImage
                  cacheKey={['payment-qr', m.id]}
                  load={(signal) => api.file(c2cApi.paymentQr, { params: { id: m.id }, toast: false, signal })}
                  alt={t('qrOf', { type: t(`type_${m.type}`) })}
                  className="c2c-qr c2c-qr--small"
                  testId="c2c-payment-qr"
                />
              )}
              <Button size="mini" fill="none" onClick={() => void remove(m.id)}>
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <section className="c2c-card c2c-form">
        <h4>{t('addPayment')}</h4>
        <ChipTabs
          label={t('addPayment')}
          tabs={C2C_PAYMENT_TYPES.map((p) => ({ key: p, label: t(`type_${p}`) }))}
          active={type}
          onChange={setType}
        />
        <label className="c2c-field">
          <span>{t('holder')}</span>
          <Input value={holder} onChange={setHolder} placeholder={t('holderHint')} />
        </label>
        <label className="c2c-field">
          <span>{t('account')}</span>
          <Input value={account} onChange={setAccount} />
        </label>
        {type === 'bank' && (
          <>
            <label className="c2c-field">
              <span>{t('bankName')}</span>
              <Input value={bankName} onChange={setBankName} />
            </label>
            <label className="c2c-field">
              <span>{t('branch')}</span>
              <Input value={branch} onChange={setBranch} />
            </label>
          </>
        )}
        {takesQr && (
          <div className="c2c-field c2c-field--qr">
            <span>{t('qr')}</span>
            <ImagePicker
              name="qr"
              label={t('qr')}
              className="c2c-thumb c2c-thumb--add"
              onPick={(file) => {
                const problem = checkImage(file, C2C_IMAGE_MAX_BYTES);
                if (problem) toast(t(problem === 'type' ? 'imageType' : 'imageSize'), 'fail');
                else setQr(file);
              }}
            >
              {preview ? <img src={preview} alt={t('qr')} data-testid="c2c-qr-preview" /> : <AddOutline />}
            </ImagePicker>
          </div>
        )}
        {error && (
          <p className="c2c-error" role="alert">
            {error}
          </p>
        )}
        <Button block color="primary" loading={busy} onClick={() => void add()}>
          {t('save')}
        </Button>
      </section>
    </div>
  );
}
