import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/paths';
import { MODULES } from '../modules';

/**
 * Each module owns the tables its migrations create, and no module's SQL — queries in its code or its migrations —
 * names a table another module owns. (A foreign key `REFERENCES other(id)` declares a dependency and is allowed.)
 */
const MODULES_DIR = path.join(findRepoRoot(), 'apps/server/src/modules');
const SQLITE_OWN = new Set(['sqlite_master', 'sqlite_sequence', 'sqlite_schema', 'module_migrations']);
const NAMED_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?:\s+IF\s+NOT\s+EXISTS)?|ON)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function files(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out;
}

function tablesCreatedBy(module: string): string[] {
  const dir = path.join(MODULES_DIR, module, 'migrations');
  const out: string[] = [];
  // A module without tables (the backoffice reads others through their services) has no migrations folder.
  if (!existsSync(dir)) return out;
  for (const file of files(dir, (f) => f.endsWith('.sql'))) {
    const sql = readFileSync(file, 'utf8');
    for (const m of sql.matchAll(/CREATE TABLE(?:\s+IF NOT EXISTS)?\s+([a-z_][a-z0-9_]*)/gi)) out.push(m[1] ?? '');
    for (const m of sql.matchAll(/ALTER TABLE\s+\w+\s+RENAME TO\s+([a-z_][a-z0-9_]*)/gi)) out.push(m[1] ?? '');
  }
  return out;
}

describe('table ownership', () => {
  const owner = new Map<string, string>();
  for (const module of MODULES) {
    for (const table of tablesCreatedBy(module.name)) {
      const previous = owner.get(table);
      if (previous && previous !== module.name)
        throw new Error(`${table} is created by ${previous} and ${module.name}`);
      owner.set(table, module.name);
    }
  }

  it('gives every table exactly one owning module', () => {
    expect(owner.size).toBeGreaterThan(20);
  });

  it('finds no module naming another module’s table, in its code or its migrations', () => {
    const violations: string[] = [];
    for (const module of MODULES) {
      const dir = path.join(MODULES_DIR, module.name);
      const sources = files(
        dir,
        (f) => (f.endsWith('.ts') && !/\.test\.ts$|[/\\](testing|test-support)\.ts$/.test(f)) || f.endsWith('.sql'),
      );
      for (const file of sources) {
        // Prose in comments ("from users") is not SQL.
        const text = readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/(^|[^:])\/\/.*$/gm, '$1')
          .replace(/--.*$/gm, '');
        for (const m of text.matchAll(NAMED_TABLE)) {
          const table = m[1] ?? '';
          const tableOwner = owner.get(table);
          if (!tableOwner || SQLITE_OWN.has(table) || tableOwner === module.name) continue;
          violations.push(`${path.relative(MODULES_DIR, file)} names ${table} (owned by ${tableOwner})`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('catches a module that does', () => {
    const text = 'db.prepare("SELECT * FROM wallet_withdrawals JOIN users ON users.uid = wallet_withdrawals.uid")';
    const named = [...text.matchAll(NAMED_TABLE)].map((m) => m[1]);
    expect(named).toEqual(expect.arrayContaining(['wallet_withdrawals', 'users']));
  });
});
