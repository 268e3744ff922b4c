-- The one ledger. Every unit of every asset sits in an account (owner, wallet, asset) with an available and a frozen
-- bucket; every change is a leg of a balanced journal entry with a unique reference.

CREATE TABLE assets (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- Fixed-point scale of every stored amount of this asset (8: amounts are in units of 0.00000001).
  scale INTEGER NOT NULL CHECK (scale BETWEEN 0 AND 18),
  -- Decimals the app shows for balances.
  display_precision INTEGER NOT NULL CHECK (display_precision BETWEEN 0 AND 18),
  sort INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at INTEGER NOT NULL
);

-- Named system owners. hot_wallet mirrors what the exchange holds on chain: its balance is minus everything that
-- came in by deposit and has not left by withdrawal, the only balance allowed below zero.
CREATE TABLE system_owners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  allow_negative INTEGER NOT NULL DEFAULT 0 CHECK (allow_negative IN (0, 1)),
  created_at INTEGER NOT NULL
);

CREATE TABLE ledger_accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'system')),
  owner_id INTEGER NOT NULL,
  wallet TEXT NOT NULL CHECK (wallet IN ('spot', 'contract', 'fiat', 'options', 'gold', 'mining')),
  asset TEXT NOT NULL REFERENCES assets(code),
  available INTEGER NOT NULL DEFAULT 0,
  frozen INTEGER NOT NULL DEFAULT 0,
  allow_negative INTEGER NOT NULL DEFAULT 0 CHECK (allow_negative IN (0, 1)),
  updated_at INTEGER NOT NULL,
  UNIQUE (owner_kind, owner_id, wallet, asset),
  CHECK (allow_negative = 1 OR available >= 0),
  CHECK (frozen >= 0),
  -- SQLite turns an integer sum that overflows 64 bits into a float; refuse that instead of storing it.
  CHECK (typeof(available) = 'integer' AND typeof(frozen) = 'integer')
);

CREATE TABLE journal_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Idempotency key: the same reference twice is refused, so a retried operation cannot post twice.
  reference TEXT NOT NULL UNIQUE,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  meta TEXT
);

CREATE TABLE journal_legs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  entry_id INTEGER NOT NULL REFERENCES journal_entries(id),
  account_id INTEGER NOT NULL REFERENCES ledger_accounts(id),
  asset TEXT NOT NULL,
  bucket TEXT NOT NULL CHECK (bucket IN ('available', 'frozen')),
  -- Signed change of that bucket of that account. Per entry and asset, the legs sum to zero.
  amount INTEGER NOT NULL CHECK (amount <> 0)
);
CREATE INDEX journal_legs_account ON journal_legs(account_id, id);
CREATE INDEX journal_legs_entry ON journal_legs(entry_id);
