import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { findRepoRoot } from '../lib/paths';
import { migrateAll } from './migrate-all';
import { openDatabase } from './database';

/**
 * `fixtures/v0.1-landed.db.gz` is a database written by the last landed version (commit 32e0de6, migrations in one
 * shared folder): the demo data, two users with deposits, resting and filled spot orders, a transfer, a flash
 * transfer, a withdrawal under review and one sent, market makers' trades and candles, operator audit rows.
 */
const FIXTURE = path.join(findRepoRoot(), 'apps/server/src/db/fixtures/v0.1-landed.db.gz');

function copyOfLanded(): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-upgrade-'));
  const file = path.join(dir, 'bourse.db');
  writeFileSync(file, gunzipSync(readFileSync(FIXTURE)));
  return { dir, file };
}

describe('a database written by the previous version upgrades in place', () => {
  it('migrates (legacy migration records bridged, nothing applied twice) and reconciles', async () => {
    const { dir } = copyOfLanded();
    try {
      const config = loadConfig({
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'false',
        CHAIN_BLOCK_MS: '0',
        ADMIN_PASSWORD: 'upgrade-test-2026',
      });
      const built = await buildApp(config, { logger: pino({ level: 'silent' }) });
      try {
        const { services, db } = built;
        const report = services.ledger.reconcile();
        expect(report.problems).toEqual([]);
        expect(report.ok).toBe(true);
        // Holds = frozen: every resting order's and the pending withdrawal's frozen amount is named after it, adopted
        // at start by its module (spot: `order:<id>`, wallet: `withdrawal:<id>`), and nothing frozen is unnamed.
        const resting = db
          .prepare<[], { id: number; frozen: bigint }>(
            "SELECT id, frozen FROM spot_orders WHERE status IN ('open', 'partial') AND frozen > 0",
          )
          .safeIntegers(true)
          .all();
        const pending = db
          .prepare<[], { id: number; held: bigint }>(
            "SELECT id, amount + fee AS held FROM wallet_withdrawals WHERE status IN ('review', 'approved', 'broadcast')",
          )
          .safeIntegers(true)
          .all();
        expect(resting.length).toBeGreaterThan(0);
        expect(pending.length).toBeGreaterThan(0);
        for (const o of resting)
          expect(services.ledger.holdOf(`order:${o.id}`)?.amount, `order ${o.id}`).toBe(o.frozen);
        for (const p of pending) {
          expect(services.ledger.holdOf(`withdrawal:${p.id}`)?.amount, `withdrawal ${p.id}`).toBe(p.held);
        }
        expect(report.holds).toBe(resting.length + pending.length);
        expect(services.spot.holdProblems()).toEqual([]);
        // Existing accounts are main pots with their types; their statements were built from the journal.
        expect(db.prepare("SELECT COUNT(*) FROM ledger_accounts WHERE sub <> ''").pluck().get()).toBe(0);
        expect(
          db
            .prepare(
              "SELECT a.type FROM ledger_accounts a JOIN system_owners s ON s.id = a.owner_id WHERE a.owner_kind = 'system' AND s.name = 'hot_wallet' LIMIT 1",
            )
            .pluck()
            .get(),
        ).toBe('asset');
        const old1Statement = services.ledger.statement(
          {
            owner: { kind: 'user', uid: services.account.findByAccount('old1@example.com')?.uid ?? 0 },
            wallet: 'spot',
            asset: 'USDT',
          },
          { limit: 200 },
        );
        expect(old1Statement.list.length).toBeGreaterThan(0);
        expect(old1Statement.list[0]?.availableAfter).toBe(old1Statement.balance.available);
        // Built from the statements: the funding records of an old user still show their deposits.
        const records = services.wallet.records(services.account.findByAccount('old1@example.com')?.uid ?? 0, {
          page: 1,
          size: 50,
        });
        expect(records.list.some((r) => r.type === 'deposit')).toBe(true);
        // What users had is still theirs.
        const old1 = services.account.findByAccount('old1@example.com');
        expect(old1).toBeDefined();
        const usdt = services.ledger.balance({
          owner: { kind: 'user', uid: old1?.uid ?? 0 },
          wallet: 'spot',
          asset: 'USDT',
        });
        expect(usdt.frozen).toBeGreaterThan(0n);
        // The old reviewer role is gone; the old audit rows are kept under the new columns.
        expect(
          db
            .prepare(
              "SELECT COUNT(*) FROM operators WHERE role NOT IN ('admin','compliance','finance','risk','content','support')",
            )
            .pluck()
            .get(),
        ).toBe(0);
        expect(db.prepare('SELECT COUNT(*) FROM operator_audit').pluck().get()).toBeGreaterThan(0);
        expect(db.pragma('foreign_key_check')).toEqual([]);
        // Every module's migrations are recorded; the old shared table is gone.
        const recorded = db.prepare('SELECT module, COUNT(*) AS n FROM module_migrations GROUP BY module').all();
        const withTables = built.modules.filter((m) =>
          existsSync(path.join(findRepoRoot(), 'apps/server/src/modules', m.name, 'migrations')),
        );
        expect(recorded.length).toBe(withTables.length);
        expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'").get()).toBeUndefined();
      } finally {
        await built.app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a second start applies nothing', () => {
    const { dir, file } = copyOfLanded();
    try {
      const db = openDatabase(file);
      const first = migrateAll(db, findRepoRoot());
      expect(first.applied.length).toBeGreaterThan(0);
      expect(migrateAll(db, findRepoRoot()).applied).toEqual([]);
      db.close();
      // The same on a copy of the upgraded file, as a restart would open it.
      const again = path.join(dir, 'again');
      mkdirSync(again);
      copyFileSync(file, path.join(again, 'bourse.db'));
      const reopened = openDatabase(path.join(again, 'bourse.db'));
      expect(migrateAll(reopened, findRepoRoot()).applied).toEqual([]);
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
