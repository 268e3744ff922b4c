-- The community chat: public rooms per language, their messages, reports, mutes and the word filter.
CREATE TABLE chat_rooms (
  key TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);
INSERT INTO chat_rooms (key, name, position) VALUES
  ('en', 'English', 1),
  ('zh_CN', '简体中文', 2),
  ('zh_HK', '繁體中文', 3),
  ('es', 'Español', 4),
  ('fr', 'Français', 5);

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  room TEXT NOT NULL REFERENCES chat_rooms(key),
  uid INTEGER NOT NULL,
  body TEXT NOT NULL,
  image_path TEXT,
  image_mime TEXT,
  created_at INTEGER NOT NULL,
  -- Removed messages keep their row (the reports' evidence) and show as removed.
  removed TEXT CHECK (removed IN ('author', 'moderator')),
  removed_at INTEGER,
  removed_by INTEGER
);
-- A room's history, newest first by id.
CREATE INDEX chat_messages_room ON chat_messages(room, id);
-- A user's recent messages: the rate limit, the duplicate check, the console's filter by author.
CREATE INDEX chat_messages_uid ON chat_messages(uid, created_at);

CREATE TABLE chat_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES chat_messages(id),
  uid INTEGER NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'scam', 'other')),
  created_at INTEGER NOT NULL,
  closed_at INTEGER,
  outcome TEXT CHECK (outcome IN ('removed', 'dismissed')),
  UNIQUE (message_id, uid)
);
CREATE INDEX chat_reports_open ON chat_reports(message_id) WHERE closed_at IS NULL;
CREATE INDEX chat_reports_uid ON chat_reports(uid, created_at);

-- The running mute of a user (lifting or expiry ends it; the audit log keeps the history).
CREATE TABLE chat_mutes (
  uid INTEGER PRIMARY KEY,
  until INTEGER NOT NULL,
  reason TEXT NOT NULL,
  operator_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE chat_words (
  word TEXT PRIMARY KEY COLLATE NOCASE,
  created_at INTEGER NOT NULL
);
