-- Journal legs are written in entry order; an index on account_id made every insert land on a random page of a
-- B-tree (two thirds of a posting's cost). Nothing needs it: reconciliation scans every leg anyway, and "has this
-- user ever deposited / traded" (newcomer tasks) is answered by the small table below instead.
DROP INDEX journal_legs_account;

-- The first entry of each reason that moved a user's money: one row per user and reason, written once.
CREATE TABLE ledger_user_reasons (
  uid INTEGER NOT NULL,
  reason TEXT NOT NULL,
  first_entry_id INTEGER NOT NULL,
  PRIMARY KEY (uid, reason)
) WITHOUT ROWID;

INSERT OR IGNORE INTO ledger_user_reasons (uid, reason, first_entry_id)
  SELECT a.owner_id, e.reason, MIN(e.id)
  FROM journal_legs l
  JOIN ledger_accounts a ON a.id = l.account_id
  JOIN journal_entries e ON e.id = l.entry_id
  WHERE a.owner_kind = 'user'
  GROUP BY a.owner_id, e.reason;
