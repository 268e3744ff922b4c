import type { Db } from '../../db/database';

export interface ConversationRow {
  id: number;
  uid: number;
  status: 'open' | 'closed';
  created_at: number;
  last_message_at: number;
  closed_at: number | null;
  closed_by: number | null;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  author: 'user' | 'operator';
  operator_id: number | null;
  operator_name: string | null;
  body: string;
  attachment_path: string | null;
  attachment_mime: string | null;
  created_at: number;
  read_at: number | null;
}

/** SQL for the support tables; nothing outside this module touches them. */
export function createSupportRepo(db: Db) {
  const q = {
    open: db.prepare<[number], ConversationRow>(
      "SELECT * FROM support_conversations WHERE uid = ? AND status = 'open'",
    ),
    latest: db.prepare<[number], ConversationRow>(
      'SELECT * FROM support_conversations WHERE uid = ? ORDER BY id DESC LIMIT 1',
    ),
    byId: db.prepare<[number], ConversationRow>('SELECT * FROM support_conversations WHERE id = ?'),
    insert: db.prepare<[number, number, number]>(
      'INSERT INTO support_conversations (uid, created_at, last_message_at) VALUES (?, ?, ?)',
    ),
    touch: db.prepare<[number, number]>('UPDATE support_conversations SET last_message_at = ? WHERE id = ?'),
    close: db.prepare<[number, number, number]>(
      "UPDATE support_conversations SET status = 'closed', closed_at = ?, closed_by = ? WHERE id = ? AND status = 'open'",
    ),
    insertMessage: db.prepare<Omit<MessageRow, 'id' | 'read_at'>>(
      `INSERT INTO support_messages (conversation_id, author, operator_id, operator_name, body, attachment_path,
         attachment_mime, created_at)
       VALUES (@conversation_id, @author, @operator_id, @operator_name, @body, @attachment_path, @attachment_mime,
         @created_at)`,
    ),
    message: db.prepare<[number], MessageRow>('SELECT * FROM support_messages WHERE id = ?'),
    page: db.prepare<[number, number, number], MessageRow>(
      'SELECT * FROM support_messages WHERE conversation_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
    ),
    all: db.prepare<[number], MessageRow>('SELECT * FROM support_messages WHERE conversation_id = ? ORDER BY id'),
    unread: db
      .prepare<[number, string], number>(
        'SELECT COUNT(*) FROM support_messages WHERE conversation_id = ? AND author = ? AND read_at IS NULL',
      )
      .pluck(),
    markRead: db.prepare<[number, number, string, number]>(
      'UPDATE support_messages SET read_at = ? WHERE conversation_id = ? AND author = ? AND read_at IS NULL AND id <= ?',
    ),
    lastId: db
      .prepare<[number, string, number], number | null>(
        'SELECT MAX(id) FROM support_messages WHERE conversation_id = ? AND author = ? AND id <= ?',
      )
      .pluck(),
    inbox: db.prepare<{ status: string; limit: number; offset: number }, ConversationRow & { unread: number }>(
      `SELECT c.*, (SELECT COUNT(*) FROM support_messages m
                    WHERE m.conversation_id = c.id AND m.author = 'user' AND m.read_at IS NULL) AS unread
       FROM support_conversations c WHERE c.status = @status
       ORDER BY unread > 0 DESC, c.last_message_at DESC LIMIT @limit OFFSET @offset`,
    ),
    inboxCount: db.prepare<[string], number>('SELECT COUNT(*) FROM support_conversations WHERE status = ?').pluck(),
    unanswered: db
      .prepare<[], number>(
        `SELECT COUNT(DISTINCT conversation_id) FROM support_messages m
         JOIN support_conversations c ON c.id = m.conversation_id
         WHERE c.status = 'open' AND m.author = 'user' AND m.read_at IS NULL`,
      )
      .pluck(),
    lastMessage: db.prepare<[number], MessageRow>(
      'SELECT * FROM support_messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 1',
    ),
  };
  return {
    openConversation: (uid: number) => q.open.get(uid),
    latestConversation: (uid: number) => q.latest.get(uid),
    conversation: (id: number) => q.byId.get(id),
    openNew: (uid: number, now: number) => Number(q.insert.run(uid, now, now).lastInsertRowid),
    touch: (id: number, at: number) => q.touch.run(at, id),
    close: (id: number, at: number, operatorId: number) => q.close.run(at, operatorId, id).changes > 0,
    insertMessage: (row: Omit<MessageRow, 'id' | 'read_at'>) => Number(q.insertMessage.run(row).lastInsertRowid),
    message: (id: number) => q.message.get(id),
    /** Up to `limit` messages older than `before`, newest first. */
    page: (conversationId: number, before: number, limit: number) => q.page.all(conversationId, before, limit),
    allMessages: (conversationId: number) => q.all.all(conversationId),
    unread: (conversationId: number, author: 'user' | 'operator') => q.unread.get(conversationId, author) ?? 0,
    /** Marks `author`'s messages read, those up to `upTo` (the newest the reader saw; by default all of them). */
    markRead: (conversationId: number, author: 'user' | 'operator', at: number, upTo = Number.MAX_SAFE_INTEGER) =>
      q.markRead.run(at, conversationId, author, upTo).changes,
    /** The id of `author`'s newest message (up to `upTo`), or null. */
    lastId: (conversationId: number, author: 'user' | 'operator', upTo = Number.MAX_SAFE_INTEGER) =>
      q.lastId.get(conversationId, author, upTo) ?? null,
    inbox: (status: 'open' | 'closed', limit: number, offset: number) => q.inbox.all({ status, limit, offset }),
    inboxCount: (status: 'open' | 'closed') => q.inboxCount.get(status) ?? 0,
    unanswered: () => q.unanswered.get() ?? 0,
    lastMessage: (conversationId: number) => q.lastMessage.get(conversationId),
  };
}

export type SupportRepo = ReturnType<typeof createSupportRepo>;
