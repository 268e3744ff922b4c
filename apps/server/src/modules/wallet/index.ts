import type { WalletService } from './service';

/** The wallet module's public face. */
export { walletModule } from './manifest';
export { monthsBefore, withdrawalHolder } from './service';
export type {
  PriceSource,
  RecordFilter,
  RecordReader,
  TransferGuard,
  WalletService,
  WithdrawLock,
  WithdrawLockSource,
  WithdrawLimitSource,
} from './service';

declare module '../../platform/module' {
  interface Services {
    wallet: WalletService;
  }
}
