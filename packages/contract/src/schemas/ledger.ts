import { z } from 'zod';
import { err, Id, PageQuery, paged, SignedDecimalString, Timestamp, wholeNumber } from './common';
import { CoinCode, WalletName } from './wallet';

// ---- Reconciliation ----

/** Per account type, what all accounts of that type hold in one asset (signed: the asset side is negative). */
export const ReconcileTypes = z.object({
  asset: SignedDecimalString,
  liability: SignedDecimalString,
  revenue: SignedDecimalString,
  expense: SignedDecimalString,
  equity: SignedDecimalString,
});

/** One asset in a reconciliation: what is held against what came in and went out. */
export const ReconcileAsset = z.object({
  asset: z.string(),
  held: z.string().describe('every account but the asset side (hot wallet, adjustments): what the exchange holds'),
  hotWallet: z.string(),
  deposited: z.string().nullable(),
  withdrawn: z.string().nullable(),
  adjusted: SignedDecimalString.describe('approved operator adjustments, signed: + credited to users'),
  types: ReconcileTypes,
  ok: z.boolean(),
});

/** The ledger's reconciliation report. */
export const ReconcileReport = z.object({
  ok: z.boolean(),
  checkedAt: z.number().int(),
  ms: z.number(),
  entries: z.number().int(),
  legs: z.number().int(),
  accounts: z.number().int(),
  holds: z.number().int().describe('open holds; per account they sum to its frozen balance'),
  assets: z.array(ReconcileAsset),
  problems: z.array(z.string()),
});
export type ReconcileReport = z.infer<typeof ReconcileReport>;

// ---- Accounts, statements, holds ----

export const ACCOUNT_TYPES = ['asset', 'liability', 'revenue', 'expense', 'equity'] as const;

/** An account named on the wire: a user's (uid) or a system owner's (name), in a wallet, an asset and a sub-pot. */
const AccountFields = {
  uid: wholeNumber({ min: 1 }).optional(),
  system: z
    .string(err('INVALID_PARAMS'))
    .regex(/^[a-z0-9_.:-]{1,64}$/, err('INVALID_PARAMS'))
    .optional()
    .describe('a system owner instead of a user: fees, hot_wallet, treasury, market_maker:1…'),
  wallet: WalletName.default('spot'),
  asset: CoinCode,
  sub: z
    .string(err('INVALID_PARAMS'))
    .max(64, err('INVALID_PARAMS'))
    .default('')
    .describe("sub-account ('' = the wallet's main pot)"),
};
const oneOwner = (q: { uid?: number; system?: string }) => (q.uid === undefined) !== (q.system === undefined);

export const AccountQuery = z.object(AccountFields).refine(oneOwner, err('INVALID_PARAMS'));

export const StatementQuery = z
  .object({
    ...AccountFields,
    before: wholeNumber({ min: 1 }).optional().describe('entry id: the page of movements older than this one'),
    limit: wholeNumber({ min: 1, max: 200 }).default(50),
  })
  .refine(oneOwner, err('INVALID_PARAMS'));

/** One movement of one account: its journal entry and the account's balances after it. */
export const StatementLine = z.object({
  entryId: z.number().int(),
  reference: z.string(),
  reason: z.string(),
  createdAt: Timestamp,
  available: SignedDecimalString.describe('change of the available bucket'),
  frozen: SignedDecimalString.describe('change of the frozen bucket'),
  availableAfter: SignedDecimalString,
  frozenAfter: SignedDecimalString,
  meta: z.record(z.string(), z.unknown()).nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const Statement = z.object({
  account: z.object({
    id: z.number().int().nullable().describe('null: the account has never been used'),
    type: z.enum(ACCOUNT_TYPES).nullable(),
    available: SignedDecimalString,
    frozen: SignedDecimalString,
  }),
  list: z.array(StatementLine),
  next: z.number().int().nullable().describe('`before` for the next (older) page; null at the first movement'),
});

export const Hold = z.object({
  holder: z.string().describe('what holds the frozen amount: order:123, withdrawal:45…'),
  amount: z.string(),
  createdAt: Timestamp,
});
export const Holds = z.object({ frozen: z.string(), list: z.array(Hold) });

// ---- Operator balance adjustments (maker-checker) ----

export const ADJUSTMENT_STATUSES = ['proposed', 'approved', 'rejected'] as const;

export const Adjustment = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  wallet: WalletName,
  asset: z.string(),
  amount: SignedDecimalString.describe('positive credits the user, negative debits'),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposedBy: z.number().int(),
  proposedAt: Timestamp,
  decidedBy: z.number().int().nullable(),
  decidedAt: Timestamp.nullable(),
  note: z.string().nullable(),
  entryId: z.number().int().nullable().describe('the journal entry of an approved adjustment'),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const ProposeAdjustmentBody = z.object({
  uid: wholeNumber({ min: 1, error: 'USER_NOT_FOUND' }),
  wallet: WalletName.default('spot'),
  asset: CoinCode,
  amount: z
    .string(err('AMOUNT_INVALID'))
    .trim()
    .regex(/^-?\d{1,20}(\.\d{1,30})?$/, err('AMOUNT_INVALID'))
    .describe('signed decimal: "25" credits the user, "-25" debits'),
  reason: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(500, err('INVALID_PARAMS')),
  requestId: z.string().trim().min(1).max(64).optional().describe('the same id twice is refused (ALREADY_HANDLED)'),
});
export type ProposeAdjustmentBody = z.infer<typeof ProposeAdjustmentBody>;

export const DecideAdjustmentBody = z
  .object({ note: z.string(err('INVALID_PARAMS')).trim().max(500, err('INVALID_PARAMS')).optional() })
  .default({});

export const AdjustmentIdParam = z.object({ id: Id });

export const AdjustmentQuery = z.object({
  status: z.enum(ADJUSTMENT_STATUSES, err('INVALID_PARAMS')).optional(),
  uid: wholeNumber({ min: 1 }).optional(),
  ...PageQuery.shape,
});
export const PagedAdjustments = paged(Adjustment);

// ---- System accounts, journal search ----

/** One system account (a system owner's pot in one wallet, asset and sub-account) with its balances. */
export const SystemAccount = z.object({
  system: z.string().describe('the system owner: fees, hot_wallet, treasury, market_maker:1…'),
  wallet: WalletName,
  asset: z.string(),
  sub: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  available: SignedDecimalString,
  frozen: z.string(),
});
export type SystemAccount = z.infer<typeof SystemAccount>;
export const SystemAccounts = z.object({ list: z.array(SystemAccount) });

export const JournalQuery = z.object({
  reference: z
    .string(err('INVALID_PARAMS'))
    .trim()
    .min(3, err('INVALID_PARAMS'))
    .max(128, err('INVALID_PARAMS'))
    .refine((r) => r.replace(/\*$/, '').length >= 3 && !r.slice(0, -1).includes('*'), err('INVALID_PARAMS'))
    .describe('exact reference, or a prefix ending with `*` (at least 3 characters before it)'),
  ...PageQuery.shape,
});

/** One leg of a journal entry: which account's bucket changed by how much, and the hold it names. */
export const JournalLeg = z.object({
  owner: z.enum(['user', 'system']),
  uid: z.number().int().nullable(),
  system: z.string().nullable(),
  wallet: WalletName,
  asset: z.string(),
  sub: z.string(),
  bucket: z.enum(['available', 'frozen']),
  amount: SignedDecimalString,
  holder: z.string().nullable(),
});
export type JournalLeg = z.infer<typeof JournalLeg>;

export const JournalEntry = z.object({
  id: z.number().int(),
  reference: z.string(),
  reason: z.string(),
  createdAt: Timestamp,
  meta: z.record(z.string(), z.unknown()).nullable(),
  legs: z.array(JournalLeg),
});
export type JournalEntry = z.infer<typeof JournalEntry>;
export const PagedJournal = paged(JournalEntry);
