-- The customer-service chat: one open conversation per user at a time, its messages, their images.
CREATE TABLE support_conversations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at INTEGER NOT NULL,
  last_message_at INTEGER NOT NULL,
  closed_at INTEGER,
  closed_by INTEGER
);
-- At most one open conversation per user.
CREATE UNIQUE INDEX support_conversations_open ON support_conversations(uid) WHERE status = 'open';
CREATE INDEX support_conversations_inbox ON support_conversations(status, last_message_at);

CREATE TABLE support_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL REFERENCES support_conversations(id),
  author TEXT NOT NULL CHECK (author IN ('user', 'operator')),
  operator_id INTEGER,
  operator_name TEXT,
  body TEXT NOT NULL,
  attachment_path TEXT,
  attachment_mime TEXT,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX support_messages_conversation ON support_messages(conversation_id, id);
-- Unread messages per conversation and side, for the badge and the inbox.
CREATE INDEX support_messages_unread ON support_messages(conversation_id, author) WHERE read_at IS NULL;
