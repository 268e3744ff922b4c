import type { KlinePeriod, SwapCloseKind, SwapOrder, SwapOrderKind, SwapOrderStatus } from '@bourse/contract';
import type { StatusTone } from '../../../components/StatusTag';
import { defineLocales, type TFunction } from '../../../lib/i18n';
import type en from './en';

/**
 * What the futures pages say (namespace `futures`), one file per language; the active one arrives with the feature's
 * first page.
 */
export const futuresLocales = defineLocales('futures', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useFuturesT = futuresLocales.useT;
export type FuturesT = TFunction<typeof en>;
type Key = keyof typeof en;

const PERIOD_KEYS: Record<KlinePeriod, Key> = {
  '1m': 'period1m',
  '5m': 'period5m',
  '15m': 'period15m',
  '30m': 'period30m',
  '1h': 'period1h',
  '4h': 'period4h',
  '1d': 'period1d',
  '1w': 'period1w',
};

export function periodLabel(t: FuturesT, period: KlinePeriod): string {
  return t(PERIOD_KEYS[period]);
}

const STATUS: Record<SwapOrderStatus, { key: Key; tone: StatusTone }> = {
  entrusted: { key: 'statusEntrusted', tone: 'pending' },
  partial: { key: 'statusPartial', tone: 'pending' },
  trading: { key: 'statusTrading', tone: 'ok' },
  complete: { key: 'statusComplete', tone: 'ok' },
  closed: { key: 'statusClosed', tone: 'off' },
  cancelled: { key: 'statusCancelled', tone: 'off' },
};

/** A contract order's state (spec §4) as a label and a tone for `<StatusTag>`. */
export function orderStatus(t: FuturesT, status: SwapOrderStatus): { tone: StatusTone; children: string } {
  const { key, tone } = STATUS[status];
  return { tone, children: t(key) };
}

const KIND_KEYS: Record<SwapOrderKind, Key> = {
  order: 'orderKindOrder',
  close: 'orderKindClose',
  take_profit: 'orderKindTakeProfit',
  stop_loss: 'orderKindStopLoss',
  liquidation: 'orderKindLiquidation',
  adl: 'orderKindAdl',
  system: 'orderKindSystem',
};

export function orderKindLabel(t: FuturesT, kind: SwapOrderKind): string {
  return t(KIND_KEYS[kind]);
}

const CLOSE_KIND_KEYS: Record<SwapCloseKind, Key> = {
  manual: 'closeKindManual',
  liquidation: 'closeKindLiquidation',
  take_profit: 'closeKindTakeProfit',
  stop_loss: 'closeKindStopLoss',
  system: 'closeKindSystem',
};

/** How a position (or part of it) was closed (spec §4's close kinds). */
export function closeKindLabel(t: FuturesT, kind: SwapCloseKind): string {
  return t(CLOSE_KIND_KEYS[kind]);
}

/** The tone of a close kind: forced closes stand out. */
export function closeKindTone(kind: SwapCloseKind): StatusTone {
  return kind === 'liquidation' ? 'bad' : kind === 'system' ? 'off' : 'ok';
}

/** Open long / open short / close long / close short, from the order's side and action. */
export function orderActionLabel(t: FuturesT, order: Pick<SwapOrder, 'side' | 'action'>): string {
  if (order.action === 'open') return order.side === 'buy' ? t('openLong') : t('openShort');
  return order.side === 'sell' ? t('closeLong') : t('closeShort');
}

export function positionSideLabel(t: FuturesT, side: 'long' | 'short'): string {
  return side === 'long' ? t('long') : t('short');
}

export function marginModeLabel(t: FuturesT, mode: 'cross' | 'isolated'): string {
  return mode === 'cross' ? t('cross') : t('isolated');
}

const REASON_KEYS: Readonly<Record<string, Key>> = {
  user: 'reasonUser',
  unfilled: 'reasonUnfilled',
  fok: 'reasonFok',
  post_only: 'reasonPostOnly',
  self_trade: 'reasonSelfTrade',
  liquidation: 'reasonLiquidation',
  system: 'reasonSystem',
  reduce_only: 'reasonReduceOnly',
};

/** Why an order ended (the server's reason codes); an unknown code shows nothing rather than a raw code. */
export function reasonLabel(t: FuturesT, reason: string): string | null {
  const key = REASON_KEYS[reason];
  return key ? t(key) : null;
}
