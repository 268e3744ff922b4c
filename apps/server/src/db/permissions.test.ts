import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { post, startServer } from '../test/harness';
import { openDatabase } from './database';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the data directory is the server’s own', () => {
  it('is 0700 with the database files 0600, even when it existed with looser modes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bourse-perm-'));
    try {
      chmodSync(dir, 0o755);
      const file = path.join(dir, 'bourse.db');
      const db = openDatabase(file);
      db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
      expect(mode(dir)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the mail outbox and the server key 0600 in 0700 folders', async () => {
    const server = await startServer();
    try {
      const sent = await post(server, '/api/user/sendCode', { account: 'perm@example.com', scene: 'register' });
      expect(sent.body.code).toBe(200);
      const outbox = path.join(server.dataDir, 'outbox');
      expect(mode(server.dataDir)).toBe(0o700);
      expect(mode(outbox)).toBe(0o700);
      const files = readdirSync(outbox);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(mode(path.join(outbox, f)), f).toBe(0o600);
      expect(mode(path.join(server.dataDir, 'secret.key'))).toBe(0o600);
      expect(mode(path.join(server.dataDir, 'bourse.db'))).toBe(0o600);
    } finally {
      await server.close();
    }
  });
});
