import { formatDecimal } from '@bourse/contract';
import type Database from 'better-sqlite3';
import { ACCOUNT_TYPES, type AccountType, NEGATIVE_ALLOWED, SYSTEM } from './types';

/**
 * What entered and left the exchange per asset, as the wallet's own records say: two SQL queries taking the asset
 * code as their only parameter and answering one row with a `total` column (deposits credited, withdrawals sent).
 * SQL rather than a callback, so the same check can run on a read-only connection in a worker thread.
 */
export interface ExternalFlows {
  deposited: string;
  withdrawn: string;
}

export interface AssetReconciliation {
  asset: string;
  /** Sum of every account but the asset side (hot wallet, adjustments): what the exchange owes and owns. */
  held: string;
  hotWallet: string;
  deposited: string | null;
  withdrawn: string | null;
  /** Approved operator adjustments, signed (+ credited to users): an external flow like deposits. */
  adjusted: string;
  /** Per account type, what its accounts hold. */
  types: Record<AccountType, string>;
  ok: boolean;
}

export interface ReconciliationReport {
  ok: boolean;
  checkedAt: number;
  ms: number;
  entries: number;
  legs: number;
  accounts: number;
  holds: number;
  assets: AssetReconciliation[];
  problems: string[];
}

interface AccountRow {
  id: bigint;
  owner_kind: string;
  owner_id: bigint;
  asset: string;
  sub: string;
  type: AccountType;
  available: bigint;
  frozen: bigint;
  allow_negative: bigint;
}

/**
 * Proves the ledger: (1) replaying every journal leg gives each stored balance; (2) every entry balances per asset;
 * (3) every account's frozen bucket is exactly the sum of its open holds, every frozen leg of the journal names its
 * holder (or was adopted by one), and no hold is below one unit; (4) no
 * balance is below zero unless its account's type allows it and the account is declared to; (5) per asset all
 * accounts sum to zero, so what is held equals minus the asset side; (6) held = deposits credited − withdrawals sent
 * (the wallet's records) + approved adjustments, and the adjustments account is exactly minus the adjustments.
 */
export function reconcile(db: Database.Database, flows?: ExternalFlows, now = Date.now()): ReconciliationReport {
  const started = performance.now();
  const problems: string[] = [];

  // Per account and bucket; frozen legs also by whether they name their holder (only legs written before holds
  // existed do not, and adoption moved those to a holder: the unnamed ones must sum to zero).
  const replayed = new Map<string, bigint>();
  const unnamed = new Map<bigint, bigint>();
  const sums = db
    .prepare<[], { account_id: bigint; bucket: string; unnamed: bigint; total: bigint }>(
      `SELECT account_id, bucket, holder IS NULL AS unnamed, SUM(amount) AS total FROM journal_legs
       GROUP BY account_id, bucket, holder IS NULL`,
    )
    .safeIntegers(true);
  try {
    for (const row of sums.iterate()) {
      const key = `${row.account_id}:${row.bucket}`;
      replayed.set(key, (replayed.get(key) ?? 0n) + row.total);
      if (row.bucket === 'frozen' && row.unnamed === 1n) unnamed.set(row.account_id, row.total);
    }
  } catch (error) {
    problems.push(`journal replay failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  // The holds: `ledger_holds` has every entry up to the mark; the journal's newer frozen legs complete it.
  const upto = db.prepare<[], number>('SELECT upto FROM ledger_index_upto WHERE id = 1').pluck().get() ?? 0;
  const byHolder = new Map<string, { account: bigint; amount: bigint }>();
  for (const row of db
    .prepare<[], { holder: string; account_id: bigint; amount: bigint }>(
      'SELECT holder, account_id, amount FROM ledger_holds',
    )
    .safeIntegers(true)
    .iterate()) {
    byHolder.set(row.holder, { account: row.account_id, amount: row.amount });
  }
  for (const row of db
    .prepare<[number], { holder: string; account_id: bigint; total: bigint }>(
      `SELECT holder, account_id, SUM(amount) AS total FROM journal_legs
       WHERE entry_id > ? AND holder IS NOT NULL GROUP BY holder, account_id`,
    )
    .safeIntegers(true)
    .iterate(upto)) {
    const hold = byHolder.get(row.holder);
    if (!hold || hold.amount === 0n) byHolder.set(row.holder, { account: row.account_id, amount: row.total });
    else if (hold.account !== row.account_id && row.total !== 0n) {
      problems.push(`hold ${row.holder} is on accounts ${hold.account} and ${row.account_id}`);
    } else hold.amount += row.total;
  }
  const holds = new Map<bigint, bigint>();
  let holdCount = 0;
  for (const [holder, hold] of byHolder) {
    if (hold.amount < 0n) problems.push(`hold ${holder} is ${hold.amount}`);
    if (hold.amount <= 0n) continue;
    holdCount++;
    holds.set(hold.account, (holds.get(hold.account) ?? 0n) + hold.amount);
  }

  const accounts = db
    .prepare<[], AccountRow>(
      'SELECT id, owner_kind, owner_id, asset, sub, type, available, frozen, allow_negative FROM ledger_accounts',
    )
    .safeIntegers(true)
    .all();
  const adjustmentsOwner = db
    .prepare<[string], { id: number }>('SELECT id FROM system_owners WHERE name = ?')
    .get(SYSTEM.adjustments);
  const hotOwner = db
    .prepare<[string], { id: number }>('SELECT id FROM system_owners WHERE name = ?')
    .get(SYSTEM.hotWallet);

  const held = new Map<string, bigint>();
  const hot = new Map<string, bigint>();
  const adjustmentAccounts = new Map<string, bigint>();
  const hotWallet = new Map<string, bigint>();
  const byType = new Map<string, bigint>();
  const known = new Set<bigint>();
  for (const a of accounts) {
    known.add(a.id);
    const label = `account ${a.id} (${a.owner_kind} ${a.owner_id} ${a.asset}${a.sub === '' ? '' : ` ${a.sub}`})`;
    if ((replayed.get(`${a.id}:available`) ?? 0n) !== a.available) {
      problems.push(
        `${label}: available ${a.available} but the journal gives ${replayed.get(`${a.id}:available`) ?? 0n}`,
      );
    }
    if ((replayed.get(`${a.id}:frozen`) ?? 0n) !== a.frozen) {
      problems.push(`${label}: frozen ${a.frozen} but the journal gives ${replayed.get(`${a.id}:frozen`) ?? 0n}`);
    }
    const heldByHolds = holds.get(a.id) ?? 0n;
    if (heldByHolds !== a.frozen) {
      problems.push(`${label}: frozen ${a.frozen} but its holds sum to ${heldByHolds}`);
    }
    const anonymous = unnamed.get(a.id) ?? 0n;
    if (anonymous !== 0n) problems.push(`${label}: ${anonymous} frozen that no hold names`);
    if (a.frozen < 0n || (a.available < 0n && a.allow_negative === 0n)) problems.push(`${label} is negative`);
    if (a.allow_negative === 1n && !NEGATIVE_ALLOWED[a.type]) {
      problems.push(`${label} may go negative, which a ${a.type} account may not`);
    }
    if (a.owner_kind === 'user' && a.type !== 'liability')
      problems.push(`${label} is a user account of type ${a.type}`);
    const total = a.available + a.frozen;
    byType.set(`${a.asset}:${a.type}`, (byType.get(`${a.asset}:${a.type}`) ?? 0n) + total);
    if (a.type === 'asset') hot.set(a.asset, (hot.get(a.asset) ?? 0n) + total);
    else held.set(a.asset, (held.get(a.asset) ?? 0n) + total);
    if (a.owner_kind === 'system' && adjustmentsOwner !== undefined && a.owner_id === BigInt(adjustmentsOwner.id)) {
      adjustmentAccounts.set(a.asset, (adjustmentAccounts.get(a.asset) ?? 0n) + total);
    }
    if (a.owner_kind === 'system' && hotOwner !== undefined && a.owner_id === BigInt(hotOwner.id)) {
      hotWallet.set(a.asset, (hotWallet.get(a.asset) ?? 0n) + total);
    }
  }
  for (const id of holds.keys()) if (!known.has(id)) problems.push(`holds name account ${id}, which does not exist`);

  const unbalanced = db
    .prepare<[], { entry_id: number; asset: string; total: bigint }>(
      'SELECT entry_id, asset, SUM(amount) AS total FROM journal_legs GROUP BY entry_id, asset HAVING SUM(amount) <> 0 LIMIT 20',
    )
    .safeIntegers(true)
    .all();
  for (const u of unbalanced) problems.push(`entry ${u.entry_id} does not balance in ${u.asset}: ${u.total}`);

  const flowQuery = flows
    ? {
        deposited: db.prepare<[string], { total: bigint | null }>(flows.deposited).safeIntegers(true),
        withdrawn: db.prepare<[string], { total: bigint | null }>(flows.withdrawn).safeIntegers(true),
      }
    : null;
  const adjustedQuery = db
    .prepare<[string], bigint | null>(
      "SELECT SUM(amount) FROM ledger_adjustments WHERE asset = ? AND status = 'approved'",
    )
    .pluck()
    .safeIntegers(true);
  const assetRows = db
    .prepare<[], { code: string; scale: number }>('SELECT code, scale FROM assets ORDER BY sort, code')
    .all();
  const assets: AssetReconciliation[] = [];
  for (const asset of assetRows) {
    const h = held.get(asset.code) ?? 0n;
    const w = hot.get(asset.code) ?? 0n;
    const adjusted = adjustedQuery.get(asset.code) ?? 0n;
    let ok = h + w === 0n;
    if (!ok) problems.push(`${asset.code}: accounts sum to ${h + w}, not zero`);
    const adjustmentAccount = adjustmentAccounts.get(asset.code) ?? 0n;
    if (adjustmentAccount !== -adjusted) {
      ok = false;
      problems.push(
        `${asset.code}: the adjustments account holds ${adjustmentAccount} but adjustments are ${adjusted}`,
      );
    }
    let deposited: string | null = null;
    let withdrawn: string | null = null;
    if (flowQuery) {
      const f = {
        deposited: flowQuery.deposited.get(asset.code)?.total ?? 0n,
        withdrawn: flowQuery.withdrawn.get(asset.code)?.total ?? 0n,
      };
      deposited = formatDecimal(f.deposited, asset.scale);
      withdrawn = formatDecimal(f.withdrawn, asset.scale);
      if (f.deposited - f.withdrawn + adjusted !== h) {
        ok = false;
        problems.push(
          `${asset.code}: held ${h} but deposits − withdrawals + adjustments = ${f.deposited - f.withdrawn + adjusted}`,
        );
      }
    }
    const types = {} as Record<AccountType, string>;
    for (const type of ACCOUNT_TYPES)
      types[type] = formatDecimal(byType.get(`${asset.code}:${type}`) ?? 0n, asset.scale);
    assets.push({
      asset: asset.code,
      held: formatDecimal(h, asset.scale),
      hotWallet: formatDecimal(hotWallet.get(asset.code) ?? 0n, asset.scale),
      deposited,
      withdrawn,
      adjusted: formatDecimal(adjusted, asset.scale),
      types,
      ok,
    });
  }

  const counts = db
    .prepare<[], { entries: number; legs: number }>(
      'SELECT (SELECT COUNT(*) FROM journal_entries) AS entries, (SELECT COUNT(*) FROM journal_legs) AS legs',
    )
    .get() ?? { entries: 0, legs: 0 };

  return {
    ok: problems.length === 0,
    checkedAt: now,
    ms: Math.round((performance.now() - started) * 100) / 100,
    entries: counts.entries,
    legs: counts.legs,
    accounts: accounts.length,
    holds: holdCount,
    assets,
    problems,
  };
}
