import type { LedgerService } from './service';

/** The ledger module's public face. */
export { ledgerModule } from './manifest';
export { DEFAULT_ASSETS } from './assets';
export { LedgerError } from './service';
export { LedgerService } from './service';
export type { AccountBalance, AssetRow, HoldBatch, HoldView, Movement, StatementLine, UserAccount } from './service';
export {
  ACCOUNT_TYPES,
  DEFAULT_SYSTEM_ACCOUNT,
  NEGATIVE_ALLOWED,
  SYSTEM,
  SYSTEM_ACCOUNTS,
  system,
  user,
} from './types';
export type { AccountRef, AccountType, Balance, Bucket, EntryInput, Leg, Owner, SystemAccountSpec } from './types';

declare module '../../platform/module' {
  interface Services {
    ledger: LedgerService;
  }
}
