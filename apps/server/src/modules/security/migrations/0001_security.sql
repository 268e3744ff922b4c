-- Security and identity (module security): two-factor secrets, identity submissions. Also the account module's
-- case-insensitive nickname rule, which arrived with the profile page.

-- One row per user who has started or finished two-factor setup. The secret is encrypted with the server key
-- (AES-256-GCM, see modules/security/secret-box.ts); it is never stored or logged in clear.
CREATE TABLE two_factor (
  uid INTEGER PRIMARY KEY REFERENCES users(uid),
  secret_sealed TEXT NOT NULL,
  -- NULL while the user has the key but has not yet proved it with a code.
  enabled_at INTEGER,
  -- The newest time step accepted for this user: a code of this step or an older one is never accepted again.
  last_step INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- Every identity submission is kept (a rejected one stays beside its resubmission, for the operator's history).
CREATE TABLE identity_submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users(uid),
  doc_type TEXT NOT NULL CHECK (doc_type IN ('id_card', 'passport')),
  family_name TEXT NOT NULL,
  given_name TEXT NOT NULL,
  doc_number TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
  reject_reason TEXT,
  submitted_at INTEGER NOT NULL,
  reviewed_at INTEGER,
  reviewer_id INTEGER REFERENCES operators(id)
);
CREATE INDEX identity_submissions_uid ON identity_submissions(uid, id);
CREATE INDEX identity_submissions_status ON identity_submissions(status, id);
-- At most one submission under review and one verified per user; one document verified on one account only.
CREATE UNIQUE INDEX identity_one_pending ON identity_submissions(uid) WHERE status = 'pending';
CREATE UNIQUE INDEX identity_one_verified ON identity_submissions(uid) WHERE status = 'verified';
CREATE UNIQUE INDEX identity_document_verified ON identity_submissions(doc_type, doc_number) WHERE status = 'verified';

-- The photos of a submission: files under DATA_DIR/uploads/identity/, never inside the web root.
CREATE TABLE identity_photos (
  submission_id INTEGER NOT NULL REFERENCES identity_submissions(id),
  side TEXT NOT NULL CHECK (side IN ('front', 'back', 'hand')),
  file TEXT NOT NULL,
  mime TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (submission_id, side)
);
