import type { MarketEvent, MarketEventType } from '@bourse/contract';
import { EmptyState } from '../../../components/BlockState';
import { useLocale } from '../../../hooks/useLocale';
import { formatAmount, formatDate } from '../../../lib/format';
import { type SpotT, useSpotT } from '../locales';
import { pairName } from '../paths';

const RISING: ReadonlySet<MarketEventType> = new Set(['rise5m', 'largeBuy', 'abnormalRise']);
const PRICE_MOVES: ReadonlySet<MarketEventType> = new Set(['rise5m', 'fall5m', 'abnormalRise', 'abnormalFall']);

export function eventLabel(t: SpotT, type: MarketEventType): string {
  switch (type) {
    case 'rise5m':
      return t('eventRise5m');
    case 'fall5m':
      return t('eventFall5m');
    case 'largeBuy':
      return t('eventLargeBuy');
    case 'largeSell':
      return t('eventLargeSell');
    case 'abnormalRise':
      return t('eventAbnormalRise');
    case 'abnormalFall':
      return t('eventAbnormalFall');
  }
}

/**
 * The live events (spec §2: 5-minute gain and decline, large buy and sell, abnormal gain and decline) with their pair
 * and time: a price move shows its percent, a large trade its value in the quote asset.
 */
export function EventsList({
  events,
  current,
  onOpen,
}: {
  events: readonly MarketEvent[] | undefined;
  /** The pair on screen: its events are not links. */
  current?: string;
  onOpen?(symbol: string): void;
}) {
  const t = useSpotT();
  const locale = useLocale();
  if (events && events.length === 0) return <EmptyState text={t('noEvents')} />;
  return (
    <div className="events">
      {events?.map((event) => {
        const rising = RISING.has(event.type);
        const value = PRICE_MOVES.has(event.type)
          ? `${rising ? '+' : '−'}${formatAmount(event.value, 2, locale)}%`
          : `${formatAmount(event.value, 2, locale)} ${event.symbol.split('_')[1] ?? ''}`;
        const cells = (
          <>
            <span className="event-row__pair">{pairName(event.symbol)}</span>
            <span className={`event-row__type ${rising ? 'rise' : 'fall'}`}>{eventLabel(t, event.type)}</span>
            <span className={`event-row__value num ${rising ? 'rise' : 'fall'}`}>{value}</span>
            <span className="event-row__time num muted">{formatDate(event.ts, locale)}</span>
          </>
        );
        return onOpen && event.symbol !== current ? (
          <button
            key={event.id}
            type="button"
            className="event-row"
            data-type={event.type}
            onClick={() => onOpen(event.symbol)}
          >
            {cells}
          </button>
        ) : (
          <div key={event.id} className="event-row" data-type={event.type}>
            {cells}
          </div>
        );
      })}
    </div>
  );
}
