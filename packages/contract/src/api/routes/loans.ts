import { z } from 'zod';
import { DecimalString, err, Id, IdParam, PageQuery, paged, Timestamp, wholeNumber } from '../../schemas/common';
import { CoinCode, RequestId } from '../../schemas/wallet';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

/**
 * Crypto loans (`/pages/lending/*`): borrow a coin against collateral held in a sub-account of the user's spot wallet.
 * LTV = (principal + accrued interest) / collateral value, both at index prices. Interest accrues each minute on the
 * principal outstanding. At the margin-call LTV the user is told (in the app and by mail); at the liquidation LTV the
 * collateral is sold to repay the debt and the rest goes back to the user.
 *
 * Percentages (APR, LTVs) travel as percent decimal strings: "65" is 65 %, "8.5" is 8.5 % a year.
 */

/** open → repaid (paid in full) | liquidating → liquidated. */
export const LOAN_STATUSES = ['open', 'liquidating', 'liquidated', 'repaid'] as const;
export const LoanStatus = z.enum(LOAN_STATUSES);
export type LoanStatus = z.infer<typeof LoanStatus>;

/** Where the LTV stands against the thresholds. */
export const LOAN_RISKS = ['healthy', 'margin_call', 'liquidation'] as const;
export const LoanRisk = z.enum(LOAN_RISKS);
export type LoanRisk = z.infer<typeof LoanRisk>;

const LoanAmountText = z
  .string(err('AMOUNT_INVALID'))
  .trim()
  .regex(/^\d{1,20}(\.\d{1,30})?$/, err('AMOUNT_INVALID'))
  .describe('decimal amount as a string, e.g. "12.5"');

const Percent = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .regex(/^\d{1,3}(\.\d{1,6})?$/, err('INVALID_PARAMS'))
  .describe('a percentage as a decimal string, e.g. "65" or "8.5"');

export const LoanAssetAmount = z.object({ asset: z.string(), amount: DecimalString });
export type LoanAssetAmount = z.infer<typeof LoanAssetAmount>;

export const LOAN_ASSET_STATUSES = ['active', 'paused'] as const;
export const LoanAssetStatus = z.enum(LOAN_ASSET_STATUSES);

/** A coin that can be borrowed. */
export const LoanableAsset = z.object({
  asset: z.string(),
  apr: Percent.describe('yearly interest, accrued each minute'),
  minAmount: DecimalString,
  maxAmount: DecimalString.describe('per loan'),
  available: DecimalString.describe('what the loan book can lend now'),
  status: LoanAssetStatus,
});
export type LoanableAsset = z.infer<typeof LoanableAsset>;

/** A coin accepted as collateral, with its thresholds. */
export const LoanCollateralAsset = z.object({
  asset: z.string(),
  initialLtv: Percent,
  marginCallLtv: Percent,
  liquidationLtv: Percent,
  price: DecimalString.nullable().describe('index price in USDT; null while unknown'),
  status: LoanAssetStatus,
});
export type LoanCollateralAsset = z.infer<typeof LoanCollateralAsset>;

export const LoanMarket = z.object({
  loanable: z.array(LoanableAsset),
  collateral: z.array(LoanCollateralAsset),
});
export type LoanMarket = z.infer<typeof LoanMarket>;

export const LoanQuoteQuery = z.object({
  loanAsset: CoinCode,
  collateralAsset: CoinCode,
  collateral: DecimalString.optional().describe('collateral to put up'),
  amount: DecimalString.optional().describe('amount to borrow'),
});

/** What a loan would look like, computed by the server from index prices. */
export const LoanQuote = z.object({
  loanAsset: z.string(),
  collateralAsset: z.string(),
  price: DecimalString.describe('index price of one collateral coin in the loan coin'),
  apr: Percent,
  initialLtv: Percent,
  marginCallLtv: Percent,
  liquidationLtv: Percent,
  collateralValue: DecimalString.nullable().describe('in the loan coin'),
  maxBorrow: DecimalString.nullable().describe('the most this collateral allows at the initial LTV (and the book)'),
  requiredCollateral: DecimalString.nullable().describe('the least collateral for `amount` at the initial LTV'),
  ltv: Percent.nullable().describe('for `amount` and `collateral`'),
  marginCallPrice: DecimalString.nullable().describe('collateral price at which the margin call comes'),
  liquidationPrice: DecimalString.nullable().describe('collateral price at which the loan is liquidated'),
  hourlyInterest: DecimalString.nullable().describe('interest on `amount` for an hour'),
  dailyInterest: DecimalString.nullable(),
});
export type LoanQuote = z.infer<typeof LoanQuote>;

export const Loan = z.object({
  id: z.number().int(),
  status: LoanStatus,
  risk: LoanRisk,
  loanAsset: z.string(),
  collateralAsset: z.string(),
  borrowed: DecimalString.describe('the original principal'),
  principal: DecimalString.describe('principal still owed'),
  interest: DecimalString.describe('interest accrued and not paid (rounded up to the coin’s unit)'),
  debt: DecimalString.describe('principal + interest: what repays the loan now'),
  collateral: DecimalString,
  apr: Percent,
  ltv: Percent.nullable().describe('now, rounded up; null without an index price'),
  initialLtv: Percent,
  marginCallLtv: Percent,
  liquidationLtv: Percent,
  price: DecimalString.nullable().describe('index price of one collateral coin in the loan coin'),
  marginCallPrice: DecimalString.nullable(),
  liquidationPrice: DecimalString.nullable(),
  interestPaid: DecimalString,
  repaid: DecimalString.describe('principal repaid'),
  marginCallAt: Timestamp.nullable().describe('when the LTV last reached the margin call (null: below it since)'),
  createdAt: Timestamp,
  closedAt: Timestamp.nullable(),
});
export type Loan = z.infer<typeof Loan>;

export const LOAN_EVENT_KINDS = [
  'borrow',
  'repay',
  'collateral',
  'margin_call',
  'margin_call_cleared',
  'liquidation',
] as const;
export const LoanEvent = z.object({
  id: z.number().int(),
  kind: z.enum(LOAN_EVENT_KINDS),
  /** borrow: principal; repay: paid (interest + principal); collateral: added; liquidation: debt repaid. */
  amount: DecimalString,
  asset: z.string(),
  interest: DecimalString.describe('repay: the part that paid interest'),
  ltv: Percent.nullable().describe('the LTV at that moment'),
  at: Timestamp,
});
export type LoanEvent = z.infer<typeof LoanEvent>;

/** How a liquidation went. */
export const LoanLiquidation = z.object({
  price: DecimalString.describe('the index price that triggered it (collateral in the loan coin)'),
  floorPrice: DecimalString.describe('the lowest price the collateral was sold at'),
  soldOnBook: DecimalString.describe('collateral sold into the spot book'),
  bookProceeds: DecimalString,
  soldToFund: DecimalString.describe('collateral the insurance fund (or the loan book) took at the floor price'),
  fundPaid: DecimalString,
  debtRepaid: DecimalString,
  badDebt: DecimalString.describe('debt the collateral could not cover (borne by the insurance fund or the book)'),
  returnedCollateral: DecimalString,
  returnedProceeds: DecimalString.describe('proceeds above the debt, returned in the loan coin'),
  at: Timestamp,
});
export type LoanLiquidation = z.infer<typeof LoanLiquidation>;

export const LoanDetail = Loan.extend({
  events: z.array(LoanEvent).describe('newest first'),
  liquidation: LoanLiquidation.nullable(),
});
export type LoanDetail = z.infer<typeof LoanDetail>;

export const LoanBorrowBody = z.object({
  loanAsset: CoinCode,
  amount: LoanAmountText,
  collateralAsset: CoinCode,
  collateral: LoanAmountText,
  requestId: RequestId,
});
export type LoanBorrowBody = z.infer<typeof LoanBorrowBody>;

export const LoanRepayBody = z
  .object({
    loanId: Id,
    amount: LoanAmountText.optional().describe('how much to repay (interest first); left out with `full`'),
    full: z.boolean().default(false).describe('repay everything owed now'),
    requestId: RequestId,
  })
  .refine((b) => b.full || b.amount !== undefined, { ...err('AMOUNT_INVALID'), path: ['amount'] });
export type LoanRepayBody = z.infer<typeof LoanRepayBody>;

export const LoanCollateralBody = z.object({ loanId: Id, amount: LoanAmountText, requestId: RequestId });
export type LoanCollateralBody = z.infer<typeof LoanCollateralBody>;

export const LoansQuery = z.object({
  status: z.enum(['open', 'closed'], err('INVALID_PARAMS')).optional().describe('closed: repaid or liquidated'),
  ...PageQuery.shape,
});

export const LoanSummary = z.object({
  open: z.number().int(),
  marginCall: z.number().int().describe('open loans at or above the margin-call LTV'),
  debts: z.array(LoanAssetAmount),
});
export type LoanSummary = z.infer<typeof LoanSummary>;

/** A frame on the private `loans` channel. */
export const LoanFrame = z.object({
  kind: z.enum(['update', 'margin_call', 'liquidated', 'closed']),
  loan: Loan,
});
export type LoanFrame = z.infer<typeof LoanFrame>;

// ---- operators ----

export const LoanableAssetInput = z.object({
  asset: CoinCode,
  apr: Percent,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  status: LoanAssetStatus.default('active'),
});
export type LoanableAssetInput = z.infer<typeof LoanableAssetInput>;

export const LoanCollateralInput = z.object({
  asset: CoinCode,
  initialLtv: Percent,
  marginCallLtv: Percent,
  liquidationLtv: Percent,
  status: LoanAssetStatus.default('active'),
});
export type LoanCollateralInput = z.infer<typeof LoanCollateralInput>;

export const LoanBookRow = z.object({
  asset: z.string(),
  available: DecimalString.describe('what the book can lend now'),
  lent: DecimalString.describe('principal outstanding'),
  interestOwed: DecimalString.describe('accrued interest not paid yet'),
  interestEarned: DecimalString.describe('interest paid to the exchange'),
  badDebt: DecimalString.describe('debt liquidations could not cover'),
});
export const LoanBook = z.object({
  account: z.string().describe('the loan book’s system account'),
  rows: z.array(LoanBookRow),
});
export type LoanBook = z.infer<typeof LoanBook>;

export const LoanBudgetBody = z.object({ asset: CoinCode, amount: LoanAmountText });

export const AdminLoansQuery = z.object({
  uid: wholeNumber({ min: 1 }).optional(),
  status: z.enum([...LOAN_STATUSES, 'closed'], err('INVALID_PARAMS')).optional(),
  atRisk: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('only open loans at or above the margin-call LTV, highest LTV first'),
  ...PageQuery.shape,
});
export const AdminLoan = Loan.extend({ uid: z.number().int() });
export type AdminLoan = z.infer<typeof AdminLoan>;

export const AdminLoanDetail = LoanDetail.extend({ uid: z.number().int() });

export const LoanTotalsRow = z.object({
  asset: z.string(),
  loans: z.number().int(),
  principal: DecimalString,
  interest: DecimalString,
  debt: DecimalString,
});
export const LoanTotals = z.object({
  open: z.number().int(),
  atRisk: z.number().int(),
  liquidating: z.number().int(),
  borrowers: z.number().int(),
  owed: z.array(LoanTotalsRow).describe('per loan coin: what borrowers owe'),
  collateral: z.array(LoanAssetAmount).describe('collateral held for open loans'),
});
export type LoanTotals = z.infer<typeof LoanTotals>;

const tags = ['loans'];
const adminTags = ['operator: loans'];

/** Crypto loans: the trader's side (product `loans`). */
export const loansApi = {
  market: route({
    method: 'GET',
    path: '/mapi/loans/assets',
    access: PUBLIC,
    product: 'loans',
    tags,
    summary: 'Coins that can be borrowed (rate, limits, what the book can lend) and coins accepted as collateral',
    data: LoanMarket,
  }),
  quote: route({
    method: 'GET',
    path: '/mapi/loans/quote',
    access: PUBLIC,
    product: 'loans',
    tags,
    summary: 'What a loan would look like at index prices: maximum, LTV, margin-call and liquidation prices',
    query: LoanQuoteQuery,
    data: LoanQuote,
  }),
  borrow: route({
    method: 'POST',
    path: '/mapi/loans/borrow',
    access: USER,
    product: 'loans',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Borrow against collateral from the spot wallet, at most the initial LTV; the loan lands in spot',
    body: LoanBorrowBody,
    data: Loan,
  }),
  loans: route({
    method: 'GET',
    path: '/mapi/loans/loans',
    access: USER,
    product: 'loans',
    tags,
    summary: 'The user’s loans, newest first, with their LTV now',
    query: LoansQuery,
    data: paged(Loan),
  }),
  loan: route({
    method: 'GET',
    path: '/mapi/loans/loans/:id',
    access: USER,
    product: 'loans',
    tags,
    summary: 'One of the user’s loans with its history and, if it came to that, its liquidation',
    params: IdParam,
    data: LoanDetail,
  }),
  repay: route({
    method: 'POST',
    path: '/mapi/loans/repay',
    access: USER,
    product: 'loans',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Repay from spot, interest first; repaying everything returns the collateral to spot',
    body: LoanRepayBody,
    data: Loan,
  }),
  addCollateral: route({
    method: 'POST',
    path: '/mapi/loans/collateral',
    access: USER,
    product: 'loans',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Add collateral from spot to lower the LTV',
    body: LoanCollateralBody,
    data: Loan,
  }),
  summary: route({
    method: 'GET',
    path: '/mapi/loans/summary',
    access: USER,
    product: 'loans',
    tags,
    summary: 'Open loans, those in margin call, and what is owed per coin',
    data: LoanSummary,
  }),
} as const;

/** Crypto loans: the operators' side (permission `products.manage`). */
export const LoanTestIndexBody = z.object({
  asset: CoinCode,
  price: DecimalString.describe('USDT per coin'),
});
export type LoanTestIndexBody = z.infer<typeof LoanTestIndexBody>;

export const loansAdminApi = {
  assets: route({
    method: 'GET',
    path: '/admin/api/loans/assets',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Loanable coins and collateral coins, paused ones too',
    data: LoanMarket,
  }),
  saveAsset: route({
    method: 'POST',
    path: '/admin/api/loans/assets',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Add or edit a loanable coin: rate, limits, pause (open loans keep the rate they were taken at)',
    body: LoanableAssetInput,
    data: LoanableAsset,
  }),
  saveCollateral: route({
    method: 'POST',
    path: '/admin/api/loans/collateral',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Add or edit a collateral coin: initial, margin-call and liquidation LTV (apply to open loans too), pause',
    body: LoanCollateralInput,
    data: LoanCollateralAsset,
  }),
  book: route({
    method: 'GET',
    path: '/admin/api/loans/book',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'The loan book per coin: what it can lend, what is lent, interest owed and earned, bad debt',
    data: LoanBook,
  }),
  budget: route({
    method: 'POST',
    path: '/admin/api/loans/book',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Move budget from the treasury into the loan book',
    body: LoanBudgetBody,
    data: LoanBook,
  }),
  loans: route({
    method: 'GET',
    path: '/admin/api/loans/loans',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Loans by user and state; `atRisk` lists open loans at or above the margin call, highest LTV first',
    query: AdminLoansQuery,
    data: paged(AdminLoan),
  }),
  loan: route({
    method: 'GET',
    path: '/admin/api/loans/loans/:id',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'One loan with its history and liquidation',
    params: IdParam,
    data: AdminLoanDetail,
  }),
  totals: route({
    method: 'GET',
    path: '/admin/api/loans/totals',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'What borrowers owe per coin, collateral held, loans at risk',
    data: LoanTotals,
  }),
  testIndex: route({
    method: 'POST',
    path: '/admin/api/loans/testIndex',
    access: operator('products.manage'),
    tags: adminTags,
    summary:
      'Test servers only (TEST_CLOCK): pin the index price (USDT) loans use for a coin, to walk a price drop; NOT_FOUND elsewhere',
    body: LoanTestIndexBody,
    data: LoanTestIndexBody,
  }),
} as const;
