-- The simulated chain (the default Chain adapter): one block height shared by every simulated network, and the
-- transactions it carries. A real chain adapter keeps none of this; it reads the chain itself.

CREATE TABLE sim_chain_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  height INTEGER NOT NULL
);
INSERT INTO sim_chain_state (id, height) VALUES (1, 0);

CREATE TABLE sim_chain_txs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  network TEXT NOT NULL,
  asset TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  -- In ledger units of the asset.
  amount INTEGER NOT NULL CHECK (amount > 0),
  -- NULL while in the mempool.
  block_height INTEGER,
  -- Dropped from the mempool: never mined.
  failed INTEGER NOT NULL DEFAULT 0 CHECK (failed IN (0, 1)),
  -- Sends from the exchange carry their withdrawal's reference, so a retried send cannot pay twice.
  reference TEXT UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX sim_chain_txs_network ON sim_chain_txs(network, id);
CREATE INDEX sim_chain_txs_mempool ON sim_chain_txs(block_height) WHERE block_height IS NULL;
