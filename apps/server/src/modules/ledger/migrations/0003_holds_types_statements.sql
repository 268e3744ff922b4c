-- migrate: rebuilds-tables
-- Sub-accounts, account types (a chart of accounts with a negative-balance policy per type), holds that name every
-- frozen unit, operators' balance adjustments (maker-checker) and an indexed statement per account.

-- 1. Each system owner has a type; the owners the exchange declares get theirs (README.md, "Account types"), the
--    others (market makers) are equity that never goes negative.
CREATE TABLE system_owners_v3 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('asset', 'liability', 'revenue', 'expense', 'equity')),
  allow_negative INTEGER NOT NULL DEFAULT 0 CHECK (allow_negative IN (0, 1)),
  created_at INTEGER NOT NULL,
  CHECK (allow_negative = 0 OR type IN ('asset', 'expense', 'equity'))
);
INSERT INTO system_owners_v3 (id, name, type, allow_negative, created_at)
  SELECT id, name,
         CASE name
           WHEN 'hot_wallet' THEN 'asset'
           WHEN 'adjustments' THEN 'asset'
           WHEN 'fees' THEN 'revenue'
           WHEN 'escrow' THEN 'liability'
           WHEN 'reward_pool' THEN 'expense'
           WHEN 'interest_expense' THEN 'expense'
           ELSE 'equity'
         END,
         CASE WHEN name IN ('hot_wallet', 'adjustments', 'reward_pool', 'interest_expense', 'options_pool', 'treasury')
              THEN 1 ELSE 0 END,
         created_at
  FROM system_owners;
DROP TABLE system_owners;
ALTER TABLE system_owners_v3 RENAME TO system_owners;

-- 2. Accounts are keyed (owner, wallet, asset, sub): '' is the wallet's main pot, and every existing account is one.
--    The type is the owner's (users: liabilities); the CHECKs hold the policy as the last line.
CREATE TABLE ledger_accounts_v3 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'system')),
  owner_id INTEGER NOT NULL,
  wallet TEXT NOT NULL CHECK (wallet IN ('spot', 'contract', 'fiat', 'options', 'gold', 'mining')),
  asset TEXT NOT NULL REFERENCES assets(code),
  sub TEXT NOT NULL DEFAULT '' CHECK (length(sub) <= 64),
  type TEXT NOT NULL CHECK (type IN ('asset', 'liability', 'revenue', 'expense', 'equity')),
  available INTEGER NOT NULL DEFAULT 0,
  frozen INTEGER NOT NULL DEFAULT 0,
  allow_negative INTEGER NOT NULL DEFAULT 0 CHECK (allow_negative IN (0, 1)),
  updated_at INTEGER NOT NULL,
  UNIQUE (owner_kind, owner_id, wallet, asset, sub),
  CHECK (owner_kind = 'system' OR (type = 'liability' AND allow_negative = 0)),
  CHECK (allow_negative = 0 OR type IN ('asset', 'expense', 'equity')),
  CHECK (allow_negative = 1 OR available >= 0),
  CHECK (frozen >= 0),
  -- SQLite turns an integer sum that overflows 64 bits into a float; refuse that instead of storing it.
  CHECK (typeof(available) = 'integer' AND typeof(frozen) = 'integer')
);
INSERT INTO ledger_accounts_v3 (id, owner_kind, owner_id, wallet, asset, sub, type, available, frozen, allow_negative,
                                updated_at)
  SELECT a.id, a.owner_kind, a.owner_id, a.wallet, a.asset, '',
         CASE WHEN a.owner_kind = 'user' THEN 'liability'
              ELSE COALESCE((SELECT s.type FROM system_owners s WHERE s.id = a.owner_id), 'equity') END,
         a.available, a.frozen,
         CASE WHEN a.owner_kind = 'user' THEN 0
              ELSE COALESCE((SELECT s.allow_negative FROM system_owners s WHERE s.id = a.owner_id), 0) END,
         a.updated_at
  FROM ledger_accounts a;
DROP TABLE ledger_accounts;
ALTER TABLE ledger_accounts_v3 RENAME TO ledger_accounts;

-- 3. Holds: an account's frozen bucket is the sum of its open holds, each named by what holds it (`order:123`,
--    `withdrawal:45`). Every frozen leg of the journal names its holder, so the holds are a function of the journal;
--    `ledger_holds` is their materialisation, written in batches with the statements (every entry up to
--    `ledger_index_upto.upto` is in it; reconciliation adds the journal's newer legs). Frozen amounts written before
--    holds existed (legs without a holder) are adopted by their modules at start (LedgerService.adoptHolds).
ALTER TABLE journal_legs ADD COLUMN holder TEXT
  CHECK (holder IS NULL OR (bucket = 'frozen' AND length(holder) BETWEEN 1 AND 128));

CREATE TABLE ledger_holds (
  holder TEXT PRIMARY KEY CHECK (length(holder) BETWEEN 1 AND 128),
  account_id INTEGER NOT NULL REFERENCES ledger_accounts(id),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- 4. Operators' balance adjustments: proposed by one operator, approved (one ledger posting against the
--    `adjustments` system account, an external flow in reconciliation) or rejected by another.
CREATE TABLE ledger_adjustments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  wallet TEXT NOT NULL CHECK (wallet IN ('spot', 'contract', 'fiat', 'options', 'gold', 'mining')),
  asset TEXT NOT NULL REFERENCES assets(code),
  -- Signed, in ledger units: positive credits the user, negative debits.
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount <> 0),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected')),
  proposed_by INTEGER NOT NULL,
  proposed_at INTEGER NOT NULL,
  request_id TEXT,
  decided_by INTEGER,
  decided_at INTEGER,
  note TEXT,
  -- The journal entry of an approved adjustment.
  entry_id INTEGER,
  -- Maker-checker: whoever decides is not whoever proposed.
  CHECK (decided_by IS NULL OR decided_by <> proposed_by),
  CHECK ((status = 'approved') = (entry_id IS NOT NULL)),
  UNIQUE (proposed_by, request_id)
);
CREATE INDEX ledger_adjustments_status ON ledger_adjustments(status, id);
CREATE INDEX ledger_adjustments_approved ON ledger_adjustments(asset) WHERE status = 'approved';

-- 5. Statements: every movement of every account with the balances after it. The lines an account got in one
--    batch are packed into chunk rows (at most 64 lines each, 32 bytes a line: entry id, reason, available after,
--    frozen after; a line's change is the difference to the line before), keyed (account, first entry): an account's
--    statement is one range of one index, and a batch costs one insert per account instead of one per line. Written
--    in batches with the holds (README.md, "Statements"). The journal's own legs stay without a per-account index
--    (0002).
CREATE TABLE ledger_reasons (
  id INTEGER PRIMARY KEY,
  reason TEXT NOT NULL UNIQUE
);
CREATE TABLE ledger_statement (
  account_id INTEGER NOT NULL,
  first_entry INTEGER NOT NULL,
  last_entry INTEGER NOT NULL,
  -- The newest time among the chunk's entries: a statement read from a date on skips older chunks.
  newest_at INTEGER NOT NULL,
  lines BLOB NOT NULL CHECK (length(lines) BETWEEN 32 AND 2048 AND length(lines) % 32 = 0),
  PRIMARY KEY (account_id, first_entry),
  CHECK (last_entry >= first_entry)
);

-- How far statements and holds are written: every entry up to `upto` is in both.
CREATE TABLE ledger_index_upto (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  upto INTEGER NOT NULL
);
-- 0: the existing journal is indexed when the ledger starts (LedgerService, same code as after a crash).
INSERT INTO ledger_index_upto (id, upto) VALUES (1, 0);
