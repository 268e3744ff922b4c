import type { Wallet } from '@bourse/contract';

/** Who holds an account: a user (by uid) or a named system owner (fees, hot_wallet, treasury, market makers…). */
export type Owner = { kind: 'user'; uid: number } | { kind: 'system'; name: string };

export interface AccountRef {
  owner: Owner;
  wallet: Wallet;
  asset: string;
  /**
   * A separate pot inside one wallet (an isolated position's margin, a loan's collateral, a C2C escrow), named by the
   * module that owns it; '' (or absent) is the wallet's main pot, the one the wallet shows as the balance.
   */
  sub?: string;
}

export type Bucket = 'available' | 'frozen';

/** One signed change of one bucket of one account. */
export interface Leg {
  account: AccountRef;
  bucket?: Bucket;
  amount: bigint;
  /**
   * Who holds the frozen units this leg adds or takes (`order:123`, `withdrawal:45`): required on every frozen leg,
   * so that every frozen unit is attributable to one open hold.
   */
  holder?: string;
}

export interface EntryInput {
  /** Unique across the ledger: the same reference twice is refused. */
  reference: string;
  /** What kind of movement this is (wallet.deposit, spot.trade…); statements and the wallet's records read it. */
  reason: string;
  legs: Leg[];
  meta?: Record<string, unknown>;
  /**
   * The caller vouches that the reference is new — it embeds an id the caller has just allocated above every id it
   * has written — so the journal is not searched for it (a lookup per posting on the hottest paths). The journal's
   * unique index still refuses a duplicate when the entry is written, which rolls the whole transaction back.
   */
  fresh?: boolean;
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/**
 * The chart of accounts. The sign convention is the ledger's: a balance is what the exchange owes the account's
 * owner, so user accounts (liabilities) are positive and the exchange's holdings on chain (an asset) are negative.
 */
export type AccountType = 'asset' | 'liability' | 'revenue' | 'expense' | 'equity';
export const ACCOUNT_TYPES = ['asset', 'liability', 'revenue', 'expense', 'equity'] as const;

/**
 * Which types may go below zero at all. An asset mirror is negative by construction (it is minus what the exchange
 * holds); an expense account is minus what was paid out; an equity account goes negative by the capital the
 * exchange put to work. What the exchange owes (liabilities) and what it earned (revenue) never go negative: that
 * would be money paid out that nobody had. A system account of a type that may go negative still does so only when
 * it is declared to.
 */
export const NEGATIVE_ALLOWED: Readonly<Record<AccountType, boolean>> = {
  asset: true,
  liability: false,
  revenue: false,
  expense: true,
  equity: true,
};

export interface SystemAccountSpec {
  type: AccountType;
  /** Whether its balance may go below zero (only for a type that allows it). */
  negative: boolean;
}

/** Names of the system owners the exchange itself needs. Modules may add their own (e.g. market makers). */
export const SYSTEM = {
  /** Mirror of what is held on chain: minus every deposit credited, plus every withdrawal sent. */
  hotWallet: 'hot_wallet',
  /** The other side of operators' balance adjustments (maker-checker): money that moved outside the chain adapter. */
  adjustments: 'adjustments',
  fees: 'fees',
  escrow: 'escrow',
  insuranceFund: 'insurance_fund',
  rewardPool: 'reward_pool',
  optionsPool: 'options_pool',
  interestExpense: 'interest_expense',
  /** The exchange's own capital: market-maker capital and budgets come from here. */
  treasury: 'treasury',
} as const;

/**
 * The type of every system account the exchange declares itself, and why (see README.md, "Account types"). A
 * system owner nobody declared is `equity` and never negative (market makers: the exchange's capital at work, they
 * spend only what they hold).
 */
export const SYSTEM_ACCOUNTS: Readonly<Record<string, SystemAccountSpec>> = {
  [SYSTEM.hotWallet]: { type: 'asset', negative: true },
  [SYSTEM.adjustments]: { type: 'asset', negative: true },
  [SYSTEM.fees]: { type: 'revenue', negative: false },
  [SYSTEM.escrow]: { type: 'liability', negative: false },
  [SYSTEM.insuranceFund]: { type: 'equity', negative: false },
  [SYSTEM.rewardPool]: { type: 'expense', negative: true },
  [SYSTEM.optionsPool]: { type: 'equity', negative: true },
  [SYSTEM.interestExpense]: { type: 'expense', negative: true },
  [SYSTEM.treasury]: { type: 'equity', negative: true },
};

/** What a system owner nobody declared is. */
export const DEFAULT_SYSTEM_ACCOUNT: SystemAccountSpec = { type: 'equity', negative: false };

export function user(uid: number, wallet: Wallet, asset: string, sub = ''): AccountRef {
  return sub === ''
    ? { owner: { kind: 'user', uid }, wallet, asset }
    : { owner: { kind: 'user', uid }, wallet, asset, sub };
}

export function system(name: string, asset: string, wallet: Wallet = 'spot', sub = ''): AccountRef {
  return sub === ''
    ? { owner: { kind: 'system', name }, wallet, asset }
    : { owner: { kind: 'system', name }, wallet, asset, sub };
}
