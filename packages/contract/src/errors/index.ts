import type { Lang } from '../lang';
import { accountErrors } from './account';
import { c2cErrors } from './c2c';
import { commonErrors } from './common';
import { copyErrors } from './copy';
import type { ErrorEntry } from './define';
import { communityErrors } from './community';
import { earnErrors } from './earn';
import { lendingErrors } from './lending';
import { optionsErrors } from './options';
import { perpErrors } from './perp';
import { rewardsErrors } from './rewards';
import { tradeErrors } from './trade';
import { walletErrors } from './wallet';

export type { ErrorEntry } from './define';

/** The one error catalogue. Keys are stable names; `code` is the stable number on the wire. */
export const ERRORS = {
  ...commonErrors,
  ...accountErrors,
  ...walletErrors,
  ...tradeErrors,
  ...perpErrors,
  ...optionsErrors,
  ...c2cErrors,
  ...earnErrors,
  ...lendingErrors,
  ...rewardsErrors,
  ...communityErrors,
  ...copyErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof ERRORS;
export type ErrorParams = Readonly<Record<string, string | number>>;

/** Success code of the envelope. */
export const OK = 200;

const byCode = new Map<number, ErrorKey>();
for (const key of Object.keys(ERRORS) as ErrorKey[]) byCode.set(ERRORS[key].code, key);

export function errorKeyByCode(code: number): ErrorKey | undefined {
  return byCode.get(code);
}

/** The catalogue message in a language, with `{name}` parameters filled in. */
export function errorMessage(key: ErrorKey, lang: Lang, params?: ErrorParams): string {
  const template = ERRORS[key].msg[lang];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
