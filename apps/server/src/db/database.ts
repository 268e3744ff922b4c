import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Opens the SQLite database in WAL mode. synchronous=NORMAL keeps every committed transaction across a crash of the
 * process (kill -9); only a power loss can drop the last few commits, which is the usual trade for WAL.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    // The data directory holds the database, identity photos, the mail outbox and the server key: the server's
    // own user only (0700), and the database files 0600 (SQLite creates them with the umask otherwise).
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    chmodSync(path.dirname(file), 0o700);
    closeSync(openSync(file, 'a', 0o600));
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  if (file !== ':memory:') {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  return db;
}

/** A module's migrations: numbered `NNNN_name.sql` files in its own folder, numbered from 0001 per module. */
export interface MigrationSource {
  module: string;
  dir: string;
}

/**
 * Migrations that earlier versions applied from one shared, globally numbered folder, and where each now lives
 * (one old file was split between two modules). A database written by those versions is bridged once, so nothing
 * is applied twice.
 */
const LEGACY: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  '0001_accounts.sql': [
    ['account', 1],
    ['operators', 1],
  ],
  '0002_content.sql': [['content', 1]],
  '0003_operator_access.sql': [
    ['account', 3],
    ['operators', 2],
  ],
  '0010_ledger.sql': [['ledger', 1]],
  '0011_wallet.sql': [['wallet', 1]],
  '0012_chain_sim.sql': [['chain', 1]],
  '0019_ledger_user_reasons.sql': [['ledger', 2]],
  '0020_spot.sql': [['spot', 1]],
  '0021_spot_resting_index.sql': [['spot', 2]],
  '0022_spot_order_owners.sql': [['spot', 3]],
  '0023_spot_price_band.sql': [['spot', 4]],
  '0025_market_data.sql': [['market', 1]],
  '0030_security.sql': [['security', 1]],
  '0031_two_factor_off.sql': [['security', 2]],
  '0032_contact_change.sql': [['account', 2]],
};

function bridgeLegacy(db: Db): void {
  const legacy = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get() as { name: string } | undefined;
  if (!legacy) return;
  db.transaction(() => {
    const rows = db.prepare('SELECT name, applied_at FROM schema_migrations').all() as {
      name: string;
      applied_at: number;
    }[];
    const insert = db.prepare(
      'INSERT OR IGNORE INTO module_migrations (module, version, name, applied_at) VALUES (?, ?, ?, ?)',
    );
    for (const row of rows) {
      const moved = LEGACY[row.name];
      if (!moved) throw new Error(`unknown migration ${row.name} in this database: is it from a newer version?`);
      for (const [module, version] of moved) insert.run(module, version, `legacy ${row.name}`, row.applied_at);
    }
    db.exec('DROP TABLE schema_migrations');
  })();
}

/**
 * Applies each module's numbered migrations once, module by module in boot order (a module's tables may refer to
 * an earlier module's), each file in its own transaction.
 */
export function migrate(db: Db, sources: readonly MigrationSource[]): { applied: string[] } {
  db.exec(`CREATE TABLE IF NOT EXISTS module_migrations (
    module TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL,
    PRIMARY KEY (module, version)
  )`);
  bridgeLegacy(db);
  const done = new Set(
    (db.prepare('SELECT module, version FROM module_migrations').all() as { module: string; version: number }[]).map(
      (r) => `${r.module}:${r.version}`,
    ),
  );
  const applied: string[] = [];
  for (const { module, dir } of sources) {
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir)
      .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
      .sort();
    const seen = new Set<number>();
    for (const file of files) {
      const version = Number(file.slice(0, 4));
      if (seen.has(version)) throw new Error(`${module}: two migrations share number ${version}: ${file}`);
      seen.add(version);
      if (done.has(`${module}:${version}`)) continue;
      applyFile(db, module, version, file, readFileSync(path.join(dir, file), 'utf8'));
      applied.push(`${module}/${file}`);
    }
  }
  return { applied };
}

function applyFile(db: Db, module: string, version: number, file: string, sql: string): void {
  // A migration that rebuilds a table others reference (SQLite cannot alter a CHECK) says so on a line of its
  // own; it runs with foreign keys off, as SQLite's own procedure asks, and must leave none broken.
  const rebuild = /^-- migrate: rebuilds-tables$/m.test(sql);
  if (rebuild) db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      db.exec(sql);
      if (rebuild) {
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0) throw new Error(`${module}/${file} leaves ${broken.length} broken foreign keys`);
      }
      db.prepare('INSERT INTO module_migrations (module, version, name, applied_at) VALUES (?, ?, ?, ?)').run(
        module,
        version,
        file,
        Date.now(),
      );
    })();
  } finally {
    if (rebuild) db.pragma('foreign_keys = ON');
  }
}

/**
 * The id of the first row of `table` whose `column` (a time) is at or after `since`, or null when none is: a binary
 * search over the rowid, for append-only tables whose times never decrease with the id (trades, fills), so that "what
 * happened today" reads one range of the primary key instead of scanning the table or keeping an index on time.
 * `table` and `column` are the calling module's own constants, never input.
 */
export function firstIdSince(db: Db, table: string, column: string, since: number): number | null {
  const bounds = db.prepare(`SELECT MIN(id) AS lo, MAX(id) AS hi FROM ${table}`).get() as {
    lo: number | null;
    hi: number | null;
  };
  if (bounds.lo === null || bounds.hi === null) return null;
  const at = db.prepare<[number], { id: number; t: number }>(
    `SELECT id, ${column} AS t FROM ${table} WHERE id >= ? ORDER BY id LIMIT 1`,
  );
  let lo = bounds.lo;
  let hi = bounds.hi + 1;
  // Invariant: every row below `lo` is before `since`; the row at or after `hi` (if any) is not.
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const row = at.get(mid);
    if (!row || row.t >= since) hi = mid;
    else lo = row.id + 1;
  }
  const first = at.get(lo);
  return first && first.t >= since ? first.id : null;
}
