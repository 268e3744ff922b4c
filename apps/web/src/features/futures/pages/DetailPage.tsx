import type { SwapOrder, SwapPosition } from '@bourse/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { isNotFound, ListSkeleton, NotFoundState, QueryError } from '../../../components/BlockState';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useContracts, useDeskFeed, useOrderDetail, usePositionDetail } from '../api';
import { CloseCard, FillCard, FundingCard, FuturesOrderCard } from '../components/Cards';
import { AdlLights, Signed } from '../components/PositionCard';
import { type ContractPrecisions, MONEY_DECIMALS, precisionsOf } from '../format';
import {
  closeKindLabel,
  marginModeLabel,
  orderActionLabel,
  orderKindLabel,
  orderStatus,
  positionSideLabel,
  reasonLabel,
  useFuturesT,
} from '../locales';
import { contractName, FUTURES_PATHS, withQuery } from '../paths';
import '../../../components/trading/order-form.css';
import '../futures.css';

function useContractOf(symbol: string | undefined): ContractPrecisions {
  const contracts = useContracts();
  const found = contracts.data?.find((c) => c.contract.symbol === symbol)?.contract;
  return precisionsOf(symbol ?? '', found);
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="fut-detail__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="fut-detail__section">
      <h3 className="fut-detail__title">{title}</h3>
      {children}
    </section>
  );
}

/** The id a detail query names: a positive whole number, or null. */
export function detailId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /pages/lever/leverDetail?position=ID or ?order=ID — one position (open or closed) with its figures, how it closed,
 * its closes, fills, fees, funding and orders; or one order with its fills and a link to its position.
 */
export default function DetailPage({ query }: PageProps) {
  const t = useFuturesT();
  const navigate = useNavigate();
  useDeskFeed();
  const positionId = detailId(query.position);
  const orderId = positionId === null ? detailId(query.order) : null;
  if (positionId !== null) return <PositionDetail id={positionId} />;
  if (orderId !== null) return <OrderDetail id={orderId} />;
  return (
    <NotFoundState
      title={t('nothingHere')}
      text={t('detailNotFound')}
      action={{ label: t('backToFutures'), onClick: () => void navigate(FUTURES_PATHS.lever) }}
    />
  );
}

function Missing({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const t = useFuturesT();
  const navigate = useNavigate();
  if (isNotFound(error)) {
    return (
      <NotFoundState
        title={t('nothingHere')}
        text={t('detailNotFound')}
        action={{ label: t('backToFutures'), onClick: () => void navigate(FUTURES_PATHS.lever) }}
      />
    );
  }
  return <QueryError error={error} onRetry={onRetry} />;
}

function PositionHead({ position }: { position: SwapPosition }) {
  const t = useFuturesT();
  return (
    <header className="fut-detail__head">
      <span className={`fut-side-badge fut-side-badge--${position.side}`}>{positionSideLabel(t, position.side)}</span>
      <b className="fut-detail__name">{contractName(position.symbol)}</b>
      <span className="fut-tag">
        {marginModeLabel(t, position.marginMode)} {t('leverageValue', { leverage: position.leverage })}
      </span>
      <span className="fut-detail__space" />
      {position.status === 'open' ? (
        <StatusTag tone="pending">{t('statusOpen')}</StatusTag>
      ) : (
        <StatusTag tone={position.closeKind === 'liquidation' ? 'bad' : 'off'}>
          {position.closeKind ? closeKindLabel(t, position.closeKind) : t('statusPositionClosed')}
        </StatusTag>
      )}
    </header>
  );
}

function PositionDetail({ id }: { id: number }) {
  const t = useFuturesT();
  const locale = useLocale();
  const navigate = useNavigate();
  const detail = usePositionDetail(id);
  const contract = useContractOf(detail.data?.position.symbol);
  if (detail.isError) return <Missing error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <ListSkeleton />;
  const { position, orders, fills, closes, funding } = detail.data;
  const pp = contract.pricePrecision;
  const q = contract.quote;
  const isOpen = position.status === 'open';
  const toOrder = (orderId: number) => void navigate(withQuery(FUTURES_PATHS.detail, { order: orderId }));
  return (
    <div className="fut-detail" data-testid="fut-position-detail" data-status={position.status}>
      <PositionHead position={position} />
      <dl className="fut-detail__list">
        {isOpen && (
          <Row label={t('unrealizedPnl', { asset: q })} testId="fut-detail-upnl">
            <Signed value={position.unrealizedPnl} /> (<Signed value={position.roe} precision={2} suffix="%" />)
          </Row>
        )}
        <Row label={t('realizedPnl', { asset: q })} testId="fut-detail-realized">
          <Signed value={position.realizedPnl} />
        </Row>
        <Row label={t('fees', { asset: q })}>
          <Amount value={position.fees} precision={MONEY_DECIMALS} />
        </Row>
        <Row label={t('funding', { asset: q })} testId="fut-detail-funding">
          <Signed value={position.funding} />
        </Row>
        <Row label={t('sizeIn', { unit: t('lotsUnit') })}>
          <span className="num">{position.lots}</span>
        </Row>
        <Row label={t('closedLots', { unit: t('lotsUnit') })}>
          <span className="num">{position.closedLots}</span>
        </Row>
        <Row label={t('entryPrice')}>
          <Amount value={position.entryPrice} precision={pp + 4} trim />
        </Row>
        {isOpen ? (
          <>
            <Row label={t('markPrice')}>
              <Amount value={position.markPrice} precision={pp} />
            </Row>
            <Row label={t('liqPrice')}>
              <Amount value={position.liquidationPrice} precision={pp} />
            </Row>
            <Row label={t('marginIn', { asset: q })}>
              <Amount value={position.margin} precision={MONEY_DECIMALS} />
            </Row>
            <Row label={t('marginRatio')}>
              {position.marginRatio === null ? '--' : <Amount value={position.marginRatio} precision={2} />}
              {position.marginRatio === null ? '' : '%'}
            </Row>
            <Row label={t('tpslShort')}>
              <Amount value={position.takeProfit} precision={pp} /> /{' '}
              <Amount value={position.stopLoss} precision={pp} />
            </Row>
            <Row label={t('adl')}>
              <AdlLights adl={position.adl} />
            </Row>
          </>
        ) : (
          <>
            <Row label={t('exitPrice')}>
              <Amount value={position.exitPrice} precision={pp + 4} trim />
            </Row>
            <Row label={t('closeKind')} testId="fut-detail-close-kind">
              {position.closeKind ? closeKindLabel(t, position.closeKind) : '--'}
            </Row>
          </>
        )}
        <Row label={t('openedAt')}>
          <span className="num">{formatDate(position.openedAt, locale)}</span>
        </Row>
        {position.closedAt !== null && (
          <Row label={t('closedAt')}>
            <span className="num">{formatDate(position.closedAt, locale)}</span>
          </Row>
        )}
      </dl>

      {closes.length > 0 && (
        <Section title={t('closes')}>
          {closes.map((close) => (
            <CloseCard key={close.id} close={close} contract={contract} />
          ))}
        </Section>
      )}
      {funding.length > 0 && (
        <Section title={t('fundingPayments')}>
          {funding.map((payment) => (
            <FundingCard key={payment.id} payment={payment} contract={contract} />
          ))}
        </Section>
      )}
      {orders.length > 0 && (
        <Section title={t('positionOrders')}>
          {orders.map((order) => (
            <FuturesOrderCard key={order.id} order={order} contract={contract} onOpen={toOrder} />
          ))}
        </Section>
      )}
      {fills.length > 0 && (
        <Section title={t('fills')}>
          {fills.map((fill) => (
            <FillCard key={fill.id} fill={fill} contract={contract} />
          ))}
        </Section>
      )}
    </div>
  );
}

function orderTypeText(t: ReturnType<typeof useFuturesT>, order: SwapOrder): string {
  if (order.kind !== 'order') return orderKindLabel(t, order.kind);
  return order.type === 'limit' ? t('limit') : t('market');
}

function OrderDetail({ id }: { id: number }) {
  const t = useFuturesT();
  const locale = useLocale();
  const navigate = useNavigate();
  const detail = useOrderDetail(id);
  const contract = useContractOf(detail.data?.order.symbol);
  if (detail.isError) return <Missing error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <ListSkeleton />;
  const { order, fills } = detail.data;
  const pp = contract.pricePrecision;
  const q = contract.quote;
  const reason = order.reason ? reasonLabel(t, order.reason) : null;
  return (
    <div className="fut-detail" data-testid="fut-order-detail" data-status={order.status}>
      <header className="fut-detail__head">
        <span className={`fut-card__side fut-card__side--${order.side === 'buy' ? 'long' : 'short'}`}>
          {orderActionLabel(t, order)}
        </span>
        <b className="fut-detail__name">{contractName(order.symbol)}</b>
        <span className="fut-tag">{orderTypeText(t, order)}</span>
        <span className="fut-detail__space" />
        <StatusTag {...orderStatus(t, order.status)} />
      </header>
      <dl className="fut-detail__list">
        <Row label={t('orderId')}>
          <span className="num">{order.id}</span>
        </Row>
        <Row label={t('priceIn', { asset: q })}>
          {order.price === null ? t('marketPrice') : <Amount value={order.price} precision={pp} />}
        </Row>
        <Row label={t('avgPriceIn', { asset: q })}>
          <Amount value={order.avgPrice} precision={pp + 4} trim />
        </Row>
        <Row label={t('lotsIn', { unit: t('lotsUnit') })}>
          <span className="num">{order.lots}</span>
        </Row>
        <Row label={t('filledIn', { unit: t('lotsUnit') })}>
          <span className="num">{order.filledLots}</span>
        </Row>
        <Row label={t('orderValue', { asset: q })}>
          <Amount value={order.orderValue} precision={MONEY_DECIMALS} />
        </Row>
        <Row label={t('filledValue', { asset: q })}>
          <Amount value={order.filledValue} precision={MONEY_DECIMALS} />
        </Row>
        <Row label={t('feeIn', { asset: q })}>
          <Amount value={order.fee} precision={MONEY_DECIMALS} />
        </Row>
        <Row label={t('realizedPnl', { asset: q })}>
          <Signed value={order.realizedPnl} />
        </Row>
        <Row label={t('leverage')}>
          {marginModeLabel(t, order.marginMode)} {t('leverageValue', { leverage: order.leverage })}
        </Row>
        {(order.takeProfit !== null || order.stopLoss !== null) && (
          <Row label={t('tpslShort')}>
            <Amount value={order.takeProfit} precision={pp} /> / <Amount value={order.stopLoss} precision={pp} />
          </Row>
        )}
        {order.closeKind && <Row label={t('closeKind')}>{closeKindLabel(t, order.closeKind)}</Row>}
        {reason && <Row label={t('reason')}>{reason}</Row>}
        <Row label={t('createdAt')}>
          <span className="num">{formatDate(order.createdAt, locale)}</span>
        </Row>
        <Row label={t('updatedAt')}>
          <span className="num">{formatDate(order.updatedAt, locale)}</span>
        </Row>
      </dl>
      {order.positionId !== null && (
        <Button
          block
          className="fut-detail__link"
          onClick={() => void navigate(withQuery(FUTURES_PATHS.detail, { position: order.positionId ?? undefined }))}
        >
          {t('viewPosition')}
        </Button>
      )}
      {fills.length > 0 && (
        <Section title={t('fills')}>
          {fills.map((fill) => (
            <FillCard key={fill.id} fill={fill} contract={contract} />
          ))}
        </Section>
      )}
    </div>
  );
}
