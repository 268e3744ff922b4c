import type { Wallet } from '@bourse/contract';
import { defineLocales, type TFunction } from '../../../lib/i18n';
import type en from './en';

/**
 * What the wallet pages say (namespace `wallet`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const walletLocales = defineLocales('wallet', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useWalletT = walletLocales.useT;
export type WalletT = TFunction<typeof en>;

const WALLET_KEYS = {
  spot: 'walletSpot',
  contract: 'walletContract',
  fiat: 'walletFiat',
  options: 'walletOptions',
  gold: 'walletGold',
  mining: 'walletMining',
} as const;

export function walletName(t: WalletT, wallet: Wallet): string {
  return t(WALLET_KEYS[wallet]);
}
