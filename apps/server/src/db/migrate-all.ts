import path from 'node:path';
import { MODULES } from '../modules';
import { type Db, migrate, type MigrationSource } from './database';

/** Where each module's migrations live: `apps/server/src/modules/<name>/migrations`, numbered per module. */
export function migrationSources(repoRoot: string, modules: readonly { name: string }[] = MODULES): MigrationSource[] {
  return modules.map((m) => ({
    module: m.name,
    dir: path.join(repoRoot, 'apps/server/src/modules', m.name, 'migrations'),
  }));
}

/** Every module's migrations, in boot order. */
export function migrateAll(db: Db, repoRoot: string): { applied: string[] } {
  return migrate(db, migrationSources(repoRoot));
}
