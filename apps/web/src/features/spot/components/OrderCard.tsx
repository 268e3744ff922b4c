import type { SpotMarket, SpotOrder } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/format';
import { orderTypeLabel, sideLabel, useSpotT } from '../locales';
import { orderStatus } from '../orderStatus';
import { useTradingT } from '../../../components/trading/locales';
import { pairName } from '../paths';
import { Amount } from '../../../components/Amount';

type Precisions = Pick<SpotMarket, 'pricePrecision' | 'quantityPrecision' | 'base' | 'quote'>;

/** Precisions of a market, or sensible ones while the market list is not loaded yet. */
export function precisionsOf(symbol: string, market: Precisions | undefined): Precisions {
  if (market) return market;
  const [base = '', quote = ''] = symbol.split('_');
  return { base, quote, pricePrecision: 8, quantityPrecision: 8 };
}

/**
 * One of my orders: pair, side and type, time; price, amount and filled; a cancel button while it is open, its
 * status once finished. Tapping it opens the order's details.
 */
export function OrderCard({
  order,
  market,
  onOpen,
  onCancel,
  cancelling,
}: {
  order: SpotOrder;
  market: Precisions | undefined;
  onOpen(id: number): void;
  onCancel?(id: number): void;
  cancelling?: boolean;
}) {
  const t = useSpotT();
  const tt = useTradingT();
  const locale = useLocale();
  const m = precisionsOf(order.symbol, market);
  const isBuy = order.side === 'buy';
  const amountUnit = order.quantity === null ? m.quote : m.base;
  return (
    <div
      className="order-card"
      data-order-id={order.id}
      data-status={order.status}
      role="button"
      tabIndex={0}
      onClick={() => onOpen(order.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen(order.id);
      }}
    >
      <div className="order-card__head">
        <span className={`order-card__side ${isBuy ? 'order-card__side--buy' : 'order-card__side--sell'}`}>
          {orderTypeLabel(t, order.type)} / {sideLabel(t, order.side)}
        </span>
        <span className="order-card__pair">{pairName(order.symbol)}</span>
        <span className="order-card__time num">{formatDate(order.createdAt, locale)}</span>
        {onCancel ? (
          <Button
            size="mini"
            className="order-card__cancel"
            loading={cancelling}
            onClick={(e) => {
              e.stopPropagation();
              onCancel(order.id);
            }}
          >
            {t('cancelOrder')}
          </Button>
        ) : (
          <StatusTag {...orderStatus(t, order.status)} />
        )}
      </div>
      <dl className="order-card__grid">
        <div>
          <dt>{tt('priceIn', { asset: m.quote })}</dt>
          <dd>
            {order.price === null ? t('marketPrice') : <Amount value={order.price} precision={m.pricePrecision} />}
          </dd>
        </div>
        <div>
          <dt>{tt('amountIn', { asset: amountUnit })}</dt>
          <dd>
            {order.quantity === null ? (
              <Amount value={order.quoteQuantity} precision={m.pricePrecision} />
            ) : (
              <Amount value={order.quantity} precision={m.quantityPrecision} />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('filledIn', { asset: m.base })}</dt>
          <dd>
            <Amount value={order.filledQuantity} precision={m.quantityPrecision} />
          </dd>
        </div>
        {!onCancel && (
          <div>
            <dt>{t('avgPriceIn', { asset: m.quote })}</dt>
            <dd>
              <Amount value={order.avgPrice} precision={m.pricePrecision} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
