import { C2C_MAX_AD_METHODS, type C2CFiatCode, type C2CMyAd, c2cApi } from '@bourse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, TextArea } from 'antd-mobile';
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

interface Draft {
  side: 'buy' | 'sell';
  asset: string;
  fiat: C2CFiatCode;
  priceType: 'fixed' | 'floating';
  price: string;
  ratio: string;
  total: string;
  min: string;
  max: string;
  methods: number[];
  payMinutes: number;
  terms: string;
}

const EMPTY: Draft = {
  side: 'sell',
  asset: 'USDT',
  fiat: 'CNY',
  priceType: 'fixed',
  price: '',
  ratio: '100',
  total: '',
  min: '',
  max: '',
  methods: [],
  payMinutes: 15,
  terms: '',
};

function draftOf(ad: C2CMyAd): Draft {
  return {
    side: ad.side,
    asset: ad.asset,
    fiat: ad.fiat,
    priceType: ad.priceType,
    price: ad.fixedPrice ?? '',
    ratio: ad.floatRatio ?? '100',
    total: ad.total,
    min: ad.minAmount,
    max: ad.maxAmount,
    methods: ad.paymentMethodIds,
    payMinutes: ad.payMinutes,
    terms: ad.terms,
  };
}

/**
 * /pages/c2c/ads — a merchant's ads: publish or edit (fixed or floating price, amount, limits, up to five payment
 * methods, payment time, terms; an ad is edited while offline), put online (a sell ad holds its amount from the fiat
 * wallet), take offline.
 */
export default function AdsPage() {
  const t = useC2CT();
  const queryClient = useQueryClient();
  const config = useC2CConfig();
  const payments = usePayments();
  const ads = useQuery({ queryKey: adsKey, queryFn: ({ signal }) => api.call(c2cApi.myAds, { toast: false, signal }) });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: adsKey });
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      toast(t('saved'), 'success');
      await refresh();
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const methods = draft.methods.length
    ? draft.methods
    : (payments.data ?? []).slice(0, C2C_MAX_AD_METHODS).map((m) => m.id);
  const body = () => ({
    side: draft.side,
    asset: draft.asset,
    fiat: draft.fiat,
    priceType: draft.priceType,
    ...(draft.priceType === 'fixed' ? { fixedPrice: draft.price } : { floatRatio: draft.ratio }),
    total: draft.total,
    minAmount: draft.min,
    maxAmount: draft.max,
    paymentMethodIds: methods,
    payMinutes: draft.payMinutes,
    terms: draft.terms,
    requestId: newRequestId(),
  });
  const save = async () => {
    const ok =
      editing === null
        ? await run(() => api.call(c2cApi.createAd, { body: { ...body(), list: true }, toast: false }))
        : await run(() => api.call(c2cApi.updateAd, { body: { ...body(), id: editing }, toast: false }));
    if (ok) {
      setEditing(null);
      setDraft(EMPTY);
    }
  };
  const toggleMethod = (id: number) =>
    set(
      'methods',
      methods.includes(id) ? methods.filter((m) => m !== id) : [...methods, id].slice(0, C2C_MAX_AD_METHODS),
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
            <li key={ad.id} className="c2c-offer" data-testid={`c2c-ad-${ad.id}`}>
              <div className="c2c-kv">
                <strong>
                  {ad.side === 'sell' ? t('sellAsset', { asset: ad.asset }) : t('buyAsset', { asset: ad.asset })} ·{' '}
                  {ad.price ?? '—'} {ad.fiat}
                </strong>
                <span className="c2c-muted">{ad.status === 'listed' ? t('listed') : t('offline')}</span>
              </div>
              {ad.priceType === 'floating' && (
                <div className="c2c-muted">{t('floatingOf', { ratio: ad.floatRatio ?? '' })}</div>
              )}
              <div className="c2c-muted">
                {t('available')} {ad.remaining} / {ad.total} {ad.asset}
                {/* Below the per-order minimum the ad takes no order: its limits mean nothing then. */}
                {ad.exhausted ? (
                  <> · {t('belowMin')}</>
                ) : (
                  <>
                    {' '}
                    · {t('limits')} {ad.minAmount} – {ad.availableMax ?? ad.maxAmount} {ad.fiat}
                  </>
                )}
              </div>
              <div className="c2c-row">
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
                  <>
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
                    <Button
                      size="small"
                      onClick={() => {
                        setEditing(ad.id);
                        setDraft(draftOf(ad));
                        setError(undefined);
                      }}
                      data-testid={`c2c-edit-${ad.id}`}
                    >
                      {t('edit')}
                    </Button>
                  </>
                )}
              </div>
              {ad.status === 'listed' && <small className="c2c-muted">{t('editOffline')}</small>}
            </li>
          ))}
        </ul>
      )}
      <section className="c2c-card c2c-form" data-testid="c2c-ad-form">
        <h4>{editing === null ? t('newAd') : t('editAd', { id: editing })}</h4>
        {editing === null && (
          <ChipTabs
            label={t('newAd')}
            tabs={[
              { key: 'sell', label: t('sell') },
              { key: 'buy', label: t('buy') },
            ]}
            active={draft.side}
            onChange={(v) => set('side', v)}
          />
        )}
        {config.data && editing === null && (
          <>
            <ChipTabs
              label="asset"
              tabs={config.data.assets.map((a) => ({ key: a.code, label: a.code }))}
              active={draft.asset}
              onChange={(v) => set('asset', v)}
            />
            <ChipTabs
              label="fiat"
              tabs={config.data.fiats.map((f) => ({ key: f.code, label: f.code }))}
              active={draft.fiat}
              onChange={(v) => set('fiat', v)}
            />
          </>
        )}
        <ChipTabs
          label={t('priceType')}
          tabs={[
            { key: 'fixed', label: t('priceFixed') },
            { key: 'floating', label: t('priceFloating') },
          ]}
          active={draft.priceType}
          onChange={(v) => set('priceType', v)}
        />
        {draft.priceType === 'fixed' ? (
          <label className="c2c-field">
            <span>{t('price')}</span>
            <Input
              value={draft.price}
              onChange={(v) => set('price', v)}
              inputMode="decimal"
              data-testid="c2c-ad-price"
            />
            <small>{draft.fiat}</small>
          </label>
        ) : (
          <>
            <label className="c2c-field">
              <span>{t('floatRatio')}</span>
              <Input
                value={draft.ratio}
                onChange={(v) => set('ratio', v)}
                inputMode="decimal"
                data-testid="c2c-ad-ratio"
              />
              <small>%</small>
            </label>
            <p className="c2c-muted">
              {t('floatHint', { min: config.data?.floatMin ?? '', max: config.data?.floatMax ?? '' })}
            </p>
          </>
        )}
        <label className="c2c-field">
          <span>{t('quantity')}</span>
          <Input value={draft.total} onChange={(v) => set('total', v)} inputMode="decimal" data-testid="c2c-ad-total" />
          <small>{draft.asset}</small>
        </label>
        <label className="c2c-field">
          <span>{t('minOrder')}</span>
          <Input value={draft.min} onChange={(v) => set('min', v)} inputMode="decimal" data-testid="c2c-ad-min" />
          <small>{draft.fiat}</small>
        </label>
        <label className="c2c-field">
          <span>{t('maxOrder')}</span>
          <Input value={draft.max} onChange={(v) => set('max', v)} inputMode="decimal" data-testid="c2c-ad-max" />
          <small>{draft.fiat}</small>
        </label>
        <p className="c2c-muted">{t('adMethodsPick', { n: C2C_MAX_AD_METHODS })}</p>
        <div className="c2c-chips" data-testid="c2c-ad-methods">
          {(payments.data ?? []).map((m) => (
            <button
              key={m.id}
              type="button"
              className={`c2c-chip${methods.includes(m.id) ? ' c2c-chip--on' : ''}`}
              aria-pressed={methods.includes(m.id)}
              onClick={() => toggleMethod(m.id)}
            >
              {t(`type_${m.type}`)} · {m.account}
            </button>
          ))}
        </div>
        <p className="c2c-muted">{t('payTime')}</p>
        <ChipTabs
          label={t('payTime')}
          tabs={(config.data?.payMinutes ?? [draft.payMinutes]).map((n) => ({
            key: String(n),
            label: t('minutes', { n }),
          }))}
          active={String(draft.payMinutes)}
          onChange={(v) => set('payMinutes', Number(v))}
        />
        <p className="c2c-muted">{t('terms')}</p>
        <TextArea
          value={draft.terms}
          onChange={(v) => set('terms', v)}
          placeholder={t('termsHint')}
          maxLength={500}
          rows={2}
          data-testid="c2c-ad-terms"
        />
        {error && (
          <p className="c2c-error" role="alert">
            {error}
          </p>
        )}
        <Button block color="primary" loading={busy} onClick={() => void save()} data-testid="c2c-ad-save">
          {editing === null ? t('publish') : t('save')}
        </Button>
        {editing !== null && (
          <Button
            block
            fill="none"
            onClick={() => {
              setEditing(null);
              setDraft(EMPTY);
            }}
          >
            {t('close')}
          </Button>
        )}
      </section>
    </div>
  );
}
