import type { DepthLevel } from '@bourse/contract';
import { formatDecimal, pow10 } from '@bourse/contract';
import { ActionSheet } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { type ReactNode, useMemo, useState } from 'react';
import { useLocale } from '../../hooks/useLocale';
import { useCommonT } from '../../lib/locales';
import { formatAmount } from '../../lib/format';
import type { BookView } from '../../lib/trading/book';
import { toUnits } from '../../lib/trading/orderMath';
import type { MarketPrecision } from '../../lib/trading/market';
import { useTradingT } from './locales';
import './trading.css';

type BookMarket = MarketPrecision;

/** Aggregation levels of `getDepth`: 0 = tick, 1 = 10 ticks, 2 = 100 ticks, 3 = 1000 ticks. */
export const BOOK_TYPES = [0, 1, 2, 3] as const;

/** The price step of an aggregation level, e.g. "0.01", "0.1", "1", "10" for a 0.01 tick. */
export function bucketOf(market: BookMarket, type: number): string {
  const tick = toUnits(market.tickSize, market.pricePrecision) ?? 1n;
  return formatDecimal(tick * pow10(type), market.pricePrecision);
}

/** Decimals a price shows at an aggregation level (fewer as the bucket grows, never below 0). */
export function decimalsOf(market: BookMarket, type: number): number {
  const bucket = bucketOf(market, type);
  const dot = bucket.indexOf('.');
  return dot < 0 ? 0 : bucket.length - dot - 1;
}

/** Each level's share of the largest on screen, 0–100, computed on units (widths of the depth bars). */
function shares(levels: readonly DepthLevel[], precision: number): number[] {
  const units = levels.map(([, qty]) => toUnits(qty, precision) ?? 0n);
  const max = units.reduce((m, u) => (u > m ? u : m), 0n);
  return units.map((u) => (max === 0n ? 0 : Number((u * 100n) / max)));
}

function Level({
  level,
  side,
  share,
  market,
  priceDecimals,
  locale,
  onPick,
  reversed,
}: {
  level: DepthLevel;
  side: 'bid' | 'ask';
  share: number;
  market: BookMarket;
  priceDecimals: number;
  locale: string;
  onPick?(price: string): void;
  reversed?: boolean;
}) {
  const [price, qty] = level;
  const cells: ReactNode[] = [
    <span key="p" className={`book-level__price ${side === 'bid' ? 'rise' : 'fall'}`}>
      {formatAmount(price, priceDecimals, locale)}
    </span>,
    <span key="q" className="book-level__qty">
      {formatAmount(qty, market.quantityPrecision, locale)}
    </span>,
  ];
  const className = `book-level book-level--${side}${reversed ? ' book-level--reversed' : ''}`;
  const content = (
    <>
      <span className="book-level__bar" style={{ width: `${share}%` }} />
      {reversed ? [...cells].reverse() : cells}
    </>
  );
  // A level is a button only where tapping it does something (the trade page fills the price in).
  return onPick ? (
    <button type="button" className={className} onClick={() => onPick(price)}>
      {content}
    </button>
  ) : (
    <div className={className}>{content}</div>
  );
}

/** Pads a side to `rows` with empty rows so the layout does not jump while the book fills. */
function padded(levels: readonly DepthLevel[], rows: number): (DepthLevel | null)[] {
  const out: (DepthLevel | null)[] = levels.slice(0, rows);
  while (out.length < rows) out.push(null);
  return out;
}

export interface OrderBookProps {
  book: BookView | undefined;
  market: BookMarket;
  rows: number;
  type: number;
  onType(type: number): void;
  /** Between asks and bids (stacked layout): the last price. */
  middle?: ReactNode;
  onPick?(price: string): void;
  layout: 'stacked' | 'split';
}

/**
 * The order book of any market (spot, perpetuals, options): the book comes from the caller (`useLiveBook`), the
 * precisions from its market. Stacked (trade page): asks above, best at the bottom, the last price, bids below.
 * Split (chart page): bids left and asks right, best at the top. Tapping a level hands its price to `onPick`.
 */
export function OrderBook({ book, market, rows, type, onType, middle, onPick, layout }: OrderBookProps) {
  const t = useTradingT();
  const common = useCommonT();
  const locale = useLocale();
  const [choosing, setChoosing] = useState(false);
  const priceDecimals = decimalsOf(market, type);
  const bids = useMemo(() => (book?.bids ?? []).slice(0, rows), [book, rows]);
  const asks = useMemo(() => (book?.asks ?? []).slice(0, rows), [book, rows]);
  const bidShares = useMemo(() => shares(bids, market.quantityPrecision), [bids, market.quantityPrecision]);
  const askShares = useMemo(() => shares(asks, market.quantityPrecision), [asks, market.quantityPrecision]);

  const empty = (key: string) => <div key={key} className="book-level book-level--empty" />;
  const bidRows = padded(bids, rows).map((l, i) =>
    l ? (
      <Level
        key={`b${i}`}
        level={l}
        side="bid"
        share={bidShares[i] ?? 0}
        market={market}
        priceDecimals={priceDecimals}
        locale={locale}
        onPick={onPick}
        reversed={layout === 'split'}
      />
    ) : (
      empty(`b${i}`)
    ),
  );
  const askLevels = padded(asks, rows);
  const askRows = (layout === 'stacked' ? [...askLevels].reverse() : askLevels).map((l, i) => {
    const index = layout === 'stacked' ? askLevels.length - 1 - i : i;
    return l ? (
      <Level
        key={`a${index}`}
        level={l}
        side="ask"
        share={askShares[index] ?? 0}
        market={market}
        priceDecimals={priceDecimals}
        locale={locale}
        onPick={onPick}
      />
    ) : (
      empty(`a${index}`)
    );
  });

  const precision = (
    <button type="button" className="book-precision" onClick={() => setChoosing(true)} aria-label={t('precision')}>
      <span className="num">{formatAmount(bucketOf(market, type), decimalsOf(market, type), locale)}</span>
      <DownFill />
    </button>
  );
  const sheet = (
    <ActionSheet
      visible={choosing}
      onClose={() => setChoosing(false)}
      extra={t('precision')}
      cancelText={common('cancel')}
      actions={BOOK_TYPES.map((value) => ({
        key: String(value),
        text: <span className="num">{formatAmount(bucketOf(market, value), decimalsOf(market, value), locale)}</span>,
        onClick: () => {
          onType(value);
          setChoosing(false);
        },
      }))}
    />
  );

  if (layout === 'split') {
    return (
      <div className="book book--split">
        <div className="book__head book__head--split">
          <span>{t('bid')}</span>
          <span>{precision}</span>
          <span>{t('ask')}</span>
        </div>
        <div className="book__head book__head--split book__head--units">
          <span>{t('amountIn', { asset: market.base })}</span>
          <span>{t('priceIn', { asset: market.quote })}</span>
          <span>{t('amountIn', { asset: market.base })}</span>
        </div>
        <div className="book__columns">
          <div className="book__side">{bidRows}</div>
          <div className="book__side">{askRows}</div>
        </div>
        {sheet}
      </div>
    );
  }
  return (
    <div className="book book--stacked">
      <div className="book__head">
        <span>{t('priceIn', { asset: market.quote })}</span>
        <span>{t('amountIn', { asset: market.base })}</span>
      </div>
      <div className="book__side">{askRows}</div>
      {middle}
      <div className="book__side">{bidRows}</div>
      <div className="book__foot">{precision}</div>
      {sheet}
    </div>
  );
}
