import { z } from 'zod';
import { PRODUCTS } from '../api/products';
import { WALLETS } from '../constants';
import { FundPassword, TotpCode } from './account';
import { DecimalString, err, Id, PageQuery, paged, Timestamp, wholeNumber } from './common';

/** Withdrawals stay locked this long after the withdrawal address book changes (spec §6). */
export const ADDRESS_CHANGE_WITHDRAW_LOCK_HOURS = 24;
/**
 * Why withdrawals are locked: a login-password change or reset, a withdrawal-address change, two-factor switched
 * off, the bound email or phone replaced, or the fund password changed or reset (each for 24 hours; the latest end
 * wins).
 */
export const WithdrawLockReason = z.enum(['password', 'address', 'twoFactor', 'contact', 'fundPassword']);
export type WithdrawLockReason = z.infer<typeof WithdrawLockReason>;
/** Saved withdrawal addresses per user. */
export const ADDRESS_BOOK_MAX = 50;

// ---- Building blocks ----

export const CoinCode = z
  .string(err('ASSET_NOT_FOUND'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, err('ASSET_NOT_FOUND'))
  .describe('asset code, e.g. "USDT"');

export const NetworkCode = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, err('INVALID_PARAMS'))
  .describe('network code, e.g. "TRC20"');

export const WalletName = z.enum(WALLETS, err('INVALID_PARAMS')).describe('one of the six wallets');

/** An amount typed by a user: a plain non-negative decimal. Rules (positive, minimum, precision) follow per action. */
export const WalletAmount = z
  .string(err('AMOUNT_INVALID'))
  .trim()
  .regex(/^\d{1,20}(\.\d{1,30})?$/, err('AMOUNT_INVALID'))
  .describe('decimal amount as a string, e.g. "12.5"');

export const ChainAddress = z
  .string(err('WRONG_ADDRESS'))
  .trim()
  .min(1, err('WRONG_ADDRESS'))
  .max(128, err('WRONG_ADDRESS'))
  .describe('an address on the chosen network');

/** Optional client-chosen key: the same key twice from one user is refused, so a retried submit acts once. */
export const RequestId = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, err('INVALID_PARAMS'))
  .optional()
  .describe(
    'the client’s request id (8–64 letters, digits, - or _): the same request sent again is answered with the first result',
  );

const OptionalTotp = TotpCode.optional().describe('six-digit authenticator code; required when two-factor is on');
const Remark = z.string(err('INVALID_PARAMS')).trim().max(64, err('INVALID_PARAMS'));

// ---- Coins and networks ----

export const ADDRESS_FORMATS = ['evm', 'tron', 'bitcoin', 'litecoin', 'dogecoin', 'solana', 'xrp'] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

export const NetworkInfo = z.object({
  network: z.string().describe('network code, e.g. "TRC20"'),
  name: z.string().describe('what users call it, e.g. "Tron (TRC20)"'),
  addressFormat: z.enum(ADDRESS_FORMATS),
  addressExample: z.string().describe('an address of the right shape, for placeholders'),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  depositMin: DecimalString.describe('smaller deposits are not credited'),
  depositConfirmations: z.number().int().describe('confirmations until a deposit is credited'),
  depositDoneConfirmations: z.number().int().describe('confirmations until a deposit is final'),
  withdrawConfirmations: z.number().int().describe('confirmations until a withdrawal succeeds'),
  withdrawFee: DecimalString.describe('flat network fee, in the coin'),
  withdrawMin: DecimalString,
  withdrawMax: DecimalString.nullable().describe('null: no per-withdrawal maximum'),
  withdrawPrecision: z.number().int().describe('decimal places a withdrawal amount may have'),
});
export type NetworkInfo = z.infer<typeof NetworkInfo>;

export const CoinInfo = z.object({
  asset: z.string(),
  name: z.string(),
  scale: z.number().int().describe('decimal places of the ledger: amounts may not have more'),
  displayPrecision: z.number().int(),
  networks: z.array(NetworkInfo),
});
export type CoinInfo = z.infer<typeof CoinInfo>;

export const CoinQuery = z.object({ asset: CoinCode });
export const CoinNetworkQuery = z.object({ asset: CoinCode, network: NetworkCode });

// ---- Balances ----

export const AssetBalance = z.object({
  asset: z.string(),
  name: z.string(),
  scale: z.number().int(),
  displayPrecision: z.number().int(),
  available: DecimalString,
  frozen: DecimalString,
  total: DecimalString,
  valueUsdt: DecimalString.nullable().describe('null while no price source values this asset'),
});
export type AssetBalance = z.infer<typeof AssetBalance>;

export const WalletBalances = z.object({
  wallet: WalletName,
  valueUsdt: DecimalString.describe('sum of the valued assets'),
  assets: z.array(AssetBalance),
});
export type WalletBalances = z.infer<typeof WalletBalances>;

export const Balances = z.object({
  valueUsdt: DecimalString.describe('every wallet, valued assets only'),
  unpriced: z.array(z.string()).describe('assets held but without a USDT price: not in the totals'),
  wallets: z.array(WalletBalances),
});
export type Balances = z.infer<typeof Balances>;

// ---- Deposits ----

export const DepositAddress = z.object({
  asset: z.string(),
  network: z.string(),
  networkName: z.string(),
  address: z.string(),
  depositMin: DecimalString,
  depositConfirmations: z.number().int(),
  depositDoneConfirmations: z.number().int(),
});
export type DepositAddress = z.infer<typeof DepositAddress>;

export const DEPOSIT_STATUSES = ['pending', 'credited', 'done', 'failed', 'below_min'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DepositRecord = z.object({
  id: z.number().int(),
  asset: z.string(),
  network: z.string(),
  networkName: z.string(),
  address: z.string(),
  txHash: z.string(),
  amount: DecimalString,
  status: z.enum(DEPOSIT_STATUSES),
  confirmations: z.number().int(),
  creditConfirmations: z.number().int(),
  doneConfirmations: z.number().int(),
  createdAt: Timestamp,
  creditedAt: Timestamp.nullable(),
  doneAt: Timestamp.nullable(),
});
export type DepositRecord = z.infer<typeof DepositRecord>;

export const DepositListQuery = z.object({
  asset: CoinCode.optional(),
  ...PageQuery.shape,
});
export const PagedDeposits = paged(DepositRecord);

// ---- Withdrawals ----

export const WITHDRAWAL_STATUSES = [
  'review',
  'approved',
  'broadcast',
  'succeeded',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WithdrawInfo = z.object({
  asset: z.string(),
  network: z.string(),
  available: DecimalString.describe('spot available'),
  withdrawFee: DecimalString,
  withdrawMin: DecimalString,
  withdrawMax: DecimalString.nullable(),
  withdrawPrecision: z.number().int(),
  withdrawConfirmations: z.number().int(),
  maxAmount: DecimalString.describe('the most that can be withdrawn now: available − fee, within the maximum'),
  lockedUntil: Timestamp.nullable().describe('withdrawals are locked until then'),
  lockReason: WithdrawLockReason.nullable(),
  fundPasswordSet: z.boolean(),
  twoFactor: z.boolean(),
});
export type WithdrawInfo = z.infer<typeof WithdrawInfo>;

export const WithdrawBody = z.object({
  asset: CoinCode,
  network: NetworkCode,
  address: ChainAddress,
  amount: WalletAmount.describe('what arrives at the address; the fee is charged on top'),
  fundPassword: FundPassword,
  twoFactorCode: OptionalTotp,
  remark: Remark.optional(),
  requestId: RequestId,
});
export type WithdrawBody = z.infer<typeof WithdrawBody>;

export const Withdrawal = z.object({
  id: z.number().int(),
  asset: z.string(),
  network: z.string(),
  networkName: z.string(),
  address: z.string(),
  amount: DecimalString.describe('arrives at the address'),
  fee: DecimalString,
  total: DecimalString.describe('amount + fee, taken from the spot wallet'),
  remark: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  txHash: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  rejectReason: z.string().nullable(),
  failReason: z.string().nullable(),
  cancellable: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const WithdrawalListQuery = DepositListQuery;
export const PagedWithdrawals = paged(Withdrawal);
export const WithdrawalIdBody = z.object({ id: Id });

// ---- Withdrawal address book ----

export const AddressBookEntry = z.object({
  id: z.number().int(),
  asset: z.string(),
  network: z.string(),
  networkName: z.string(),
  address: z.string(),
  label: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

export const AddressBookQuery = z.object({ asset: CoinCode.optional() });

const AddressLabel = z.string(err('INVALID_PARAMS')).trim().max(32, err('INVALID_PARAMS'));

export const AddAddressBody = z.object({
  asset: CoinCode,
  network: NetworkCode,
  address: ChainAddress,
  label: AddressLabel.default(''),
  fundPassword: FundPassword,
  twoFactorCode: OptionalTotp,
});
export type AddAddressBody = z.infer<typeof AddAddressBody>;

export const UpdateAddressBody = z.object({
  id: Id,
  address: ChainAddress,
  label: AddressLabel.default(''),
  fundPassword: FundPassword,
  twoFactorCode: OptionalTotp,
});
export type UpdateAddressBody = z.infer<typeof UpdateAddressBody>;

export const DeleteAddressBody = WithdrawalIdBody;

// ---- Transfers between a user's own wallets ----

export const TransferBody = z.object({
  asset: CoinCode,
  from: WalletName,
  to: WalletName,
  amount: WalletAmount,
  requestId: RequestId,
});
export type TransferBody = z.infer<typeof TransferBody>;

export const TransferResult = z.object({
  id: z.number().int(),
  asset: z.string(),
  from: WalletName,
  to: WalletName,
  amount: DecimalString,
  createdAt: Timestamp,
});
export type TransferResult = z.infer<typeof TransferResult>;

// ---- Flash transfers to another user ----

export const FlashTarget = z
  .string(err('USER_NOT_FOUND'))
  .trim()
  .min(1, err('USER_NOT_FOUND'))
  .max(254, err('USER_NOT_FOUND'))
  .describe('the recipient’s uid, email or mobile number');

export const FlashRecipientQuery = z.object({ to: FlashTarget });

export const FlashRecipient = z.object({
  uid: z.number().int(),
  account: z.string().describe('masked email or mobile number'),
  nickname: z.string().nullable(),
});
export type FlashRecipient = z.infer<typeof FlashRecipient>;

export const FlashBody = z.object({
  to: FlashTarget,
  asset: CoinCode,
  amount: WalletAmount,
  fundPassword: FundPassword,
  twoFactorCode: OptionalTotp,
  remark: Remark.optional(),
  requestId: RequestId,
});
export type FlashBody = z.infer<typeof FlashBody>;

export const FlashResult = z.object({
  id: z.number().int(),
  asset: z.string(),
  amount: DecimalString,
  to: FlashRecipient,
  createdAt: Timestamp,
});
export type FlashResult = z.infer<typeof FlashResult>;

// ---- Funding records (wallet-details) ----

/** `product`: a movement of another product (mining income, a loan…), titled by the server in the caller's language. */
export const RECORD_TYPES = ['deposit', 'withdraw', 'transfer', 'flash_in', 'flash_out', 'product'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
/** Filter values: `flash` covers both directions; `product` every product's records. */
export const RECORD_FILTERS = ['deposit', 'withdraw', 'transfer', 'flash', 'product'] as const;

export const WalletRecord = z.object({
  key: z.string().describe('unique per record, e.g. "withdraw:12"'),
  type: z.enum(RECORD_TYPES),
  id: z.number().int(),
  asset: z.string(),
  amount: DecimalString,
  fee: DecimalString,
  direction: z.enum(['in', 'out', 'internal']),
  status: z.string().describe('the deposit or withdrawal status; "done" for transfers'),
  network: z.string().nullable(),
  txHash: z.string().nullable(),
  fromWallet: WalletName.nullable(),
  toWallet: WalletName.nullable(),
  counterparty: FlashRecipient.nullable(),
  /** For `product` records: which product, and what happened in the caller's language (null for the wallet's own). */
  product: z.enum(PRODUCTS).nullable(),
  title: z.string().nullable(),
  createdAt: Timestamp,
});
export type WalletRecord = z.infer<typeof WalletRecord>;

export const RecordsQuery = z.object({
  type: z.enum(RECORD_FILTERS, err('INVALID_PARAMS')).optional(),
  asset: CoinCode.optional(),
  ...PageQuery.shape,
});
export type RecordsQuery = z.infer<typeof RecordsQuery>;
export const PagedRecords = paged(WalletRecord);

// ---- Operator ----

export const AdminWithdrawal = Withdrawal.extend({
  uid: z.number().int(),
  reviewedBy: z.number().int().nullable(),
  reviewedAt: Timestamp.nullable(),
  approvalsRequired: z.number().int().describe('1, or 2 above the double-review amount (maker-checker)'),
  firstReviewedBy: z.number().int().nullable().describe('the operator whose approval is waiting for a second'),
  firstReviewedAt: Timestamp.nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

export const AdminWithdrawalQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES, err('INVALID_PARAMS')).optional(),
  uid: wholeNumber({ min: 1 }).optional(),
  /** `oldest`: a review queue worked first come, first served. */
  order: z.enum(['newest', 'oldest'], err('INVALID_PARAMS')).default('newest'),
  ...PageQuery.shape,
});

/** A deposit as operators see it: whose it is. */
export const AdminDeposit = DepositRecord.extend({ uid: z.number().int() });
export type AdminDeposit = z.infer<typeof AdminDeposit>;
export const AdminDepositQuery = z.object({
  uid: wholeNumber({ min: 1 }).optional(),
  status: z.enum(DEPOSIT_STATUSES, err('INVALID_PARAMS')).optional(),
  ...PageQuery.shape,
});
export const PagedAdminDeposits = paged(AdminDeposit);
export const PagedAdminWithdrawals = paged(AdminWithdrawal);

/** The wallet's operator settings. */
export const WalletSettings = z.object({
  doubleReviewAboveUsdt: DecimalString.describe(
    'withdrawals worth more than this (USDT), or with no price, need two different operators to approve',
  ),
});
export type WalletSettings = z.infer<typeof WalletSettings>;

/** How far back a withdrawal's risk evidence looks (deposits, spot trades). */
export const RISK_WINDOW_DAYS = 30;
/** An account younger than this is new. */
export const RISK_NEW_ACCOUNT_DAYS = 7;
/** A withdrawal this soon after the user's last deposit is quick. */
export const RISK_QUICK_AFTER_DEPOSIT_HOURS = 24;
/**
 * What stands out about a withdrawal: a new account; an address this user never withdrew to; an address other users
 * withdrew to; deposits in the window and no spot trade; asked within hours of the last deposit; no deposit ever (the
 * funds came from elsewhere: transfers, adjustments); no price to value it.
 */
export const RISK_HINTS = [
  'newAccount',
  'newAddress',
  'sharedAddress',
  'depositNoTrade',
  'quickAfterDeposit',
  'noDeposits',
  'unpriced',
] as const;
export type RiskHint = (typeof RISK_HINTS)[number];

/** The evidence beside a withdrawal under review (computed by the server at the time asked). */
export const WithdrawalRisk = z.object({
  withdrawalId: z.number().int(),
  uid: z.number().int(),
  accountCreatedAt: Timestamp,
  accountAgeDays: z.number().int().describe('whole days from sign-up to the withdrawal'),
  valueUsdt: DecimalString.nullable().describe('the amount valued in USDT now (null: no price)'),
  windowDays: z.number().int(),
  deposits: z.object({
    ever: z.number().int().describe('credited deposits, all time'),
    lastAt: Timestamp.nullable(),
    recent: z
      .array(z.object({ asset: z.string(), count: z.number().int(), amount: DecimalString }))
      .describe('credited deposits in the window, per coin'),
  }),
  spotTrades: z.number().int().describe('spot trades in the window (the ledger’s trade entries)'),
  address: z.object({
    ownWithdrawals: z.number().int().describe('this user’s earlier completed withdrawals to the address'),
    ownFirstAt: Timestamp.nullable(),
    otherUsers: z.number().int().describe('other users who withdrew to the address'),
  }),
  hints: z.array(z.enum(RISK_HINTS)),
});
export type WithdrawalRisk = z.infer<typeof WithdrawalRisk>;

export const RejectWithdrawalBody = z.object({
  id: Id,
  reason: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(200, err('INVALID_PARAMS')),
});

export const TestDepositBody = z.object({
  asset: CoinCode,
  network: NetworkCode,
  address: ChainAddress,
  amount: WalletAmount,
});
export const TestDepositResult = z.object({
  txHash: z.string(),
  uid: z.number().int().nullable().describe('the user whose deposit address it is, if any'),
});

export const MineBody = z.object({ blocks: wholeNumber({ min: 1, max: 100 }).default(1) });
export const ChainState = z.object({
  simulated: z.boolean(),
  height: z.number().int(),
  blockMs: z.number().int(),
});
export const ChainTxBody = z.object({ txHash: z.string().trim().min(1).max(128) });

/** A transaction waiting for the next block on the simulated chain. */
export const MempoolTx = z.object({
  txHash: z.string(),
  network: z.string(),
  asset: z.string(),
  from: z.string(),
  to: z.string(),
  amount: DecimalString,
  /** `withdrawal`: sent by the exchange's hot wallet; `deposit`: from outside (a test deposit). */
  kind: z.enum(['deposit', 'withdrawal']),
  createdAt: Timestamp,
});
export type MempoolTx = z.infer<typeof MempoolTx>;

export const NetworkSettingsBody = z.object({
  asset: CoinCode,
  network: NetworkCode,
  depositEnabled: z.boolean().optional(),
  withdrawEnabled: z.boolean().optional(),
  depositMin: DecimalString.optional(),
  withdrawFee: DecimalString.optional(),
  withdrawMin: DecimalString.optional(),
  withdrawMax: DecimalString.nullable().optional(),
  withdrawPrecision: z.number().int().min(0).max(18).optional(),
  depositConfirmations: z.number().int().min(1).max(1000).optional(),
  depositDoneConfirmations: z.number().int().min(1).max(1000).optional(),
  withdrawConfirmations: z.number().int().min(1).max(1000).optional(),
});
export type NetworkSettingsBody = z.infer<typeof NetworkSettingsBody>;
