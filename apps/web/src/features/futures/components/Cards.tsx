import type { SwapClose, SwapFill, SwapFundingPayment, SwapOrder } from '@bourse/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Amount } from '../../../components/Amount';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/format';
import { type ContractPrecisions, MONEY_DECIMALS } from '../format';
import {
  closeKindLabel,
  closeKindTone,
  orderActionLabel,
  orderKindLabel,
  orderStatus,
  positionSideLabel,
  useFuturesT,
} from '../locales';
import { contractName } from '../paths';
import { Signed } from './PositionCard';
import { FundingRate } from './MarkStrip';

function Tappable({
  className,
  onOpen,
  data,
  children,
}: {
  className: string;
  onOpen?: () => void;
  data: Record<string, string | number>;
  children: ReactNode;
}) {
  const attributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  if (!onOpen) {
    return (
      <div className={className} {...attributes}>
        {children}
      </div>
    );
  }
  return (
    <div
      className={`${className} fut-card--tappable`}
      role="button"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
      }}
      {...attributes}
    >
      {children}
    </div>
  );
}

function sideClass(buyish: boolean): string {
  return buyish ? 'fut-card__side--long' : 'fut-card__side--short';
}

/**
 * One of my contract orders: open/close long/short and its type (with the exchange's reason when it placed it), the
 * contract, time; price, lots, filled; a cancel button while it rests, its state (spec §4) once done.
 */
export function FuturesOrderCard({
  order,
  contract,
  onOpen,
  onCancel,
  cancelling,
}: {
  order: SwapOrder;
  contract: ContractPrecisions;
  onOpen(id: number): void;
  onCancel?(id: number): void;
  cancelling?: boolean;
}) {
  const t = useFuturesT();
  const locale = useLocale();
  const pp = contract.pricePrecision;
  const buyish = order.side === 'buy';
  return (
    <Tappable
      className="fut-card"
      onOpen={() => onOpen(order.id)}
      data={{ 'order-id': order.id, status: order.status, testid: 'fut-order' }}
    >
      <div className="fut-card__head">
        <span className={`fut-card__side ${sideClass(buyish)}`}>{orderActionLabel(t, order)}</span>
        <span className="fut-tag">
          {order.kind === 'order' ? (order.type === 'limit' ? t('limit') : t('market')) : orderKindLabel(t, order.kind)}
        </span>
        <b className="fut-card__name">{contractName(order.symbol)}</b>
        <span className="fut-card__space" />
        {onCancel ? (
          <Button
            size="mini"
            className="fut-card__cancel"
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
      <div className="fut-card__time num">{formatDate(order.createdAt, locale)}</div>
      <dl className="fut-grid">
        <div>
          <dt>{t('priceIn', { asset: contract.quote })}</dt>
          <dd>{order.price === null ? t('marketPrice') : <Amount value={order.price} precision={pp} />}</dd>
        </div>
        <div>
          <dt>{t('lotsIn', { unit: t('lotsUnit') })}</dt>
          <dd className="num">{order.lots}</dd>
        </div>
        <div>
          <dt>{t('filledIn', { unit: t('lotsUnit') })}</dt>
          <dd className="num">{order.filledLots}</dd>
        </div>
        {!onCancel && (
          <>
            <div>
              <dt>{t('avgPriceIn', { asset: contract.quote })}</dt>
              <dd>
                <Amount value={order.avgPrice} precision={pp} />
              </dd>
            </div>
            <div>
              <dt>{t('feeIn', { asset: contract.quote })}</dt>
              <dd>
                <Amount value={order.fee} precision={MONEY_DECIMALS} />
              </dd>
            </div>
            <div>
              <dt>{t('realizedPnl', { asset: contract.quote })}</dt>
              <dd>
                <Signed value={order.realizedPnl} />
              </dd>
            </div>
          </>
        )}
      </dl>
    </Tappable>
  );
}

/** One close of a position: side closed and how (manual, take-profit, stop-loss, liquidation, system), lots, prices, PnL. */
export function CloseCard({
  close,
  contract,
  onOpen,
}: {
  close: SwapClose;
  contract: ContractPrecisions;
  onOpen?(positionId: number): void;
}) {
  const t = useFuturesT();
  const locale = useLocale();
  const pp = contract.pricePrecision;
  return (
    <Tappable
      className="fut-card"
      onOpen={onOpen && (() => onOpen(close.positionId))}
      data={{ 'close-id': close.id, kind: close.kind, testid: 'fut-close' }}
    >
      <div className="fut-card__head">
        <span className={`fut-card__side ${sideClass(close.side === 'long')}`}>
          {close.side === 'long' ? t('closeLong') : t('closeShort')}
        </span>
        <b className="fut-card__name">{contractName(close.symbol)}</b>
        <span className="fut-card__space" />
        <StatusTag tone={closeKindTone(close.kind)}>{closeKindLabel(t, close.kind)}</StatusTag>
      </div>
      <div className="fut-card__time num">{formatDate(close.ts, locale)}</div>
      <dl className="fut-grid">
        <div>
          <dt>{t('lotsIn', { unit: t('lotsUnit') })}</dt>
          <dd className="num" data-testid="fut-close-lots">
            {close.lots}
          </dd>
        </div>
        <div>
          <dt>{t('entryPrice')}</dt>
          <dd>
            <Amount value={close.entryPrice} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('exitPrice')}</dt>
          <dd>
            <Amount value={close.exitPrice} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('realizedPnl', { asset: contract.quote })}</dt>
          <dd>
            <Signed value={close.realizedPnl} />
          </dd>
        </div>
        <div>
          <dt>{t('feeIn', { asset: contract.quote })}</dt>
          <dd>
            <Amount value={close.fee} precision={MONEY_DECIMALS} />
          </dd>
        </div>
      </dl>
    </Tappable>
  );
}

/** One fill of mine: side, price, lots, value, fee, realized PnL, maker or taker (or liquidation, fund, ADL). */
export function FillCard({ fill, contract }: { fill: SwapFill; contract: ContractPrecisions }) {
  const t = useFuturesT();
  const locale = useLocale();
  const pp = contract.pricePrecision;
  const kind =
    fill.kind === 'liquidation'
      ? t('fillKindLiquidation')
      : fill.kind === 'takeover'
        ? t('fillKindTakeover')
        : fill.kind === 'adl'
          ? t('fillKindAdl')
          : fill.role === 'maker'
            ? t('roleMaker')
            : t('roleTaker');
  return (
    <Tappable className="fut-card" data={{ 'fill-id': fill.id, testid: 'fut-fill' }}>
      <div className="fut-card__head">
        <span className={`fut-card__side ${sideClass(fill.side === 'buy')}`}>
          {fill.side === 'buy' ? t('buy') : t('sell')}
        </span>
        <b className="fut-card__name">{contractName(fill.symbol)}</b>
        <span className="fut-card__space" />
        <span className="fut-card__role">{kind}</span>
      </div>
      <div className="fut-card__time num">{formatDate(fill.ts, locale)}</div>
      <dl className="fut-grid">
        <div>
          <dt>{t('priceIn', { asset: contract.quote })}</dt>
          <dd>
            <Amount value={fill.price} precision={pp} />
          </dd>
        </div>
        <div>
          <dt>{t('lotsIn', { unit: t('lotsUnit') })}</dt>
          <dd className="num">{fill.lots}</dd>
        </div>
        <div>
          <dt>{t('valueIn', { asset: contract.quote })}</dt>
          <dd>
            <Amount value={fill.value} precision={MONEY_DECIMALS} />
          </dd>
        </div>
        <div>
          <dt>{t('feeIn', { asset: contract.quote })}</dt>
          <dd>
            <Amount value={fill.fee} precision={MONEY_DECIMALS} />
          </dd>
        </div>
        <div>
          <dt>{t('realizedPnl', { asset: contract.quote })}</dt>
          <dd>
            <Signed value={fill.realizedPnl} />
          </dd>
        </div>
      </dl>
    </Tappable>
  );
}

/** One funding payment: the position's side and lots, the rate, and the amount received (+) or paid (−). */
export function FundingCard({
  payment,
  contract,
  onOpen,
}: {
  payment: SwapFundingPayment;
  contract: ContractPrecisions;
  onOpen?(positionId: number): void;
}) {
  const t = useFuturesT();
  const locale = useLocale();
  const paid = payment.amount.trim().startsWith('-');
  return (
    <Tappable
      className="fut-card"
      onOpen={onOpen && (() => onOpen(payment.positionId))}
      data={{ 'funding-id': payment.id, testid: 'fut-funding' }}
    >
      <div className="fut-card__head">
        <span className={`fut-card__side ${sideClass(payment.side === 'long')}`}>
          {positionSideLabel(t, payment.side)}
        </span>
        <b className="fut-card__name">{contractName(payment.symbol)}</b>
        <span className="fut-card__space" />
        <span className="fut-card__role">{paid ? t('fundingPaid') : t('fundingReceived')}</span>
      </div>
      <div className="fut-card__time num">{formatDate(payment.time, locale)}</div>
      <dl className="fut-grid">
        <div>
          <dt>{t('fundingIn', { asset: contract.quote })}</dt>
          <dd data-testid="fut-funding-amount">
            <Signed value={payment.amount} />
          </dd>
        </div>
        <div>
          <dt>{t('rate')}</dt>
          <dd>
            <FundingRate rate={payment.rate} />
          </dd>
        </div>
        <div>
          <dt>{t('lotsIn', { unit: t('lotsUnit') })}</dt>
          <dd className="num">{payment.lots}</dd>
        </div>
      </dl>
    </Tappable>
  );
}
