-- Resting orders indexed by market and id instead of by owner: new orders append to the end of the index instead of
-- touching one page per trader in every commit; "my open orders" is served from memory (the desk holds every resting
-- order), and the books are rebuilt per market from this index at start.
DROP INDEX spot_orders_open;
CREATE INDEX spot_orders_resting ON spot_orders(market_id, id) WHERE status IN ('open', 'partial');
