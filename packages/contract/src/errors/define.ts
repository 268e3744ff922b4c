import type { Lang } from '../lang';

/** One catalogue entry: a stable numeric code and its message in every language. `{name}` marks a parameter. */
export interface ErrorEntry {
  readonly code: number;
  /** HTTP status the server answers with (the envelope's `code` is what clients act on). */
  readonly http: number;
  readonly msg: Readonly<Record<Lang, string>>;
}

export function entry(
  code: number,
  http: number,
  en: string,
  zh_CN: string,
  zh_HK: string,
  es: string,
  fr: string,
): ErrorEntry {
  return { code, http, msg: { en, zh_CN, zh_HK, es, fr } };
}
