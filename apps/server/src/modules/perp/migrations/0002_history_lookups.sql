-- The histories' lookups by owner as tables the server fills in bulk (`DeferredIndex`, as spot_order_owners), and no
-- lookups by position. An index on (owner, id) or (position_id) puts every new order, fill and close on its owner's
-- or position's page of the index: with the three owner indexes and the three position indexes, a commit of orders
-- from 64 traders wrote about five more 4 KB pages per order, which cost more than the rest of the commit.
-- Now:
-- - orders, fills and closes by owner: `perp_*_owners (owner, id)`, every row with id <= `upto` in it, the newer
--   ones found in the short tail of the table;
-- - a position's fills and closes: its owner's, from the first written at or after the position opened (ids follow
--   time: `firstIdSince`), whose position_id is the position's; its orders: the orders of those fills and closes;
-- - an order's fills: its owner's since the order was placed, whose order_id is the order's;
-- - an order whose position has closed is shown `closed` (a filled order of an open position is `trading`): derived
--   when read, from the position's status, instead of rewriting the position's orders when it closes.
CREATE TABLE perp_order_owners (
  owner INTEGER NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (owner, id)
) WITHOUT ROWID;
CREATE TABLE perp_order_owners_upto (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  upto INTEGER NOT NULL
);
CREATE TABLE perp_fill_owners (
  owner INTEGER NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (owner, id)
) WITHOUT ROWID;
CREATE TABLE perp_fill_owners_upto (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  upto INTEGER NOT NULL
);
CREATE TABLE perp_close_owners (
  owner INTEGER NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (owner, id)
) WITHOUT ROWID;
CREATE TABLE perp_close_owners_upto (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  upto INTEGER NOT NULL
);

INSERT INTO perp_order_owners (owner, id) SELECT owner, id FROM perp_orders ORDER BY owner, id;
INSERT INTO perp_order_owners_upto (one, upto) VALUES (1, COALESCE((SELECT MAX(id) FROM perp_orders), 0));
INSERT INTO perp_fill_owners (owner, id) SELECT owner, id FROM perp_fills ORDER BY owner, id;
INSERT INTO perp_fill_owners_upto (one, upto) VALUES (1, COALESCE((SELECT MAX(id) FROM perp_fills), 0));
INSERT INTO perp_close_owners (owner, id) SELECT owner, id FROM perp_closes ORDER BY owner, id;
INSERT INTO perp_close_owners_upto (one, upto) VALUES (1, COALESCE((SELECT MAX(id) FROM perp_closes), 0));

-- An order's fills are its owner's since it was placed, the same way. The index by order put each maker's fill on the
-- page of an order that may have rested for hours: one more page per trade.
DROP INDEX perp_fills_order;
DROP INDEX perp_orders_owner;
DROP INDEX perp_orders_position;
DROP INDEX perp_fills_owner;
DROP INDEX perp_fills_position;
DROP INDEX perp_closes_owner;
DROP INDEX perp_closes_position;
-- A client order id is looked up by its owner (an order that sets one is refused if the owner used it before).
CREATE INDEX perp_orders_client ON perp_orders (owner, client_order_id) WHERE client_order_id IS NOT NULL;
