// Sets a new random password for an operator and prints it once (only its hash is stored); every session of that
// operator is signed out. For a lost first-operator password: `npm run operator:password -- admin@bourse.local`.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateAll } from '../db/migrate-all';
import { hashPassword } from '../lib/crypto';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('usage: npm run operator:password -- <operator email>');
  process.exit(2);
}
const config = loadConfig();
const db = openDatabase(config.dbFile);
migrateAll(db, config.repoRoot);
const password = randomBytes(15).toString('base64url');
const hash = await hashPassword(password);
const now = Date.now();
const changed = db.transaction(() => {
  const row = db.prepare<[string], { id: number }>('SELECT id FROM operators WHERE email = ?').get(email);
  if (!row) return false;
  db.prepare('UPDATE operators SET password_hash = ? WHERE id = ?').run(hash, row.id);
  db.prepare('UPDATE operator_sessions SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL').run(
    now,
    row.id,
  );
  return true;
})();
db.close();
if (!changed) {
  console.error(`no operator with the email ${email}`);
  process.exit(1);
}
console.log(`New password for ${email}: ${password}\n(shown only this once; only its hash is stored)`);
