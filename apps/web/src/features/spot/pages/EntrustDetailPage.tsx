import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { StatusTag } from '../../../components/StatusTag';
import { EmptyState, isNotFound, ListSkeleton, NotFoundState, QueryError } from '../../../components/BlockState';
import { useLocale } from '../../../hooks/useLocale';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { isOpenOrder, useCancelOrder, useMarkets, useOrderDetail, useOrderFeed } from '../api';
import { Amount } from '../../../components/Amount';
import { precisionsOf } from '../components/OrderCard';
import { orderTypeLabel, reasonLabel, sideLabel, timeInForceLabel, useSpotT } from '../locales';
import { orderStatus } from '../orderStatus';
import { useTradingT } from '../../../components/trading/locales';
import { pairName, SPOT_PATHS } from '../paths';
import '../spot.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /pages/trade/entrustDetail?id=… — one of my orders with every field and its fills; live while it is open. */
export default function EntrustDetailPage({ query }: PageProps) {
  const t = useSpotT();
  const tt = useTradingT();
  const locale = useLocale();
  const navigate = useNavigate();
  const id = Number(query.id);
  useOrderFeed();
  const detail = useOrderDetail(id);
  const markets = useMarkets();
  const cancel = useCancelOrder();

  if (!Number.isInteger(id) || id <= 0 || isNotFound(detail.error)) {
    return (
      <NotFoundState
        title={t('orderNotFound')}
        action={{ label: t('allOrders'), onClick: () => void navigate(SPOT_PATHS.entrust, { replace: true }) }}
      />
    );
  }
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <ListSkeleton rows={6} />;

  const { order, fills } = detail.data;
  const m = precisionsOf(order.symbol, markets.data?.find((x) => x.market.symbol === order.symbol)?.market);
  const isBuy = order.side === 'buy';
  const reason = order.reason ? reasonLabel(t, order.reason) : null;

  return (
    <div className="order-detail" data-status={order.status}>
      <section className="order-detail__head card">
        <div className="order-detail__title">
          <span className={isBuy ? 'rise' : 'fall'}>
            {orderTypeLabel(t, order.type)} / {sideLabel(t, order.side)}
          </span>
          <b>{pairName(order.symbol)}</b>
        </div>
        <StatusTag {...orderStatus(t, order.status)} />
      </section>

      <dl className="order-detail__fields card">
        <Row label={t('orderId')}>
          <button
            type="button"
            className="order-detail__copy num"
            onClick={() => void copyText(String(order.id))}
            aria-label={t('copyOrderId')}
          >
            {order.id}
          </button>
        </Row>
        <Row label={tt('priceIn', { asset: m.quote })}>
          {order.price === null ? t('marketPrice') : <Amount value={order.price} precision={m.pricePrecision} />}
        </Row>
        {order.quantity !== null ? (
          <Row label={tt('amountIn', { asset: m.base })}>
            <Amount value={order.quantity} precision={m.quantityPrecision} />
          </Row>
        ) : (
          <Row label={t('totalIn', { asset: m.quote })}>
            <Amount value={order.quoteQuantity} precision={m.pricePrecision} />
          </Row>
        )}
        <Row label={t('filledIn', { asset: m.base })}>
          <Amount value={order.filledQuantity} precision={m.quantityPrecision} />
        </Row>
        <Row label={t('filledValueIn', { asset: m.quote })}>
          <Amount value={order.filledQuote} precision={m.pricePrecision} />
        </Row>
        <Row label={t('avgPriceIn', { asset: m.quote })}>
          <Amount value={order.avgPrice} precision={m.pricePrecision} />
        </Row>
        <Row label={t('feeIn', { asset: order.feeAsset })}>
          <Amount value={order.fee} precision={8} trim />
        </Row>
        <Row label={t('timeInForce')}>{timeInForceLabel(t, order.timeInForce)}</Row>
        {reason && <Row label={t('note')}>{reason}</Row>}
        <Row label={t('createdAt')}>
          <span className="num">{formatDate(order.createdAt, locale)}</span>
        </Row>
        <Row label={t('updatedAt')}>
          <span className="num">{formatDate(order.updatedAt, locale)}</span>
        </Row>
      </dl>

      {isOpenOrder(order) && (
        <Button
          block
          className="order-detail__cancel"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(order.id, { onSuccess: () => toast(t('orderCancelled'), 'success') })}
        >
          {t('cancelOrder')}
        </Button>
      )}

      <section className="order-detail__fills">
        <h2 className="section__title">{t('fills')}</h2>
        {fills.length === 0 ? (
          <EmptyState text={t('noFills')} />
        ) : (
          <div className="fills card">
            {fills.map((fill) => (
              <div key={fill.id} className="fill-row">
                <div className="fill-row__head">
                  <span className="num muted">{formatDate(fill.ts, locale)}</span>
                  <span className="fill-row__role">{fill.role === 'maker' ? t('maker') : t('taker')}</span>
                </div>
                <dl className="fill-row__grid">
                  <div>
                    <dt>{tt('priceIn', { asset: m.quote })}</dt>
                    <dd>
                      <Amount value={fill.price} precision={m.pricePrecision} />
                    </dd>
                  </div>
                  <div>
                    <dt>{tt('amountIn', { asset: m.base })}</dt>
                    <dd>
                      <Amount value={fill.quantity} precision={m.quantityPrecision} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('feeIn', { asset: fill.feeAsset })}</dt>
                    <dd>
                      <Amount value={fill.fee} precision={8} trim />
                    </dd>
                  </div>
                </dl>
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
