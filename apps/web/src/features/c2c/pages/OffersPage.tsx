import { type C2CAd, type C2CFiatCode, c2cApi, ERRORS } from '@bourse/contract';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { api, ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { newRequestId } from '../../../lib/requestId';
import { useSession } from '../../../lib/stores/session';
import { useC2CConfig, useOffers } from '../api';
import { MerchantLine } from '../components/MerchantLine';
import { C2CLinks } from '../components/C2CLinks';
import { useC2CT } from '../locales';
import { C2C_PATHS, orderPath } from '../paths';
import '../c2c.css';

/** /pages/c2c/index?trade=&asset=&fiat= — the offers: buy/sell tabs, asset, currency, amount and payment filters. */
export default function OffersPage({ query }: PageProps) {
  const t = useC2CT();
  const config = useC2CConfig();
  const [trade, setTrade] = useState<'buy' | 'sell'>(query.trade === 'sell' ? 'sell' : 'buy');
  const [asset, setAsset] = useState((query.asset ?? 'USDT').toUpperCase());
  const [fiat, setFiat] = useState<C2CFiatCode>((query.fiat as C2CFiatCode | undefined) ?? 'CNY');
  const [amount, setAmount] = useState('');
  const [payment, setPayment] = useState('');
  const [taking, setTaking] = useState<C2CAd | null>(null);
  const offers = useOffers({ trade, asset, fiat, amount: /^\d+(\.\d{1,2})?$/.test(amount) ? amount : '', payment });

  return (
    <div className="c2c">
      <C2CLinks />
      <ChipTabs
        label={t('buy')}
        tabs={[
          { key: 'buy', label: t('buy') },
          { key: 'sell', label: t('sell') },
        ]}
        active={trade}
        onChange={setTrade}
      />
      {config.data && (
        <div className="c2c-filters">
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
          <ChipTabs
            label="payment"
            tabs={[
              { key: '', label: t('anyPayment') },
              ...config.data.paymentTypes.map((p) => ({ key: p, label: t(`type_${p}`) })),
            ]}
            active={payment}
            onChange={setPayment}
          />
          <Input
            className="c2c-amount-filter"
            placeholder={t('amountFilter', { fiat })}
            value={amount}
            inputMode="decimal"
            onChange={setAmount}
            clearable
          />
        </div>
      )}
      {offers.isPending ? (
        <ListSkeleton />
      ) : offers.isError ? (
        <QueryError error={offers.error} onRetry={() => void offers.refetch()} />
      ) : offers.data.list.length === 0 ? (
        <EmptyState text={t('noOffers')} />
      ) : (
        <ul className="c2c-offers" data-testid="c2c-offers">
          {offers.data.list.map((ad) => (
            <li key={ad.id} className="c2c-offer" data-testid={`c2c-offer-${ad.id}`}>
              <MerchantLine stats={ad.merchant} />
              <div className="c2c-offer__row">
                <div>
                  <div className="c2c-offer__price">
                    {ad.price} <small>{ad.fiat}</small>
                  </div>
                  <div className="c2c-muted">
                    {t('available')} {ad.remaining} {ad.asset}
                  </div>
                  {!ad.exhausted && ad.availableMax !== null && (
                    <div className="c2c-muted">
                      {t('limits')} {ad.minAmount} – {ad.availableMax} {ad.fiat}
                    </div>
                  )}
                  <div className="c2c-muted">{ad.paymentTypes.map((p) => t(`type_${p}`)).join(' · ')}</div>
                </div>
                <Button
                  size="small"
                  color={trade === 'buy' ? 'success' : 'danger'}
                  onClick={() => setTaking(ad)}
                  data-testid={`c2c-take-${ad.id}`}
                >
                  {trade === 'buy' ? t('buyAsset', { asset: ad.asset }) : t('sellAsset', { asset: ad.asset })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TakeSheet ad={taking} trade={trade} onClose={() => setTaking(null)} />
    </div>
  );
}

/** The order sheet of one offer: an amount in fiat, the quantity it makes, and the order. */
export function TakeSheet({ ad, trade, onClose }: { ad: C2CAd | null; trade: 'buy' | 'sell'; onClose(): void }) {
  const t = useC2CT();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);
  const needsMethod = trade === 'sell';
  const [methodId, setMethodId] = useState<number>();
  const [methods, setMethods] = useState<{ id: number; label: string }[] | null>(null);

  if (ad && needsMethod && loggedIn && methods === null) {
    setMethods([]);
    void api.call(c2cApi.payments, { toast: false }).then((list) => {
      const usable = list.filter((m) => ad.paymentTypes.includes(m.type));
      setMethods(usable.map((m) => ({ id: m.id, label: `${t(`type_${m.type}`)} · ${m.account}` })));
      setMethodId(usable[0]?.id);
    });
  }

  const submit = async () => {
    if (!ad) return;
    if (!loggedIn) {
      void navigate(`/pages/login/login?redirect=${encodeURIComponent(C2C_PATHS.offers)}`);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const order = await api.call(c2cApi.createOrder, {
        body: { adId: ad.id, amount, paymentMethodId: needsMethod ? methodId : undefined, requestId },
        toast: false,
      });
      void navigate(orderPath(order.id));
    } catch (e) {
      if (e instanceof ApiError && e.code === ERRORS.FIAT_REQUIRES_VERIFICATION.code) setError(t('verifyFirst'));
      else setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={ad !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="c2c-sheet">
      {ad && (
        <div className="c2c-sheet__body" data-testid="c2c-take-sheet">
          <h3>{trade === 'buy' ? t('buyAsset', { asset: ad.asset }) : t('sellAsset', { asset: ad.asset })}</h3>
          <div className="c2c-muted">
            {t('price')} {ad.price} {ad.fiat} · {t('limits')} {ad.minAmount} – {ad.availableMax} {ad.fiat}
          </div>
          <label className="c2c-field">
            <span>{trade === 'buy' ? t('payIn') : t('receive')}</span>
            <Input
              value={amount}
              onChange={setAmount}
              inputMode="decimal"
              placeholder={`${ad.minAmount} – ${ad.availableMax ?? ''}`}
              data-testid="c2c-take-amount"
            />
            <small>{ad.fiat}</small>
          </label>
          {needsMethod && (
            <ChipTabs
              label={t('payments')}
              tabs={(methods ?? []).map((m) => ({ key: String(m.id), label: m.label }))}
              active={String(methodId ?? '')}
              onChange={(k) => setMethodId(Number(k))}
            />
          )}
          {ad.terms && (
            <p className="c2c-muted">
              {t('terms')}: {ad.terms}
            </p>
          )}
          {error && (
            <p className="c2c-error" role="alert">
              {error}{' '}
              {error === t('verifyFirst') && (
                <a href="/pages/usreMei/identity" className="c2c-link">
                  {t('verifyNow')}
                </a>
              )}
            </p>
          )}
          <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="c2c-place-order">
            {t('placeOrder')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
