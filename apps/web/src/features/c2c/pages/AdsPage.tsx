import { type C2CFiatCode, c2cApi } from '@bourse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { api, ApiError } from '../../../lib/api';
import { newRequestId } from '../../../lib/requestId';
import { toast } from '../../../lib/toast';
import { c2cKeys, useC2CConfig, usePayments } from '../api';
import { useC2CT } from '../locales';
import '../c2c.css';

const adsKey = [...c2cKeys.all, 'ads'] as const;

/** /pages/c2c/ads — a merchant's ads: publish (a sell ad holds its amount from the fiat wallet), list, withdraw. */
export default function AdsPage() {
  const t = useC2CT();
  const queryClient = useQueryClient();
  const config = useC2CConfig();
  const payments = usePayments();
  const ads = useQuery({ queryKey: adsKey, queryFn: ({ signal }) => api.call(c2cApi.myAds, { toast: false, signal }) });
  const [side, setSide] = useState<'buy' | 'sell'>('sell');
  const [asset, setAsset] = useState('USDT');
  const [fiat, setFiat] = useState<C2CFiatCode>('CNY');
  const [price, setPrice] = useState('');
  const [total, setTotal] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: adsKey });
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      toast(t('saved'), 'success');
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  const publish = () =>
    run(() =>
      api.call(c2cApi.createAd, {
        body: {
          side,
          asset,
          fiat,
          priceType: 'fixed',
          fixedPrice: price,
          total,
          minAmount: min,
          maxAmount: max,
          paymentMethodIds: (payments.data ?? []).slice(0, 5).map((m) => m.id),
          payMinutes: 15,
          terms: '',
          list: true,
          requestId: newRequestId(),
        },
        toast: false,
      }),
    );

  return (
    <div className="c2c">
      {ads.isPending ? (
        <ListSkeleton rows={2} />
      ) : ads.isError ? (
        <QueryError error={ads.error} onRetry={() => void ads.refetch()} />
      ) : ads.data.length === 0 ? (
        <EmptyState text={t('noAds')} />
      ) : (
        <ul className="c2c-offers" data-testid="c2c-my-ads">
          {ads.data.map((ad) => (
            <li key={ad.id} className="c2c-offer">
              <div className="c2c-kv">
                <strong>
                  {ad.side === 'sell' ? t('sellAsset', { asset: ad.asset }) : t('buyAsset', { asset: ad.asset })} ·{' '}
                  {ad.price} {ad.fiat}
                </strong>
                <span className="c2c-muted">{ad.status === 'listed' ? t('listed') : t('offline')}</span>
              </div>
              <div className="c2c-muted">
                {t('available')} {ad.remaining} / {ad.total} {ad.asset} · {t('limits')} {ad.minAmount} – {ad.maxAmount}
              </div>
              {ad.status === 'listed' ? (
                <Button
                  size="small"
                  loading={busy}
                  onClick={() =>
                    void run(() =>
                      api.call(c2cApi.withdrawAd, { body: { id: ad.id, requestId: newRequestId() }, toast: false }),
                    )
                  }
                >
                  {t('takeOffline')}
                </Button>
              ) : (
                <Button
                  size="small"
                  color="primary"
                  loading={busy}
                  onClick={() =>
                    void run(() =>
                      api.call(c2cApi.listAd, { body: { id: ad.id, requestId: newRequestId() }, toast: false }),
                    )
                  }
                >
                  {t('putOnline')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <section className="c2c-card">
        <h4>{t('newAd')}</h4>
        <ChipTabs
          label={t('newAd')}
          tabs={[
            { key: 'sell', label: t('sell') },
            { key: 'buy', label: t('buy') },
          ]}
          active={side}
          onChange={setSide}
        />
        {config.data && (
          <>
            <ChipTabs
              label="asset"
              tabs={config.data.assets.map((a) => ({ key: a.code, label: a.code }))}
              active={asset}
              onChange={setAsset}
            />
            <ChipTabs
              label="fiat"
              tabs={config.data.fiats.map((f) => ({ key: f.code, label: f.code }))}
              active={fiat}
              onChange={setFiat}
            />
          </>
        )}
        <label className="c2c-field">
          <span>{t('price')}</span>
          <Input value={price} onChange={setPrice} inputMode="decimal" />
          <small>{fiat}</small>
        </label>
        <label className="c2c-field">
          <span>{t('quantity')}</span>
          <Input value={total} onChange={setTotal} inputMode="decimal" />
          <small>{asset}</small>
        </label>
        <label className="c2c-field">
          <span>{t('minOrder')}</span>
          <Input value={min} onChange={setMin} inputMode="decimal" />
          <small>{fiat}</small>
        </label>
        <label className="c2c-field">
          <span>{t('maxOrder')}</span>
          <Input value={max} onChange={setMax} inputMode="decimal" />
          <small>{fiat}</small>
        </label>
        <p className="c2c-muted">{t('adMethods', { n: payments.data?.length ?? 0 })}</p>
        {error && (
          <p className="c2c-error" role="alert">
            {error}
          </p>
        )}
        <Button block color="primary" loading={busy} onClick={() => void publish()}>
          {t('publish')}
        </Button>
      </section>
    </div>
  );
}
