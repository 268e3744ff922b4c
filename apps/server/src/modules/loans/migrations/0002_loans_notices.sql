-- The language a margin-call mail is written in (the one the user borrowed in), and the sale of a liquidation's
-- collateral into the spot book (its order, when one was placed).
ALTER TABLE loans ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
ALTER TABLE loans_liquidations ADD COLUMN order_id INTEGER;
