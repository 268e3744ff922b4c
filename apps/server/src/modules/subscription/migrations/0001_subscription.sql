-- New-coin subscription. Commitments, costs and refunds are INTEGER units of the quote asset, token amounts units of
-- the token (both at their ledger scale); the price is quote per whole token at 8 decimals.
CREATE TABLE subscription_projects (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token TEXT NOT NULL UNIQUE,
  token_name TEXT NOT NULL,
  quote TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  supply INTEGER NOT NULL CHECK (supply > 0),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  min_commit INTEGER NOT NULL CHECK (min_commit > 0),
  max_commit INTEGER NOT NULL CHECK (max_commit >= min_commit),
  -- JSON: the introduction in every language of the app.
  intro TEXT NOT NULL,
  paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
  -- Kept in the same transactions as the applications they sum.
  committed INTEGER NOT NULL DEFAULT 0 CHECK (committed >= 0),
  applicants INTEGER NOT NULL DEFAULT 0 CHECK (applicants >= 0),
  allocated INTEGER NOT NULL DEFAULT 0 CHECK (allocated >= 0),
  raised INTEGER NOT NULL DEFAULT 0 CHECK (raised >= 0),
  refunded INTEGER NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  settled_at INTEGER,
  cancelled_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (settled_at IS NULL OR cancelled_at IS NULL)
);
CREATE INDEX subscription_projects_due ON subscription_projects(ends_at) WHERE settled_at IS NULL AND cancelled_at IS NULL;

-- One application per user and project at a time; its commitment is a ledger hold `subscription:<id>` while pending.
CREATE TABLE subscription_applications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES subscription_projects(id),
  uid INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'allocated', 'withdrawn', 'refunded')),
  allocation INTEGER,
  cost INTEGER,
  refund INTEGER,
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  CHECK ((state = 'allocated') = (allocation IS NOT NULL AND cost IS NOT NULL AND refund IS NOT NULL)),
  CHECK (state <> 'allocated' OR cost + refund = amount)
);
CREATE UNIQUE INDEX subscription_applications_one ON subscription_applications(project_id, uid)
  WHERE state IN ('pending', 'allocated');
CREATE INDEX subscription_applications_state ON subscription_applications(project_id, state, id);
CREATE INDEX subscription_applications_user ON subscription_applications(uid, id);
