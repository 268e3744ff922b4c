import {
  type AdminIdentityDetail,
  type AdminIdentitySummary,
  type ErrorKey,
  IdentityFields,
  type IdentityInfo,
  type IdentityPhotoSide,
  type IdentityState,
  type PageQuery,
  requiredPhotoSides,
} from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Transactions } from '../../lib/tx';
import type { FileStore, UploadedImage } from '../../lib/uploads';
import { parseInput } from '../../lib/validate';
import type { AccountService } from '../account';
import type { ReviewStatus, SecurityRepo, SubmissionRow } from './repo';

function maskNumber(number: string): string {
  return `${number.slice(0, 2)}${'*'.repeat(Math.max(number.length - 4, 1))}${number.slice(-2)}`;
}

function summary(row: SubmissionRow): AdminIdentitySummary {
  return {
    id: row.id,
    uid: row.uid,
    type: row.doc_type,
    familyName: row.family_name,
    givenName: row.given_name,
    number: row.doc_number,
    status: row.status,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
  };
}

/**
 * Real-name verification: a user submits a document (type, names, number, photos); an operator approves it or
 * rejects it with a reason; after a rejection the user may submit again. States: unverified → pending → verified
 * or rejected (→ pending again). Photos live in the upload store, outside the web root, readable only by their
 * owner and by operators.
 */
export class IdentityService {
  constructor(
    private readonly tx: Transactions,
    private readonly repo: SecurityRepo,
    private readonly clock: Clock,
    private readonly files: FileStore,
    private readonly accounts: AccountService,
    private readonly events: EventBus,
  ) {}

  state(uid: number): IdentityState {
    if (this.repo.verifiedSubmission(uid)) return 'verified';
    return this.repo.latestSubmission(uid)?.status ?? 'unverified';
  }

  /**
   * For features that need a verified person (fiat trading, merchants): throws `key` (NOT_VERIFIED by default;
   * C2C passes FIAT_REQUIRES_VERIFICATION) unless the user's identity is verified.
   */
  requireVerified(uid: number, key: ErrorKey = 'NOT_VERIFIED'): void {
    if (this.state(uid) !== 'verified') throw new DomainError(key);
  }

  /** The verified name, for checks such as "the payment account's holder is the verified person". */
  verifiedName(uid: number): { familyName: string; givenName: string } | null {
    const row = this.repo.verifiedSubmission(uid);
    return row ? { familyName: row.family_name, givenName: row.given_name } : null;
  }

  info(uid: number): IdentityInfo {
    const row = this.repo.verifiedSubmission(uid) ?? this.repo.latestSubmission(uid);
    if (!row) {
      return {
        state: 'unverified',
        type: null,
        familyName: null,
        givenName: null,
        number: null,
        rejectReason: null,
        submittedAt: null,
        reviewedAt: null,
      };
    }
    return {
      state: row.status,
      type: row.doc_type,
      familyName: row.family_name,
      givenName: row.given_name,
      number: maskNumber(row.doc_number),
      rejectReason: row.reject_reason,
      submittedAt: row.submitted_at,
      reviewedAt: row.reviewed_at,
    };
  }

  /**
   * A new submission. Everything is checked before anything is stored; the photos are written first and removed
   * again if the row cannot be committed, so a refused submission leaves nothing behind.
   */
  submit(uid: number, rawFields: Record<string, string>, images: ReadonlyMap<string, UploadedImage>): IdentityInfo {
    this.assertMaySubmit(uid);
    const fields = parseInput(IdentityFields, rawFields);
    const sides = requiredPhotoSides(fields.type);
    const photos = sides.map((side) => ({ side, image: images.get(side) }));
    if (photos.some((p) => p.image === undefined)) throw new DomainError('IDENTITY_PHOTOS_REQUIRED');
    if (this.repo.documentVerifiedElsewhere(fields.type, fields.number, uid)) {
      throw new DomainError('DOCUMENT_ALREADY_USED');
    }

    const stored: { side: IdentityPhotoSide; file: string; mime: string; bytes: number }[] = [];
    try {
      for (const { side, image } of photos) {
        if (!image) continue;
        stored.push({
          side,
          file: this.files.save(`identity/${uid}`, image.bytes, image.ext),
          mime: image.mime,
          bytes: image.bytes.length,
        });
      }
      this.tx.run(() => {
        // Again inside the transaction: a parallel submission may have won meanwhile.
        this.assertMaySubmit(uid);
        const id = this.repo.insertSubmission({ uid, ...fields, now: this.clock.now() });
        for (const p of stored) this.repo.insertPhoto(id, p.side, p.file, p.mime, p.bytes);
      });
    } catch (error) {
      for (const p of stored) this.files.remove(p.file);
      throw error;
    }
    return this.info(uid);
  }

  /** The owner's own photo of their current submission. */
  ownPhoto(uid: number, side: IdentityPhotoSide): { bytes: Buffer; mime: string } {
    const row = this.repo.verifiedSubmission(uid) ?? this.repo.latestSubmission(uid);
    if (!row) throw new DomainError('NOT_FOUND');
    return this.readPhoto(row.id, side);
  }

  // ---- Operator side ----

  list(query: PageQuery & { status?: ReviewStatus; uid?: number; order?: 'newest' | 'oldest' }) {
    const { rows, total } = this.repo.list(query);
    return { list: rows.map(summary), total, page: query.page, size: query.size };
  }

  detail(id: number): AdminIdentityDetail {
    const row = this.repo.submissionById(id);
    if (!row) throw new DomainError('NOT_FOUND');
    const user = this.accounts.requireUser(row.uid);
    return {
      ...summary(row),
      account: { email: user.email, phone: user.phone, nickname: user.nickname },
      rejectReason: row.reject_reason,
      reviewerId: row.reviewer_id,
      photos: this.repo.photos(id).map((p) => ({
        side: p.side,
        url: `/admin/api/identity/${id}/photo/${p.side}`,
        mime: p.mime,
        bytes: p.bytes,
      })),
      history: this.repo.submissionsOf(row.uid).map((s) => ({
        id: s.id,
        status: s.status,
        rejectReason: s.reject_reason,
        submittedAt: s.submitted_at,
      })),
    };
  }

  operatorPhoto(id: number, side: IdentityPhotoSide): { bytes: Buffer; mime: string } {
    if (!this.repo.submissionById(id)) throw new DomainError('NOT_FOUND');
    return this.readPhoto(id, side);
  }

  /**
   * Approves a pending submission: the user becomes verified. Runs inside the operator action's transaction (the
   * route layer checks the permission and writes the audit row in it).
   */
  approve(operatorId: number, id: number): AdminIdentityDetail {
    this.tx.run(() => {
      const row = this.pendingSubmission(id);
      if (this.repo.documentVerifiedElsewhere(row.doc_type, row.doc_number, row.uid)) {
        throw new DomainError('DOCUMENT_ALREADY_USED');
      }
      const now = this.clock.now();
      this.repo.decide({ id, status: 'verified', reason: null, now, operatorId });
      this.events.emit('identity.verified', { uid: row.uid, at: now });
    });
    return this.detail(id);
  }

  /** Rejects a pending submission with a reason the user sees; inside the operator action's transaction. */
  reject(operatorId: number, id: number, reason: string): AdminIdentityDetail {
    this.tx.run(() => {
      this.pendingSubmission(id);
      this.repo.decide({ id, status: 'rejected', reason, now: this.clock.now(), operatorId });
    });
    return this.detail(id);
  }

  private assertMaySubmit(uid: number): void {
    const state = this.state(uid);
    if (state === 'verified') throw new DomainError('ALREADY_VERIFIED');
    if (state === 'pending') throw new DomainError('VERIFICATION_UNDER_REVIEW');
  }

  private pendingSubmission(id: number): SubmissionRow {
    const row = this.repo.submissionById(id);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.status !== 'pending') throw new DomainError('ALREADY_HANDLED');
    return row;
  }

  private readPhoto(submissionId: number, side: IdentityPhotoSide): { bytes: Buffer; mime: string } {
    const photo = this.repo.photo(submissionId, side);
    if (!photo) throw new DomainError('NOT_FOUND');
    return { bytes: this.files.read(photo.file), mime: photo.mime };
  }
}
