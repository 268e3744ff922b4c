import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../db/database';
import { migrateAll as migrateEvery } from '../db/migrate-all';
import { findRepoRoot } from '../lib/paths';

/** Every module's migrations, in boot order, on a database. */
export function migrateAll(db: Db): void {
  migrateEvery(db, findRepoRoot());
}

/** A migrated database in a temporary folder, for service-level tests that need no HTTP. */
export function tempDatabase(): { db: Db; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-db-'));
  const db = openDatabase(path.join(dir, 'test.db'));
  migrateAll(db);
  return {
    db,
    dispose() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
