import type { KlinePeriod, SpotOrderStatus } from '@bourse/contract';
import { defineLocales, type TFunction } from '../../../lib/i18n';
import type en from './en';

/**
 * What the spot pages say (namespace `spot`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const spotLocales = defineLocales('spot', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useSpotT = spotLocales.useT;
export type SpotT = TFunction<typeof en>;

const PERIOD_KEYS: Record<KlinePeriod, keyof typeof en> = {
  '1m': 'period1m',
  '5m': 'period5m',
  '15m': 'period15m',
  '30m': 'period30m',
  '1h': 'period1h',
  '4h': 'period4h',
  '1d': 'period1d',
  '1w': 'period1w',
};

export function periodLabel(t: SpotT, period: KlinePeriod): string {
  return t(PERIOD_KEYS[period]);
}

const STATUS_KEYS: Record<SpotOrderStatus, keyof typeof en> = {
  open: 'statusOpen',
  partial: 'statusPartial',
  filled: 'statusFilled',
  cancelled: 'statusCancelled',
  expired: 'statusExpired',
};

export function orderStatusLabel(t: SpotT, status: SpotOrderStatus): string {
  return t(STATUS_KEYS[status]);
}

export function orderTypeLabel(t: SpotT, type: 'limit' | 'market'): string {
  return type === 'limit' ? t('limit') : t('market');
}

export function sideLabel(t: SpotT, side: 'buy' | 'sell'): string {
  return side === 'buy' ? t('buy') : t('sell');
}

export function timeInForceLabel(t: SpotT, tif: 'GTC' | 'IOC' | 'FOK'): string {
  return tif === 'GTC' ? t('tifGTC') : tif === 'IOC' ? t('tifIOC') : t('tifFOK');
}

/** Why an order ended (the server's reason codes); an unknown code shows nothing rather than a raw code. */
export function reasonLabel(t: SpotT, reason: string): string | null {
  if (reason === 'user') return t('reasonUser');
  if (reason === 'self_trade') return t('reasonSelfTrade');
  if (reason === 'unfilled') return t('reasonUnfilled');
  return null;
}
