import type { Db } from '../../db/database';

export interface UserRow {
  uid: number;
  email: string | null;
  phone: string | null;
  password_hash: string;
  invite_code: string;
  inviter_uid: number | null;
  nickname: string | null;
  avatar: string | null;
  status: 'active' | 'disabled';
  fund_password_hash: string | null;
  fund_password_failures: number;
  fund_password_locked_until: number | null;
  /** When the fund password was last changed or reset (not first set): withdrawals wait 24 hours after it. */
  fund_password_changed_at: number | null;
  password_changed_at: number | null;
  /** When the bound email or phone was last replaced (not when one was first bound). */
  contact_changed_at: number | null;
  /** Frozen by an operator (can sign in and see, moves no money), with the operator's reason. */
  frozen_at: number | null;
  frozen_reason: string | null;
  register_form: 'invite' | 'open' | 'system';
  created_at: number;
}

export interface SessionRow {
  id: number;
  uid: number;
  token_hash: Buffer;
  device: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

export interface CodeRow {
  id: number;
  target: string;
  scene: string;
  code_hash: Buffer;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface NewUser {
  email: string | null;
  phone: string | null;
  passwordHash: string;
  inviteCode: string;
  inviterUid: number | null;
  registerForm: UserRow['register_form'];
  createdAt: number;
}

/** SQL for the account tables; nothing outside this module touches them. */
export function createAccountRepo(db: Db) {
  const q = {
    byUid: db.prepare<[number], UserRow>('SELECT * FROM users WHERE uid = ?'),
    byEmail: db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?'),
    byPhone: db.prepare<[string], UserRow>('SELECT * FROM users WHERE phone = ?'),
    byInviteCode: db.prepare<[string], UserRow>('SELECT * FROM users WHERE invite_code = ?'),
    invitees: db.prepare<[number], UserRow>('SELECT * FROM users WHERE inviter_uid = ? ORDER BY uid DESC'),
    frozenUids: db.prepare<[], number>('SELECT uid FROM users WHERE frozen_at IS NOT NULL').pluck(),
    setFrozen: db.prepare<[number | null, string | null, number]>(
      'UPDATE users SET frozen_at = ?, frozen_reason = ? WHERE uid = ?',
    ),
    // Operators look users up by an exact uid or invitation code, or by the start of an email or phone number.
    search: db.prepare<{ uid: number | null; code: string; prefix: string; limit: number }, UserRow>(
      `SELECT * FROM users WHERE uid = @uid OR invite_code = @code
         OR (length(@prefix) >= 3 AND (email LIKE @prefix || '%' ESCAPE '\\' OR phone LIKE @prefix || '%' ESCAPE '\\'))
       ORDER BY uid DESC LIMIT @limit`,
    ),
    allUids: db.prepare<[], number>('SELECT uid FROM users ORDER BY uid').pluck(),
    countUsers: db.prepare<[number], { total: number; since: number }>(
      'SELECT COUNT(*) AS total, COALESCE(SUM(created_at >= ?), 0) AS since FROM users',
    ),
    inviteCodeTaken: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM users WHERE invite_code = ?'),
    insertUser: db.prepare(
      `INSERT INTO users (email, phone, password_hash, invite_code, inviter_uid, register_form, created_at)
       VALUES (@email, @phone, @passwordHash, @inviteCode, @inviterUid, @registerForm, @createdAt)`,
    ),
    setPassword: db.prepare('UPDATE users SET password_hash = ?, password_changed_at = ? WHERE uid = ?'),
    setNickname: db.prepare('UPDATE users SET nickname = ? WHERE uid = ?'),
    nicknameOwner: db.prepare<[string], { uid: number }>('SELECT uid FROM users WHERE nickname = ? COLLATE NOCASE'),
    setAvatar: db.prepare('UPDATE users SET avatar = ? WHERE uid = ?'),
    bindEmail: db.prepare('UPDATE users SET email = ? WHERE uid = ? AND email IS NULL'),
    bindPhone: db.prepare('UPDATE users SET phone = ? WHERE uid = ? AND phone IS NULL'),
    changeEmail: db.prepare(
      'UPDATE users SET email = ?, contact_changed_at = ? WHERE uid = ? AND email = ? AND email IS NOT NULL',
    ),
    changePhone: db.prepare(
      'UPDATE users SET phone = ?, contact_changed_at = ? WHERE uid = ? AND phone = ? AND phone IS NOT NULL',
    ),
    setFundPassword: db.prepare(
      `UPDATE users SET fund_password_hash = ?, fund_password_failures = 0, fund_password_locked_until = NULL,
         fund_password_changed_at = ? WHERE uid = ?`,
    ),
    fundFailure: db.prepare(
      'UPDATE users SET fund_password_failures = ?, fund_password_locked_until = ? WHERE uid = ?',
    ),
    insertSession: db.prepare(
      `INSERT INTO sessions (uid, token_hash, device, user_agent, ip, created_at, last_used_at, expires_at)
       VALUES (@uid, @tokenHash, @device, @userAgent, @ip, @now, @now, @expiresAt)`,
    ),
    sessionByHash: db.prepare<[Buffer], SessionRow & { status: UserRow['status'] }>(
      `SELECT s.*, u.status FROM sessions s JOIN users u ON u.uid = s.uid WHERE s.token_hash = ?`,
    ),
    sessionById: db.prepare<[number], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
    activeSessions: db.prepare<[number, number], SessionRow>(
      'SELECT * FROM sessions WHERE uid = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_used_at DESC',
    ),
    revokeSession: db.prepare(
      'UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL',
    ),
    touchSession: db.prepare('UPDATE sessions SET last_used_at = ? WHERE id = ?'),
    insertCode: db.prepare(
      `INSERT INTO verification_codes (target, scene, code_hash, ip, created_at, expires_at)
       VALUES (@target, @scene, @codeHash, @ip, @now, @expiresAt)`,
    ),
    latestCode: db.prepare<[string, string], CodeRow>(
      'SELECT * FROM verification_codes WHERE target = ? AND scene = ? ORDER BY id DESC LIMIT 1',
    ),
    addressSends: db.prepare<[string, number], { sends: number; targets: number }>(
      `SELECT COUNT(*) AS sends, COUNT(DISTINCT target) AS targets FROM verification_codes
       WHERE ip = ? AND created_at > ?`,
    ),
    addressSentTo: db.prepare<[string, string, number], { n: number }>(
      'SELECT COUNT(*) AS n FROM verification_codes WHERE ip = ? AND target = ? AND created_at > ?',
    ),
    codesSince: db.prepare<[string, number], { n: number }>(
      'SELECT COUNT(*) AS n FROM verification_codes WHERE target = ? AND created_at > ?',
    ),
    codeAttempt: db.prepare('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ?'),
    consumeCode: db.prepare('UPDATE verification_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL'),
  };

  return {
    findByUid: (uid: number) => q.byUid.get(uid),
    findByAccount: (account: string) => (account.includes('@') ? q.byEmail.get(account) : q.byPhone.get(account)),
    findByInviteCode: (code: string) => q.byInviteCode.get(code.toUpperCase()),
    invitees: (uid: number) => q.invitees.all(uid),
    frozenUids: () => q.frozenUids.all(),
    setFrozen: (uid: number, at: number | null, reason: string | null) => q.setFrozen.run(at, reason, uid).changes > 0,
    search: (text: string, limit: number) => {
      const uid = /^\d{1,15}$/.test(text) ? Number(text) : null;
      const prefix = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      return q.search.all({ uid, code: text.toUpperCase(), prefix, limit });
    },
    allUids: () => q.allUids.all(),
    /** Users in all, and those registered since `since`. */
    countUsers: (since: number) => q.countUsers.get(since) ?? { total: 0, since: 0 },
    inviteCodeTaken: (code: string) => q.inviteCodeTaken.get(code) !== undefined,
    insertUser: (u: NewUser) => Number(q.insertUser.run(u).lastInsertRowid),
    setPassword: (uid: number, passwordHash: string, at: number) => q.setPassword.run(passwordHash, at, uid),
    setNickname: (uid: number, nickname: string | null) => q.setNickname.run(nickname, uid),
    /** Who holds a nickname, compared without case ("Alice" and "alice" are the same name). */
    nicknameOwner: (nickname: string) => q.nicknameOwner.get(nickname)?.uid,
    setAvatar: (uid: number, avatar: string | null) => q.setAvatar.run(avatar, uid),
    /** Binds an email or phone to a user who has none of that kind yet; false when the slot is taken. */
    bindAccount: (uid: number, account: string) =>
      (account.includes('@') ? q.bindEmail : q.bindPhone).run(account, uid).changes > 0,
    /** Replaces `current` with `account` (same kind); false when the user's bound address is no longer `current`. */
    changeAccount: (uid: number, current: string, account: string, at: number) =>
      (account.includes('@') ? q.changeEmail : q.changePhone).run(account, at, uid, current).changes > 0,
    /** `changedAt`: null when the password is set the first time (no withdrawal lock), else the time of the change. */
    setFundPassword: (uid: number, hash: string, changedAt: number | null) =>
      q.setFundPassword.run(hash, changedAt, uid),
    recordFundFailure: (uid: number, failures: number, lockedUntil: number | null) =>
      q.fundFailure.run(failures, lockedUntil, uid),
    insertSession: (s: {
      uid: number;
      tokenHash: Buffer;
      device: string | null;
      userAgent: string | null;
      ip: string | null;
      now: number;
      expiresAt: number;
    }) => Number(q.insertSession.run(s).lastInsertRowid),
    sessionByHash: (hash: Buffer) => q.sessionByHash.get(hash),
    sessionById: (id: number) => q.sessionById.get(id),
    activeSessions: (uid: number, now: number) => q.activeSessions.all(uid, now),
    revokeSession: (id: number, at: number, reason: string) => q.revokeSession.run(at, reason, id).changes > 0,
    touchSession: (id: number, at: number) => q.touchSession.run(at, id),
    insertCode: (c: {
      target: string;
      scene: string;
      codeHash: Buffer;
      ip: string | null;
      now: number;
      expiresAt: number;
    }) => Number(q.insertCode.run(c).lastInsertRowid),
    latestCode: (target: string, scene: string) => q.latestCode.get(target, scene),
    codesSince: (target: string, since: number) => q.codesSince.get(target, since)?.n ?? 0,
    /** Codes a client address asked for since `since`, and to how many destinations. */
    addressSends: (ip: string, since: number) => q.addressSends.get(ip, since) ?? { sends: 0, targets: 0 },
    addressSentTo: (ip: string, target: string, since: number) => (q.addressSentTo.get(ip, target, since)?.n ?? 0) > 0,
    recordCodeAttempt: (id: number) => q.codeAttempt.run(id),
    consumeCode: (id: number, at: number) => q.consumeCode.run(at, id).changes > 0,
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
