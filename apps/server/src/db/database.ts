import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface MigrationResult {
  applied: string[];
  current: number;
}

/**
 * Opens the SQLite database in WAL mode. synchronous=NORMAL keeps every committed transaction across a crash of the
 * process (kill -9); only a power loss can drop the last few commits, which is the usual trade for WAL.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  return db;
}

/** Applies numbered `NNNN_name.sql` files in order, each in its own transaction, once. */
export function migrate(db: Db, dir: string): MigrationResult {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const seen = new Set<number>();
  const applied: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    if (seen.has(version)) throw new Error(`two migrations share number ${version}: ${file}`);
    seen.add(version);
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        version,
        file,
        Date.now(),
      );
    })();
    applied.push(file);
  }
  return { applied, current: Math.max(0, ...seen) };
}
