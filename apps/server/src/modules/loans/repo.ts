import type { Db } from '../../db/database';

export type LoanStatusValue = 'open' | 'liquidating' | 'liquidated' | 'repaid';
export type LoanEventKind = 'borrow' | 'repay' | 'collateral' | 'margin_call' | 'margin_call_cleared' | 'liquidation';

export type LoanAssetRow = {
  asset: string;
  apr: bigint;
  min_amount: bigint;
  max_amount: bigint;
  status: 'active' | 'paused';
  updated_at: number;
};

export type CollateralRow = {
  asset: string;
  initial_ltv: bigint;
  margin_call_ltv: bigint;
  liquidation_ltv: bigint;
  status: 'active' | 'paused';
  updated_at: number;
};

export type LoanRow = {
  id: number;
  uid: number;
  loan_asset: string;
  collateral_asset: string;
  apr: bigint;
  borrowed: bigint;
  principal: bigint;
  interest_units: bigint;
  interest_rem: bigint;
  interest_paid: bigint;
  repaid: bigint;
  collateral: bigint;
  accrued_through: number;
  status: LoanStatusValue;
  margin_call_at: number | null;
  created_at: number;
  closed_at: number | null;
  /** The language the user borrowed in: margin-call mail is written in it. */
  lang: string;
};

export type LoanEventRow = {
  id: number;
  loan_id: number;
  kind: LoanEventKind;
  asset: string;
  amount: bigint;
  interest: bigint;
  ltv: bigint | null;
  at: number;
};

export type LiquidationRow = {
  loan_id: number;
  phase: 'pending' | 'selling' | 'done';
  trigger_price: bigint;
  floor_price: bigint;
  principal: bigint;
  interest: bigint;
  offered: bigint;
  sold_on_book: bigint;
  book_proceeds: bigint;
  sold_to_fund: bigint;
  fund_paid: bigint;
  fund: string | null;
  debt_repaid: bigint;
  bad_debt: bigint;
  returned_collateral: bigint;
  returned_proceeds: bigint;
  started_at: number;
  finished_at: number | null;
  /** The spot order that sold collateral into the book, when one was placed. */
  order_id: number | null;
};

/** Integer columns that are ids, counts or times (not money or rates): read back as numbers. */
const NUMBER_COLUMNS = new Set([
  'id',
  'uid',
  'loan_id',
  'updated_at',
  'accrued_through',
  'margin_call_at',
  'created_at',
  'closed_at',
  'at',
  'started_at',
  'finished_at',
  'order_id',
  'n',
]);

function normalise<R>(row: unknown): R {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    out[key] = typeof value === 'bigint' && NUMBER_COLUMNS.has(key) ? Number(value) : value;
  }
  return out as R;
}

const LOAN_FIELDS = `uid = @uid, principal = @principal, interest_units = @interest_units, interest_rem = @interest_rem,
  interest_paid = @interest_paid, repaid = @repaid, collateral = @collateral, accrued_through = @accrued_through,
  status = @status, margin_call_at = @margin_call_at, closed_at = @closed_at`;

/** SQL for the loan tables; nothing outside this module touches them. */
export function createLoansRepo(db: Db) {
  const big = <P extends unknown[] | Record<string, unknown>>(sql: string) =>
    db.prepare<P, Record<string, unknown>>(sql).safeIntegers(true);
  const q = {
    assets: big<[]>('SELECT * FROM loans_assets ORDER BY asset'),
    asset: big<[string]>('SELECT * FROM loans_assets WHERE asset = ?'),
    upsertAsset: big<LoanAssetRow>(
      `INSERT INTO loans_assets (asset, apr, min_amount, max_amount, status, updated_at)
       VALUES (@asset, @apr, @min_amount, @max_amount, @status, @updated_at)
       ON CONFLICT(asset) DO UPDATE SET apr = excluded.apr, min_amount = excluded.min_amount,
         max_amount = excluded.max_amount, status = excluded.status, updated_at = excluded.updated_at`,
    ),
    collaterals: big<[]>('SELECT * FROM loans_collateral ORDER BY asset'),
    collateral: big<[string]>('SELECT * FROM loans_collateral WHERE asset = ?'),
    upsertCollateral: big<CollateralRow>(
      `INSERT INTO loans_collateral (asset, initial_ltv, margin_call_ltv, liquidation_ltv, status, updated_at)
       VALUES (@asset, @initial_ltv, @margin_call_ltv, @liquidation_ltv, @status, @updated_at)
       ON CONFLICT(asset) DO UPDATE SET initial_ltv = excluded.initial_ltv, margin_call_ltv = excluded.margin_call_ltv,
         liquidation_ltv = excluded.liquidation_ltv, status = excluded.status, updated_at = excluded.updated_at`,
    ),
    insertLoan: big<
      Omit<
        LoanRow,
        'id' | 'interest_units' | 'interest_rem' | 'interest_paid' | 'repaid' | 'margin_call_at' | 'closed_at'
      >
    >(
      `INSERT INTO loans (uid, loan_asset, collateral_asset, apr, borrowed, principal, collateral, accrued_through,
         status, created_at, lang)
       VALUES (@uid, @loan_asset, @collateral_asset, @apr, @borrowed, @principal, @collateral, @accrued_through,
         @status, @created_at, @lang)`,
    ),
    loan: big<[number]>('SELECT * FROM loans WHERE id = ?'),
    saveLoan: big<LoanRow>(`UPDATE loans SET ${LOAN_FIELDS} WHERE id = @id`),
    accruing: big<[number]>(
      "SELECT * FROM loans WHERE status = 'open' AND accrued_through < ? AND principal > 0 ORDER BY id",
    ),
    saveAccrual: big<[bigint, bigint, number, number]>(
      'UPDATE loans SET interest_units = ?, interest_rem = ?, accrued_through = ? WHERE id = ?',
    ),
    byStatus: big<[string]>('SELECT * FROM loans WHERE status = ? ORDER BY id'),
    insertEvent: big<Omit<LoanEventRow, 'id'>>(
      `INSERT INTO loans_events (loan_id, kind, asset, amount, interest, ltv, at)
       VALUES (@loan_id, @kind, @asset, @amount, @interest, @ltv, @at)`,
    ),
    events: big<[number]>('SELECT * FROM loans_events WHERE loan_id = ? ORDER BY id DESC'),
    insertLiquidation: big<
      Pick<LiquidationRow, 'loan_id' | 'trigger_price' | 'floor_price' | 'principal' | 'interest' | 'started_at'>
    >(
      `INSERT INTO loans_liquidations (loan_id, phase, trigger_price, floor_price, principal, interest, started_at)
       VALUES (@loan_id, 'pending', @trigger_price, @floor_price, @principal, @interest, @started_at)`,
    ),
    liquidation: big<[number]>('SELECT * FROM loans_liquidations WHERE loan_id = ?'),
    pendingLiquidations: big<[]>("SELECT * FROM loans_liquidations WHERE phase = 'pending' ORDER BY loan_id"),
    saveLiquidation: big<LiquidationRow>(
      `UPDATE loans_liquidations SET phase = @phase, offered = @offered, sold_on_book = @sold_on_book,
         book_proceeds = @book_proceeds, sold_to_fund = @sold_to_fund, fund_paid = @fund_paid, fund = @fund,
         debt_repaid = @debt_repaid, bad_debt = @bad_debt, returned_collateral = @returned_collateral,
         returned_proceeds = @returned_proceeds, finished_at = @finished_at, order_id = @order_id
       WHERE loan_id = @loan_id`,
    ),
    insertBudget: big<[string, bigint, string, number | null, number]>(
      'INSERT INTO loans_budgets (asset, amount, target, operator_id, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    userCounts: big<[number]>("SELECT COUNT(*) AS n FROM loans WHERE uid = ? AND status IN ('open', 'liquidating')"),
    openOfUser: big<[number]>("SELECT * FROM loans WHERE uid = ? AND status = 'open' ORDER BY id"),
    statusCounts: big<[]>('SELECT status, COUNT(*) AS n FROM loans GROUP BY status'),
    borrowers: big<[]>("SELECT COUNT(DISTINCT uid) AS n FROM loans WHERE status IN ('open', 'liquidating')"),
    owed: big<[]>(
      `SELECT loan_asset AS asset, COUNT(*) AS n, SUM(principal) AS principal, SUM(interest_units) AS units,
         SUM(CASE WHEN interest_rem > 0 THEN 1 ELSE 0 END) AS fractions
       FROM loans WHERE status IN ('open', 'liquidating') GROUP BY loan_asset ORDER BY loan_asset`,
    ),
    collateralHeld: big<[]>(
      `SELECT collateral_asset AS asset, SUM(collateral) AS amount FROM loans WHERE status IN ('open', 'liquidating')
       GROUP BY collateral_asset ORDER BY collateral_asset`,
    ),
    badDebt: big<[]>(
      `SELECT l.loan_asset AS asset, SUM(q.bad_debt) AS amount FROM loans_liquidations q JOIN loans l ON l.id = q.loan_id
       GROUP BY l.loan_asset`,
    ),
  };

  const one = <R>(row: unknown): R | undefined => (row === undefined ? undefined : normalise<R>(row));
  const all = <R>(rows: unknown[]): R[] => rows.map((r) => normalise<R>(r));
  const count = (row: unknown): number => Number((row as { n: bigint } | undefined)?.n ?? 0n);

  return {
    assets: () => all<LoanAssetRow>(q.assets.all()),
    asset: (asset: string) => one<LoanAssetRow>(q.asset.get(asset)),
    upsertAsset: (row: LoanAssetRow) => q.upsertAsset.run(row),
    collaterals: () => all<CollateralRow>(q.collaterals.all()),
    collateral: (asset: string) => one<CollateralRow>(q.collateral.get(asset)),
    upsertCollateral: (row: CollateralRow) => q.upsertCollateral.run(row),
    insertLoan: (row: Parameters<typeof q.insertLoan.run>[0]) => Number(q.insertLoan.run(row).lastInsertRowid),
    loan: (id: number) => one<LoanRow>(q.loan.get(id)),
    saveLoan: (row: LoanRow) => q.saveLoan.run(row),
    accruing: (at: number) => all<LoanRow>(q.accruing.all(at)),
    saveAccrual: (id: number, units: bigint, rem: bigint, at: number) => q.saveAccrual.run(units, rem, at, id),
    byStatus: (status: LoanStatusValue) => all<LoanRow>(q.byStatus.all(status)),
    insertEvent: (row: Omit<LoanEventRow, 'id'>) => q.insertEvent.run(row),
    events: (loanId: number) => all<LoanEventRow>(q.events.all(loanId)),
    insertLiquidation: (row: Parameters<typeof q.insertLiquidation.run>[0]) => q.insertLiquidation.run(row),
    liquidation: (loanId: number) => one<LiquidationRow>(q.liquidation.get(loanId)),
    pendingLiquidations: () => all<LiquidationRow>(q.pendingLiquidations.all()),
    saveLiquidation: (row: LiquidationRow) => q.saveLiquidation.run(row),
    insertBudget: (asset: string, amount: bigint, target: string, operatorId: number | null, now: number) =>
      Number(q.insertBudget.run(asset, amount, target, operatorId, now).lastInsertRowid),
    liveCount: (uid: number) => count(q.userCounts.get(uid)),
    openOfUser: (uid: number) => all<LoanRow>(q.openOfUser.all(uid)),
    statusCounts: () =>
      new Map(all<{ status: LoanStatusValue; n: number }>(q.statusCounts.all()).map((r) => [r.status, r.n])),
    borrowers: () => count(q.borrowers.get()),
    owed: () => all<{ asset: string; n: number; principal: bigint; units: bigint; fractions: bigint }>(q.owed.all()),
    collateralHeld: () => all<{ asset: string; amount: bigint }>(q.collateralHeld.all()),
    badDebt: () => new Map(all<{ asset: string; amount: bigint }>(q.badDebt.all()).map((r) => [r.asset, r.amount])),
    /** A page of loans, filtered; `closed` is repaid or liquidated, `live` open or liquidating. */
    page(
      filter: { uid?: number; status?: LoanStatusValue | 'closed' | 'live' },
      limit: number,
      offset: number,
    ): { list: LoanRow[]; total: number } {
      const where: string[] = [];
      const params: (number | string)[] = [];
      if (filter.uid !== undefined) {
        where.push('uid = ?');
        params.push(filter.uid);
      }
      if (filter.status === 'closed') where.push("status IN ('repaid', 'liquidated')");
      else if (filter.status === 'live') where.push("status IN ('open', 'liquidating')");
      else if (filter.status !== undefined) {
        where.push('status = ?');
        params.push(filter.status);
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const rows = db
        .prepare(`SELECT * FROM loans ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .safeIntegers(true)
        .all(...params, limit, offset);
      const total = db
        .prepare(`SELECT COUNT(*) AS n FROM loans ${clause}`)
        .safeIntegers(true)
        .get(...params);
      return { list: all<LoanRow>(rows), total: count(total) };
    },
  };
}

export type LoansRepo = ReturnType<typeof createLoansRepo>;
