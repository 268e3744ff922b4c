import { type C2CFiatCode, c2cApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { ChipTabs } from '../../../components/ChipTabs';
import { api } from '../../../lib/api';
import { c2cKeys, useC2CConfig } from '../api';
import { MerchantLine } from '../components/MerchantLine';
import { useC2CT } from '../locales';
import { TakeSheet } from './OffersPage';
import '../c2c.css';

/** /pages/usreMei/quicpass — quick buy/sell: the best offer that takes an amount (and payment type), in one step. */
export default function QuickPage() {
  const t = useC2CT();
  const config = useC2CConfig();
  const [trade, setTrade] = useState<'buy' | 'sell'>('buy');
  const [fiat, setFiat] = useState<C2CFiatCode>('CNY');
  const [amount, setAmount] = useState('');
  const [taking, setTaking] = useState(false);
  const valid = /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) > 0;
  const quote = useQuery({
    queryKey: c2cKeys.quote(trade, 'USDT', fiat, amount, ''),
    queryFn: ({ signal }) =>
      api.call(c2cApi.quote, { query: { trade, asset: 'USDT', fiat, amount }, toast: false, signal }),
    enabled: valid,
  });
  const ad = quote.data?.ad ?? null;
  return (
    <div className="c2c c2c-quick">
      <ChipTabs
        label={t('buy')}
        tabs={[
          { key: 'buy', label: t('buyAsset', { asset: 'USDT' }) },
          { key: 'sell', label: t('sellAsset', { asset: 'USDT' }) },
        ]}
        active={trade}
        onChange={setTrade}
      />
      {config.data && (
        <ChipTabs
          label="fiat"
          tabs={config.data.fiats.map((f) => ({ key: f.code, label: f.code }))}
          active={fiat}
          onChange={setFiat}
        />
      )}
      <label className="c2c-field">
        <span>{trade === 'buy' ? t('quickAmount') : t('receive')}</span>
        <Input
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          placeholder="0.00"
          data-testid="c2c-quick-amount"
        />
        <small>{fiat}</small>
      </label>
      {valid && quote.data && (
        <section className="c2c-card" data-testid="c2c-quote">
          {ad ? (
            <>
              <h4>{t('bestOffer')}</h4>
              <div className="c2c-kv">
                <span>{t('price')}</span>
                <strong>
                  {quote.data.price} {fiat}
                </strong>
              </div>
              <div className="c2c-kv">
                <span>{t('quantity')}</span>
                <strong>{quote.data.quantity} USDT</strong>
              </div>
              <div className="c2c-kv">
                <span>{t('amount')}</span>
                <strong>
                  {quote.data.amount} {fiat}
                </strong>
              </div>
              <MerchantLine stats={ad.merchant} />
              <Button block color="primary" onClick={() => setTaking(true)}>
                {t('continue')}
              </Button>
            </>
          ) : (
            <p className="c2c-muted">{t('noQuote')}</p>
          )}
        </section>
      )}
      <TakeSheet ad={taking ? ad : null} trade={trade} onClose={() => setTaking(false)} />
    </div>
  );
}
