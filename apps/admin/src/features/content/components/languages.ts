import { type Lang, LANGS } from '@bourse/contract';

/** Content is written in every language the trader's app speaks; English first, as the one that is required. */
export const CONTENT_LANGS: readonly Lang[] = LANGS;

export type PerLang<T> = { en: T } & Partial<Record<Exclude<Lang, 'en'>, T>>;

/** Keeps the languages that have a value, English always: what the server stores (a left-out one falls back). */
export function keepFilled<T>(values: Record<Lang, T | undefined>, filled: (value: T) => boolean, en: T): PerLang<T> {
  const result: PerLang<T> = { en: values.en ?? en };
  for (const lang of CONTENT_LANGS) {
    const value = values[lang];
    if (lang !== 'en' && value !== undefined && filled(value)) result[lang] = value;
  }
  return result;
}

/** The app routes a banner most often links to (any /pages/… route or https address is accepted). */
export const LINK_SUGGESTIONS = [
  '/pages/index/notice?id=',
  '/pages/index/allnotice',
  '/pages/home/market',
  '/pages/trade/trade?symbol=BTC_USDT',
  '/pages/market/kLine?symbol=BTC_USDT',
  '/pages/usreMei/property',
  '/pages/usreMei/recharge',
  '/pages/usreMei/identity',
  '/pages/usreMei/safetySetting',
  '/pages/help/index',
  '/pages/mine/agreement?type=whitepaper',
] as const;
