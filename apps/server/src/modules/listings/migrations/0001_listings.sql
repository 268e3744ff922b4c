-- Coin-listing applications and their review. Times are ms since the epoch.
CREATE TABLE listing_applications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  project_name TEXT NOT NULL,
  symbol TEXT NOT NULL,
  chain TEXT NOT NULL,
  contract_address TEXT NOT NULL,
  website TEXT NOT NULL,
  whitepaper TEXT NOT NULL,
  total_supply TEXT NOT NULL,
  contact_name TEXT NOT NULL,
  contact TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason TEXT,
  reviewed_by INTEGER,
  reviewed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX listing_applications_uid ON listing_applications (uid, id);
CREATE INDEX listing_applications_status ON listing_applications (status, id);
