import { formatDecimal } from '@bourse/contract';
import type Database from 'better-sqlite3';
import { SYSTEM } from './types';

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
  /** Sum of every account except the hot-wallet mirror: what the exchange owes its users and itself. */
  held: string;
  hotWallet: string;
  deposited: string | null;
  withdrawn: string | null;
  ok: boolean;
}

export interface ReconciliationReport {
  ok: boolean;
  checkedAt: number;
  ms: number;
  entries: number;
  legs: number;
  accounts: number;
  assets: AssetReconciliation[];
  problems: string[];
}

/**
 * Proves the ledger: (1) replaying every journal leg gives each stored balance; (2) every entry balances per asset;
 * (3) no balance is below zero (but the hot-wallet mirror); (4) per asset all accounts sum to zero, so what is held
 * equals minus the hot-wallet mirror; (5) with the wallet's records, held = deposits credited − withdrawals sent.
 */
export function reconcile(db: Database.Database, flows?: ExternalFlows, now = Date.now()): ReconciliationReport {
  const started = performance.now();
  const problems: string[] = [];

  const replayed = new Map<string, bigint>();
  const sums = db
    .prepare<[], { account_id: bigint; bucket: string; total: bigint }>(
      'SELECT account_id, bucket, SUM(amount) AS total FROM journal_legs GROUP BY account_id, bucket',
    )
    .safeIntegers(true);
  try {
    for (const row of sums.iterate()) replayed.set(`${row.account_id}:${row.bucket}`, row.total);
  } catch (error) {
    problems.push(`journal replay failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  const accounts = db
    .prepare<
      [],
      {
        id: bigint;
        owner_kind: string;
        owner_id: bigint;
        asset: string;
        available: bigint;
        frozen: bigint;
        allow_negative: bigint;
      }
    >('SELECT id, owner_kind, owner_id, asset, available, frozen, allow_negative FROM ledger_accounts')
    .safeIntegers(true)
    .all();
  const hotOwner = db
    .prepare<[string], { id: number }>('SELECT id FROM system_owners WHERE name = ?')
    .get(SYSTEM.hotWallet);

  const held = new Map<string, bigint>();
  const hot = new Map<string, bigint>();
  for (const a of accounts) {
    const label = `account ${a.id} (${a.owner_kind} ${a.owner_id} ${a.asset})`;
    if ((replayed.get(`${a.id}:available`) ?? 0n) !== a.available) {
      problems.push(
        `${label}: available ${a.available} but the journal gives ${replayed.get(`${a.id}:available`) ?? 0n}`,
      );
    }
    if ((replayed.get(`${a.id}:frozen`) ?? 0n) !== a.frozen) {
      problems.push(`${label}: frozen ${a.frozen} but the journal gives ${replayed.get(`${a.id}:frozen`) ?? 0n}`);
    }
    if ((a.available < 0n && a.allow_negative === 0n) || a.frozen < 0n) problems.push(`${label} is negative`);
    const isHot = a.owner_kind === 'system' && hotOwner !== undefined && a.owner_id === BigInt(hotOwner.id);
    const bucket = isHot ? hot : held;
    bucket.set(a.asset, (bucket.get(a.asset) ?? 0n) + a.available + a.frozen);
  }

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
  const assetRows = db
    .prepare<[], { code: string; scale: number }>('SELECT code, scale FROM assets ORDER BY sort, code')
    .all();
  const assets: AssetReconciliation[] = [];
  for (const asset of assetRows) {
    const h = held.get(asset.code) ?? 0n;
    const w = hot.get(asset.code) ?? 0n;
    let ok = h + w === 0n;
    if (!ok) problems.push(`${asset.code}: accounts sum to ${h + w}, not zero`);
    let deposited: string | null = null;
    let withdrawn: string | null = null;
    if (flowQuery) {
      const f = {
        deposited: flowQuery.deposited.get(asset.code)?.total ?? 0n,
        withdrawn: flowQuery.withdrawn.get(asset.code)?.total ?? 0n,
      };
      deposited = formatDecimal(f.deposited, asset.scale);
      withdrawn = formatDecimal(f.withdrawn, asset.scale);
      if (f.deposited - f.withdrawn !== h) {
        ok = false;
        problems.push(`${asset.code}: held ${h} but deposits − withdrawals = ${f.deposited - f.withdrawn}`);
      }
    }
    assets.push({
      asset: asset.code,
      held: formatDecimal(h, asset.scale),
      hotWallet: formatDecimal(w, asset.scale),
      deposited,
      withdrawn,
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
    assets,
    problems,
  };
}
