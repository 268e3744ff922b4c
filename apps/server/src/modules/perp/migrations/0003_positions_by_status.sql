-- Positions clustered by status: the table's key is (status, id), WITHOUT ROWID, so the open positions sit together
-- in a few pages at the `open` end instead of among every position ever closed. Each commit of trades updates the
-- open positions it touched; keyed by id alone, a position opened hours ago lives on a page of rows long closed, and a
-- commit touching 40 positions wrote about 14 pages of the table (the bench's traders flip their positions all the
-- time; on a real exchange the open ones are fewer and older, and further apart). A close moves the row to the
-- `closed` end once. Lookups by id go through `perp_positions_id`, which also holds the status (the key's columns are
-- in every index entry): an order's shown status reads only that index.
CREATE TABLE perp_positions_by_status (
  id INTEGER NOT NULL,
  owner INTEGER NOT NULL,
  contract_id INTEGER NOT NULL REFERENCES perp_contracts(id),
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  margin_mode TEXT NOT NULL CHECK (margin_mode IN ('cross', 'isolated')),
  leverage INTEGER NOT NULL,
  lots INTEGER NOT NULL CHECK (lots >= 0),
  -- Entry value of the open lots (the exact entry is cost / (lots × lot value)).
  cost INTEGER NOT NULL CHECK (cost >= 0),
  -- Isolated: the position's margin pot (= its ledger sub-account); cross: 0.
  margin INTEGER NOT NULL CHECK (margin >= 0),
  realized_pnl INTEGER NOT NULL DEFAULT 0,
  fees INTEGER NOT NULL DEFAULT 0,
  funding INTEGER NOT NULL DEFAULT 0,
  closed_lots INTEGER NOT NULL DEFAULT 0,
  closed_value INTEGER NOT NULL DEFAULT 0,
  opened_lots INTEGER NOT NULL DEFAULT 0,
  opened_value INTEGER NOT NULL DEFAULT 0,
  take_profit INTEGER,
  stop_loss INTEGER,
  in_liquidation INTEGER NOT NULL DEFAULT 0,
  liquidation_closes INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
  close_kind TEXT,
  opened_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  closed_at INTEGER,
  PRIMARY KEY (status, id)
) WITHOUT ROWID;
INSERT INTO perp_positions_by_status SELECT * FROM perp_positions;
DROP TABLE perp_positions;
ALTER TABLE perp_positions_by_status RENAME TO perp_positions;
CREATE UNIQUE INDEX perp_positions_id ON perp_positions (id);
-- A user's open or closed positions, newest first (the history pages).
CREATE INDEX perp_positions_owner ON perp_positions (owner, status, id);
