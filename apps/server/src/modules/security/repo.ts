import type { IdentityDocType, IdentityPhotoSide } from '@bourse/contract';
import type { Db } from '../../db/database';

export interface TwoFactorRow {
  uid: number;
  secret_sealed: string;
  enabled_at: number | null;
  last_step: number;
  created_at: number;
}

export type ReviewStatus = 'pending' | 'verified' | 'rejected';

export interface SubmissionRow {
  id: number;
  uid: number;
  doc_type: IdentityDocType;
  family_name: string;
  given_name: string;
  doc_number: string;
  status: ReviewStatus;
  reject_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewer_id: number | null;
}

export interface PhotoRow {
  submission_id: number;
  side: IdentityPhotoSide;
  file: string;
  mime: string;
  bytes: number;
}

/** SQL for the security tables (migration 0030); nothing outside this module touches them. */
export function createSecurityRepo(db: Db) {
  const q = {
    twoFactor: db.prepare<[number], TwoFactorRow>('SELECT * FROM two_factor WHERE uid = ?'),
    enabledTwoFactor: db.prepare<[number], { one: number }>(
      'SELECT 1 AS one FROM two_factor WHERE uid = ? AND enabled_at IS NOT NULL',
    ),
    putPendingTwoFactor: db.prepare(
      `INSERT INTO two_factor (uid, secret_sealed, enabled_at, last_step, created_at) VALUES (?, ?, NULL, 0, ?)
       ON CONFLICT (uid) DO UPDATE SET secret_sealed = excluded.secret_sealed, enabled_at = NULL, last_step = 0,
         created_at = excluded.created_at
       WHERE two_factor.enabled_at IS NULL`,
    ),
    enableTwoFactor: db.prepare(
      'UPDATE two_factor SET enabled_at = ?, last_step = ? WHERE uid = ? AND enabled_at IS NULL',
    ),
    acceptStep: db.prepare('UPDATE two_factor SET last_step = ? WHERE uid = ? AND last_step < ?'),
    deleteTwoFactor: db.prepare('DELETE FROM two_factor WHERE uid = ?'),
    markTwoFactorDisabled: db.prepare(
      `INSERT INTO two_factor_disabled (uid, disabled_at) VALUES (?, ?)
       ON CONFLICT (uid) DO UPDATE SET disabled_at = excluded.disabled_at`,
    ),
    twoFactorDisabledAt: db.prepare<[number], { disabled_at: number }>(
      'SELECT disabled_at FROM two_factor_disabled WHERE uid = ?',
    ),

    latestSubmission: db.prepare<[number], SubmissionRow>(
      'SELECT * FROM identity_submissions WHERE uid = ? ORDER BY id DESC LIMIT 1',
    ),
    verifiedSubmission: db.prepare<[number], SubmissionRow>(
      "SELECT * FROM identity_submissions WHERE uid = ? AND status = 'verified'",
    ),
    submissionById: db.prepare<[number], SubmissionRow>('SELECT * FROM identity_submissions WHERE id = ?'),
    submissionsOf: db.prepare<[number], SubmissionRow>(
      'SELECT * FROM identity_submissions WHERE uid = ? ORDER BY id DESC',
    ),
    documentVerifiedElsewhere: db.prepare<[string, string, number], { uid: number }>(
      `SELECT uid FROM identity_submissions
       WHERE doc_type = ? AND doc_number = ? AND status = 'verified' AND uid <> ? LIMIT 1`,
    ),
    insertSubmission: db.prepare(
      `INSERT INTO identity_submissions (uid, doc_type, family_name, given_name, doc_number, submitted_at)
       VALUES (@uid, @type, @familyName, @givenName, @number, @now)`,
    ),
    insertPhoto: db.prepare(
      'INSERT INTO identity_photos (submission_id, side, file, mime, bytes) VALUES (?, ?, ?, ?, ?)',
    ),
    photos: db.prepare<[number], PhotoRow>(
      "SELECT * FROM identity_photos WHERE submission_id = ? ORDER BY CASE side WHEN 'front' THEN 0 WHEN 'back' THEN 1 ELSE 2 END",
    ),
    photo: db.prepare<[number, string], PhotoRow>('SELECT * FROM identity_photos WHERE submission_id = ? AND side = ?'),
    decide: db.prepare(
      `UPDATE identity_submissions SET status = @status, reject_reason = @reason, reviewed_at = @now,
         reviewer_id = @operatorId
       WHERE id = @id AND status = 'pending'`,
    ),
    list: db.prepare<[string | null, string | null, number | null, number | null, number, number], SubmissionRow>(
      `SELECT * FROM identity_submissions WHERE (? IS NULL OR status = ?) AND (? IS NULL OR uid = ?)
       ORDER BY id DESC LIMIT ? OFFSET ?`,
    ),
    // Review queues are worked oldest first.
    listOldest: db.prepare<[string | null, string | null, number | null, number | null, number, number], SubmissionRow>(
      `SELECT * FROM identity_submissions WHERE (? IS NULL OR status = ?) AND (? IS NULL OR uid = ?)
       ORDER BY id ASC LIMIT ? OFFSET ?`,
    ),
    count: db.prepare<[string | null, string | null, number | null, number | null], { n: number }>(
      'SELECT COUNT(*) AS n FROM identity_submissions WHERE (? IS NULL OR status = ?) AND (? IS NULL OR uid = ?)',
    ),
  };

  return {
    twoFactor: (uid: number) => q.twoFactor.get(uid),
    twoFactorEnabled: (uid: number) => q.enabledTwoFactor.get(uid) !== undefined,
    /** Stores a new pending secret; never replaces an enabled one. */
    putPendingTwoFactor: (uid: number, sealed: string, now: number) =>
      q.putPendingTwoFactor.run(uid, sealed, now).changes > 0,
    enableTwoFactor: (uid: number, now: number, step: number) => q.enableTwoFactor.run(now, step, uid).changes > 0,
    /** Records an accepted step; false when that step (or a newer one) was already accepted. */
    acceptStep: (uid: number, step: number) => q.acceptStep.run(step, uid, step).changes > 0,
    deleteTwoFactor: (uid: number) => q.deleteTwoFactor.run(uid).changes > 0,
    /** Remembers when two-factor was last switched off (withdrawals wait 24 hours after it). */
    markTwoFactorDisabled: (uid: number, now: number) => q.markTwoFactorDisabled.run(uid, now),
    twoFactorDisabledAt: (uid: number): number | null => q.twoFactorDisabledAt.get(uid)?.disabled_at ?? null,

    latestSubmission: (uid: number) => q.latestSubmission.get(uid),
    verifiedSubmission: (uid: number) => q.verifiedSubmission.get(uid),
    submissionById: (id: number) => q.submissionById.get(id),
    submissionsOf: (uid: number) => q.submissionsOf.all(uid),
    documentVerifiedElsewhere: (type: string, number: string, uid: number) =>
      q.documentVerifiedElsewhere.get(type, number, uid) !== undefined,
    insertSubmission: (s: {
      uid: number;
      type: IdentityDocType;
      familyName: string;
      givenName: string;
      number: string;
      now: number;
    }) => Number(q.insertSubmission.run(s).lastInsertRowid),
    insertPhoto: (submissionId: number, side: IdentityPhotoSide, file: string, mime: string, bytes: number) =>
      q.insertPhoto.run(submissionId, side, file, mime, bytes),
    photos: (submissionId: number) => q.photos.all(submissionId),
    photo: (submissionId: number, side: IdentityPhotoSide) => q.photo.get(submissionId, side),
    decide: (d: {
      id: number;
      status: 'verified' | 'rejected';
      reason: string | null;
      now: number;
      operatorId: number;
    }) => q.decide.run(d).changes > 0,
    list: (f: { status?: ReviewStatus; uid?: number; order?: 'newest' | 'oldest'; page: number; size: number }) => {
      const status = f.status ?? null;
      const uid = f.uid ?? null;
      const query = f.order === 'oldest' ? q.listOldest : q.list;
      return {
        rows: query.all(status, status, uid, uid, f.size, (f.page - 1) * f.size),
        total: q.count.get(status, status, uid, uid)?.n ?? 0,
      };
    },
  };
}

export type SecurityRepo = ReturnType<typeof createSecurityRepo>;
