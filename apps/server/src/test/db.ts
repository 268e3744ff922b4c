import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, migrate, openDatabase } from '../db/database';
import { findRepoRoot } from '../lib/paths';

/** A migrated database in a temporary folder, for service-level tests that need no HTTP. */
export function tempDatabase(): { db: Db; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-db-'));
  const db = openDatabase(path.join(dir, 'test.db'));
  migrate(db, path.join(findRepoRoot(), 'apps/server/migrations'));
  return {
    db,
    dispose() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
