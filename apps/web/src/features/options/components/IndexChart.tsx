import type { Candle } from '@bourse/contract';
import { Amount } from '../../../components/Amount';
import { useOptionsT } from '../locales';

const W = 360;
const H = 150;
const PAD = 8;

/**
 * The index of the last seconds as a line (one point a second, the public series), with the open price of the round
 * in progress drawn across. Numbers are converted for drawing only; the figures shown are the server's strings.
 */
export function IndexChart({
  candles,
  openPrice,
  precision,
}: {
  candles: readonly Candle[];
  openPrice: string | null;
  precision: number;
}) {
  const t = useOptionsT();
  const values = candles.map((c) => Number(c.c));
  const open = openPrice === null ? null : Number(openPrice);
  const all = open === null ? values : [...values, open];
  const low = Math.min(...all);
  const high = Math.max(...all);
  const span = high - low || Math.abs(high) * 0.0001 || 1;
  const y = (v: number) => PAD + (H - 2 * PAD) * (1 - (v - low) / span);
  const x = (i: number) => (values.length <= 1 ? W : (W * i) / (values.length - 1));
  const path = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const last = candles.at(-1);
  const rising = open !== null && values.length > 0 ? (values.at(-1) ?? 0) >= open : true;
  return (
    <figure className="option-chart" aria-label={t('chartLabel')}>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('chartLabel')}>
        {values.length > 1 && (
          <>
            <path d={`${path}L${W},${H}L0,${H}Z`} className="option-chart__area" />
            <path d={path} className={`option-chart__line option-chart__line--${rising ? 'rise' : 'fall'}`} />
          </>
        )}
        {open !== null && (
          <line x1={0} x2={W} y1={y(open)} y2={y(open)} className="option-chart__open" data-testid="open-line" />
        )}
      </svg>
      {openPrice !== null && (
        <figcaption className="option-chart__open-tag" style={{ top: `${(y(open ?? 0) / H) * 100}%` }}>
          {t('openPriceLine', { price: '' })}
          <Amount value={openPrice} precision={precision} />
        </figcaption>
      )}
      {last && (
        <span className="option-chart__last" style={{ top: `${(y(Number(last.c)) / H) * 100}%` }}>
          <Amount value={last.c} precision={precision} />
        </span>
      )}
    </figure>
  );
}
