-- The operator's product switches: a row only once a product was switched; no row means on (when built).
CREATE TABLE product_switches (
  key TEXT PRIMARY KEY,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL
);
