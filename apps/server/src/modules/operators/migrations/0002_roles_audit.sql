-- Operator roles with permissions (admin, compliance, finance, risk, content, support) and an append-only audit
-- log written by the central route layer.
-- migrate: rebuilds-tables

CREATE TABLE operators_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'support'
    CHECK (role IN ('admin', 'compliance', 'finance', 'risk', 'content', 'support')),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at INTEGER NOT NULL
);
INSERT INTO operators_new (id, email, name, password_hash, role, status, created_at)
  SELECT id, email, name, password_hash, CASE role WHEN 'reviewer' THEN 'compliance' ELSE role END, status, created_at
  FROM operators;
DROP TABLE operators;
ALTER TABLE operators_new RENAME TO operators;

-- Who (operator and the role they acted in), which route, on what, the change asked for and what it produced,
-- from where, when, and whether it was done or refused. Rows are only ever added.
CREATE TABLE operator_audit_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  role TEXT NOT NULL,
  route TEXT NOT NULL,
  target TEXT,
  change TEXT,
  result TEXT,
  ip TEXT,
  outcome TEXT NOT NULL DEFAULT 'done' CHECK (outcome IN ('done', 'refused')),
  created_at INTEGER NOT NULL
);
INSERT INTO operator_audit_new (id, operator_id, role, route, target, change, ip, outcome, created_at)
  SELECT a.id, a.operator_id, COALESCE(CASE o.role WHEN 'reviewer' THEN 'compliance' ELSE o.role END, 'admin'),
         a.action, a.subject, a.detail, NULL, 'done', a.created_at
  FROM operator_audit a LEFT JOIN operators o ON o.id = a.operator_id;
DROP TABLE operator_audit;
ALTER TABLE operator_audit_new RENAME TO operator_audit;
CREATE INDEX operator_audit_operator ON operator_audit(operator_id, id);
CREATE INDEX operator_audit_target ON operator_audit(target, id);
CREATE TRIGGER operator_audit_no_update BEFORE UPDATE ON operator_audit
  BEGIN SELECT RAISE(ABORT, 'operator_audit is append-only'); END;
CREATE TRIGGER operator_audit_no_delete BEFORE DELETE ON operator_audit
  BEGIN SELECT RAISE(ABORT, 'operator_audit is append-only'); END;
