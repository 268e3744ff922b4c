-- Newcomer task rewards: each task's reward and budget (paid from the reward pool), and each user's claim, once.
CREATE TABLE rewards_newcomer_tasks (
  task TEXT PRIMARY KEY,
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  budget INTEGER NOT NULL CHECK (budget >= 0),
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= budget)
);

CREATE TABLE rewards_newcomer_claims (
  uid INTEGER NOT NULL,
  task TEXT NOT NULL,
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  at INTEGER NOT NULL,
  PRIMARY KEY (uid, task)
);
