-- Wallet: which coins travel on which networks, users' deposit addresses, deposits, withdrawals, the withdrawal
-- address book, transfers between a user's own wallets and flash transfers between users. Money moves only through
-- the ledger (0010): each row here is the business record a ledger entry belongs to, written in the same
-- transaction. Amounts are INTEGER in ledger units of the asset.

CREATE TABLE wallet_networks (
  asset TEXT NOT NULL,
  network TEXT NOT NULL,
  deposit_enabled INTEGER NOT NULL DEFAULT 1 CHECK (deposit_enabled IN (0, 1)),
  withdraw_enabled INTEGER NOT NULL DEFAULT 1 CHECK (withdraw_enabled IN (0, 1)),
  -- Smaller deposits are recorded but not credited.
  deposit_min INTEGER NOT NULL CHECK (deposit_min > 0),
  -- Flat network fee, in the coin, charged on top of the amount.
  withdraw_fee INTEGER NOT NULL CHECK (withdraw_fee >= 0),
  withdraw_min INTEGER NOT NULL CHECK (withdraw_min > 0),
  withdraw_max INTEGER CHECK (withdraw_max IS NULL OR withdraw_max >= withdraw_min),
  withdraw_precision INTEGER NOT NULL CHECK (withdraw_precision BETWEEN 0 AND 18),
  deposit_confirmations INTEGER NOT NULL CHECK (deposit_confirmations >= 1),
  deposit_done_confirmations INTEGER NOT NULL CHECK (deposit_done_confirmations >= deposit_confirmations),
  withdraw_confirmations INTEGER NOT NULL CHECK (withdraw_confirmations >= 1),
  sort INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (asset, network)
);

-- One address per user and network (ETH, USDT and BRS on ERC20 share it, as at every exchange), in canonical form.
CREATE TABLE wallet_deposit_addresses (
  uid INTEGER NOT NULL,
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (uid, network),
  UNIQUE (network, address)
);

CREATE TABLE wallet_deposits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  output_index INTEGER NOT NULL DEFAULT 0,
  amount INTEGER NOT NULL CHECK (amount > 0),
  confirmations INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'done', 'failed', 'below_min')),
  created_at INTEGER NOT NULL,
  -- Set once, with the ledger credit: reconciliation sums the amounts of credited deposits.
  credited_at INTEGER,
  done_at INTEGER,
  -- A transfer seen twice is one deposit.
  UNIQUE (network, tx_hash, output_index)
);
CREATE INDEX wallet_deposits_uid ON wallet_deposits(uid, created_at);
CREATE INDEX wallet_deposits_open ON wallet_deposits(status) WHERE status IN ('pending', 'credited');
CREATE INDEX wallet_deposits_credited ON wallet_deposits(asset) WHERE credited_at IS NOT NULL;

CREATE TABLE wallet_withdrawals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  -- What arrives at the address; amount + fee is frozen at submit and leaves the user's spot wallet on success.
  amount INTEGER NOT NULL CHECK (amount > 0),
  fee INTEGER NOT NULL CHECK (fee >= 0),
  remark TEXT,
  status TEXT NOT NULL CHECK (status IN ('review', 'approved', 'broadcast', 'succeeded', 'failed', 'rejected', 'cancelled')),
  tx_hash TEXT,
  confirmations INTEGER NOT NULL DEFAULT 0,
  reject_reason TEXT,
  fail_reason TEXT,
  request_id TEXT,
  reviewed_by INTEGER,
  reviewed_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (uid, request_id)
);
CREATE INDEX wallet_withdrawals_uid ON wallet_withdrawals(uid, created_at);
CREATE INDEX wallet_withdrawals_status ON wallet_withdrawals(status, id);

-- Saved withdrawal addresses. Rows are kept when deleted: `changed_at` of the newest add or edit starts the 24-hour
-- withdrawal lock.
CREATE TABLE wallet_address_book (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  changed_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX wallet_address_book_uid ON wallet_address_book(uid, changed_at);
CREATE UNIQUE INDEX wallet_address_book_live ON wallet_address_book(uid, asset, network, address) WHERE deleted_at IS NULL;

CREATE TABLE wallet_transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  from_wallet TEXT NOT NULL,
  to_wallet TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  request_id TEXT,
  created_at INTEGER NOT NULL,
  CHECK (from_wallet <> to_wallet),
  UNIQUE (uid, request_id)
);
CREATE INDEX wallet_transfers_uid ON wallet_transfers(uid, created_at);

CREATE TABLE wallet_flash_transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  from_uid INTEGER NOT NULL,
  to_uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  remark TEXT,
  request_id TEXT,
  created_at INTEGER NOT NULL,
  CHECK (from_uid <> to_uid),
  UNIQUE (from_uid, request_id)
);
CREATE INDEX wallet_flash_from ON wallet_flash_transfers(from_uid, created_at);
CREATE INDEX wallet_flash_to ON wallet_flash_transfers(to_uid, created_at);

-- How far the wallet has read each network (an opaque cursor from the Chain adapter).
CREATE TABLE wallet_chain_cursors (
  network TEXT PRIMARY KEY,
  cursor TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
