-- Money-moving calls by request id: the same request repeated is answered with the first result and moves nothing
-- twice. `result` is null while the first is still being carried out (a claim written in its own transaction).
CREATE TABLE request_log (
  uid INTEGER NOT NULL,
  route TEXT NOT NULL,
  request_id TEXT NOT NULL,
  fingerprint BLOB NOT NULL,
  result TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (uid, route, request_id)
) WITHOUT ROWID;
CREATE INDEX request_log_created ON request_log(created_at);
