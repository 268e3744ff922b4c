-- The scheduler: one row per job (its cursor and counters) and a bounded history of runs per job.

-- A job's cursor: every slot up to last_slot is done (run, or skipped by the `latest` policy); the next one is
-- last_slot + 1. The (job, slot) key of a run is the cursor's move from slot − 1 to slot, written in the same
-- transaction as the job's own writes (compare-and-set on last_slot), so a slot is done once or not at all.
CREATE TABLE scheduler_jobs (
  name TEXT PRIMARY KEY,
  every_ms INTEGER NOT NULL CHECK (every_ms > 0),
  offset_ms INTEGER NOT NULL CHECK (offset_ms >= 0 AND offset_ms < every_ms),
  catch_up TEXT NOT NULL CHECK (catch_up IN ('every', 'latest')),
  last_slot INTEGER NOT NULL,
  registered_at INTEGER NOT NULL,
  -- The newest successful run: when it finished (scheduler clock) and how long the job took (ms).
  last_run_at INTEGER,
  last_ms REAL,
  runs INTEGER NOT NULL DEFAULT 0,
  -- Slots the `latest` policy passed over.
  skipped INTEGER NOT NULL DEFAULT 0,
  failures INTEGER NOT NULL DEFAULT 0,
  -- The slot being retried after a failure, how often it failed, and when it is tried next.
  failing_slot INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  retry_at INTEGER,
  last_error TEXT,
  last_error_at INTEGER,
  -- Runs written to the history so far; the next one goes to ring position history_seq % ring size.
  history_seq INTEGER NOT NULL DEFAULT 0
) STRICT;

-- The newest runs of each job, a fixed number per job (a ring: a new run replaces the oldest), so a job that runs
-- every 50 ms never grows the table.
CREATE TABLE scheduler_runs (
  job TEXT NOT NULL REFERENCES scheduler_jobs (name) ON DELETE CASCADE,
  ring INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  slot INTEGER NOT NULL,
  slot_at INTEGER NOT NULL,
  ran_at INTEGER NOT NULL,
  ms REAL NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('done', 'failed')),
  attempt INTEGER NOT NULL,
  skipped INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  PRIMARY KEY (job, ring)
) STRICT, WITHOUT ROWID;
