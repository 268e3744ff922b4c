import type { Wallet } from '@bourse/contract';

/** Who holds an account: a user (by uid) or a named system owner (fees, hot_wallet, escrow, market makers…). */
export type Owner = { kind: 'user'; uid: number } | { kind: 'system'; name: string };

export interface AccountRef {
  owner: Owner;
  wallet: Wallet;
  asset: string;
}

export type Bucket = 'available' | 'frozen';

/** One signed change of one bucket of one account. */
export interface Leg {
  account: AccountRef;
  bucket?: Bucket;
  amount: bigint;
}

export interface EntryInput {
  /** Unique across the ledger: the same reference twice is refused. */
  reference: string;
  /** What kind of movement this is (deposit, transfer, spot.trade…); the wallet records read it. */
  reason: string;
  legs: Leg[];
  meta?: Record<string, unknown>;
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** Names of the system owners the exchange itself needs. Modules may add their own (e.g. market makers). */
export const SYSTEM = {
  /** Mirror of what is held on chain; the only account allowed below zero. */
  hotWallet: 'hot_wallet',
  fees: 'fees',
  escrow: 'escrow',
  insuranceFund: 'insurance_fund',
  rewardPool: 'reward_pool',
} as const;

export function user(uid: number, wallet: Wallet, asset: string): AccountRef {
  return { owner: { kind: 'user', uid }, wallet, asset };
}

export function system(name: string, asset: string, wallet: Wallet = 'spot'): AccountRef {
  return { owner: { kind: 'system', name }, wallet, asset };
}
