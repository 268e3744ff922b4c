import type { DepthLevel } from '@bourse/contract';
import { formatDecimal } from '@bourse/contract';
import { useMemo } from 'react';
import type { BookView } from '../../lib/trading/book';
import { toUnits } from '../../lib/trading/orderMath';
import type { MarketPrecision } from '../../lib/trading/market';
import { Amount } from '../Amount';
import { useTradingT } from './locales';
import './trading.css';

const W = 1000;
const H = 400;

interface Curve {
  path: string;
  area: string;
}

/** Cumulative quantity per level, in units, from the best price outwards. */
function cumulative(
  levels: readonly DepthLevel[],
  market: Pick<MarketPrecision, 'pricePrecision' | 'quantityPrecision'>,
) {
  let total = 0n;
  return levels.map(([price, qty]) => {
    total += toUnits(qty, market.quantityPrecision) ?? 0n;
    return { price: toUnits(price, market.pricePrecision) ?? 0n, total };
  });
}

/**
 * The depth chart: cumulative bids (left, rising towards lower prices) and asks (right). Coordinates are computed
 * from integer units, so no amount ever passes through a float; only the final pixel positions are numbers.
 */
export function DepthChart({
  book,
  market,
}: {
  book: BookView | undefined;
  market: Pick<MarketPrecision, 'base' | 'quote' | 'pricePrecision' | 'quantityPrecision'>;
}) {
  const t = useTradingT();
  const geometry = useMemo(() => {
    if (!book || (book.bids.length === 0 && book.asks.length === 0)) return null;
    const bids = cumulative(book.bids, market);
    const asks = cumulative(book.asks, market);
    const prices = [...bids, ...asks].map((l) => l.price);
    const low = prices.reduce((m, p) => (p < m ? p : m));
    const high = prices.reduce((m, p) => (p > m ? p : m));
    const top = [bids.at(-1)?.total ?? 0n, asks.at(-1)?.total ?? 0n].reduce((m, v) => (v > m ? v : m));
    const span = high - low === 0n ? 1n : high - low;
    const x = (p: bigint) => Number(((p - low) * BigInt(W)) / span);
    const y = (q: bigint) => (top === 0n ? H : H - Number((q * BigInt(H - 8)) / top));
    const curve = (levels: { price: bigint; total: bigint }[], edge: number): Curve | null => {
      const first = levels[0];
      if (!first) return null;
      let path = `M${x(first.price)},${H} `;
      let previous = H;
      for (const level of levels) {
        path += `L${x(level.price)},${previous} L${x(level.price)},${y(level.total)} `;
        previous = y(level.total);
      }
      path += `L${edge},${previous}`;
      return { path, area: `${path} L${edge},${H} Z` };
    };
    return {
      bids: curve(bids, 0),
      asks: curve(asks, W),
      low: formatDecimal(low, market.pricePrecision),
      high: formatDecimal(high, market.pricePrecision),
      top: formatDecimal(top, market.quantityPrecision),
    };
  }, [book, market]);

  return (
    <div className="depth-chart">
      <div className="depth-chart__legend">
        <span className="depth-chart__key depth-chart__key--bid">{t('bid')}</span>
        <span className="depth-chart__key depth-chart__key--ask">{t('ask')}</span>
        {geometry && (
          <span className="depth-chart__top">
            <Amount value={geometry.top} precision={market.quantityPrecision} trim /> {market.base}
          </span>
        )}
      </div>
      <svg
        className="depth-chart__plot"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('depth')}
      >
        {geometry?.bids && (
          <>
            <path className="depth-chart__area depth-chart__area--bid" d={geometry.bids.area} />
            <path className="depth-chart__line depth-chart__line--bid" d={geometry.bids.path} />
          </>
        )}
        {geometry?.asks && (
          <>
            <path className="depth-chart__area depth-chart__area--ask" d={geometry.asks.area} />
            <path className="depth-chart__line depth-chart__line--ask" d={geometry.asks.path} />
          </>
        )}
      </svg>
      <div className="depth-chart__axis">
        <Amount value={geometry?.low} precision={market.pricePrecision} />
        <span className="muted">{market.quote}</span>
        <Amount value={geometry?.high} precision={market.pricePrecision} />
      </div>
    </div>
  );
}
