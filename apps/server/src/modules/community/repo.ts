import type { Db } from '../../db/database';

export interface RoomRow {
  key: string;
  name: string;
  position: number;
  messages: number;
  last_message_at: number | null;
}

export interface MessageRow {
  id: number;
  room: string;
  uid: number;
  body: string;
  image_path: string | null;
  image_mime: string | null;
  created_at: number;
  removed: 'author' | 'moderator' | null;
  removed_at: number | null;
  removed_by: number | null;
}

export interface MuteRow {
  uid: number;
  until: number;
  reason: string;
  operator_id: number;
  created_at: number;
}

export interface ReportGroupRow {
  message_id: number;
  reports: number;
  first_at: number;
  outcome: 'removed' | 'dismissed' | null;
}

export type NewMessage = Pick<MessageRow, 'room' | 'uid' | 'body' | 'image_path' | 'image_mime' | 'created_at'>;

/** SQL for the chat tables; nothing outside this module touches them. */
export function createCommunityRepo(db: Db) {
  const q = {
    rooms: db.prepare<[], RoomRow>(
      `SELECT r.key, r.name, r.position,
         (SELECT COUNT(*) FROM chat_messages m WHERE m.room = r.key AND m.removed IS NULL) AS messages,
         (SELECT MAX(created_at) FROM chat_messages m WHERE m.room = r.key AND m.removed IS NULL) AS last_message_at
       FROM chat_rooms r ORDER BY r.position`,
    ),
    room: db.prepare<[string], { key: string }>('SELECT key FROM chat_rooms WHERE key = ?'),
    insert: db.prepare<NewMessage>(
      `INSERT INTO chat_messages (room, uid, body, image_path, image_mime, created_at)
       VALUES (@room, @uid, @body, @image_path, @image_mime, @created_at)`,
    ),
    message: db.prepare<[number], MessageRow>('SELECT * FROM chat_messages WHERE id = ?'),
    page: db.prepare<[string, number, number], MessageRow>(
      'SELECT * FROM chat_messages WHERE room = ? AND id < ? ORDER BY id DESC LIMIT ?',
    ),
    roomCount: db.prepare<[string], number>('SELECT COUNT(*) FROM chat_messages WHERE room = ?').pluck(),
    sentSince: db.prepare<[number, number], { n: number; oldest: number | null }>(
      'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM chat_messages WHERE uid = ? AND created_at > ?',
    ),
    sameSince: db
      .prepare<[number, number, string], number>(
        `SELECT COUNT(*) FROM chat_messages
         WHERE uid = ? AND created_at > ? AND body = ? AND image_path IS NULL AND removed IS NULL`,
      )
      .pluck(),
    remove: db.prepare<[string, number, number | null, number]>(
      'UPDATE chat_messages SET removed = ?, removed_at = ?, removed_by = ? WHERE id = ? AND removed IS NULL',
    ),
    adminPage: db.prepare<{ room: string | null; uid: number | null; limit: number; offset: number }, MessageRow>(
      `SELECT * FROM chat_messages WHERE (@room IS NULL OR room = @room) AND (@uid IS NULL OR uid = @uid)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    adminCount: db
      .prepare<{ room: string | null; uid: number | null }, number>(
        'SELECT COUNT(*) FROM chat_messages WHERE (@room IS NULL OR room = @room) AND (@uid IS NULL OR uid = @uid)',
      )
      .pluck(),

    insertReport: db.prepare<[number, number, string, number]>(
      'INSERT INTO chat_reports (message_id, uid, reason, created_at) VALUES (?, ?, ?, ?)',
    ),
    reported: db
      .prepare<[number, number], number>('SELECT COUNT(*) FROM chat_reports WHERE message_id = ? AND uid = ?')
      .pluck(),
    reportsSince: db
      .prepare<[number, number], number>('SELECT COUNT(*) FROM chat_reports WHERE uid = ? AND created_at > ?')
      .pluck(),
    closeReports: db.prepare<[number, string, number]>(
      'UPDATE chat_reports SET closed_at = ?, outcome = ? WHERE message_id = ? AND closed_at IS NULL',
    ),
    openGroups: db.prepare<[number, number], ReportGroupRow>(
      `SELECT message_id, COUNT(*) AS reports, MIN(created_at) AS first_at, NULL AS outcome
       FROM chat_reports WHERE closed_at IS NULL
       GROUP BY message_id ORDER BY reports DESC, first_at ASC LIMIT ? OFFSET ?`,
    ),
    closedGroups: db.prepare<[number, number], ReportGroupRow>(
      `SELECT message_id, COUNT(*) AS reports, MIN(created_at) AS first_at, MAX(outcome) AS outcome
       FROM chat_reports WHERE closed_at IS NOT NULL
       GROUP BY message_id ORDER BY MAX(closed_at) DESC LIMIT ? OFFSET ?`,
    ),
    openGroupCount: db
      .prepare<[], number>('SELECT COUNT(DISTINCT message_id) FROM chat_reports WHERE closed_at IS NULL')
      .pluck(),
    closedGroupCount: db
      .prepare<[], number>('SELECT COUNT(DISTINCT message_id) FROM chat_reports WHERE closed_at IS NOT NULL')
      .pluck(),
    reasons: db.prepare<[number, number], { reason: string; count: number }>(
      `SELECT reason, COUNT(*) AS count FROM chat_reports
       WHERE message_id = ? AND (closed_at IS NULL) = ? GROUP BY reason ORDER BY count DESC, reason`,
    ),

    mute: db.prepare<[number], MuteRow>('SELECT * FROM chat_mutes WHERE uid = ?'),
    setMute: db.prepare<MuteRow>(
      `INSERT INTO chat_mutes (uid, until, reason, operator_id, created_at)
       VALUES (@uid, @until, @reason, @operator_id, @created_at)
       ON CONFLICT (uid) DO UPDATE SET until = excluded.until, reason = excluded.reason,
         operator_id = excluded.operator_id, created_at = excluded.created_at`,
    ),
    liftMute: db.prepare<[number]>('DELETE FROM chat_mutes WHERE uid = ?'),
    activeMutes: db.prepare<[number], MuteRow>('SELECT * FROM chat_mutes WHERE until > ? ORDER BY until'),

    words: db.prepare<[], { word: string; created_at: number }>('SELECT * FROM chat_words ORDER BY word'),
    addWord: db.prepare<[string, number]>('INSERT OR IGNORE INTO chat_words (word, created_at) VALUES (?, ?)'),
    removeWord: db.prepare<[string]>('DELETE FROM chat_words WHERE word = ?'),
  };
  return {
    rooms: () => q.rooms.all(),
    roomExists: (key: string) => q.room.get(key) !== undefined,
    insertMessage: (row: NewMessage) => Number(q.insert.run(row).lastInsertRowid),
    message: (id: number) => q.message.get(id),
    /** Up to `limit` messages of a room older than `before`, newest first. */
    page: (room: string, before: number, limit: number) => q.page.all(room, before, limit),
    roomCount: (room: string) => q.roomCount.get(room) ?? 0,
    /** How many messages the user sent after `since`, and when the oldest of them was. */
    sentSince: (uid: number, since: number) => q.sentSince.get(uid, since) ?? { n: 0, oldest: null },
    sameTextSince: (uid: number, since: number, body: string) => (q.sameSince.get(uid, since, body) ?? 0) > 0,
    remove: (id: number, by: 'author' | 'moderator', at: number, operatorId: number | null) =>
      q.remove.run(by, at, operatorId, id).changes > 0,
    adminPage: (filter: { room: string | null; uid: number | null }, limit: number, offset: number) =>
      q.adminPage.all({ ...filter, limit, offset }),
    adminCount: (filter: { room: string | null; uid: number | null }) => q.adminCount.get(filter) ?? 0,

    insertReport: (messageId: number, uid: number, reason: string, at: number) =>
      q.insertReport.run(messageId, uid, reason, at),
    hasReported: (messageId: number, uid: number) => (q.reported.get(messageId, uid) ?? 0) > 0,
    reportsSince: (uid: number, since: number) => q.reportsSince.get(uid, since) ?? 0,
    closeReports: (messageId: number, outcome: 'removed' | 'dismissed', at: number) =>
      q.closeReports.run(at, outcome, messageId).changes,
    reportGroups: (status: 'open' | 'closed', limit: number, offset: number) =>
      (status === 'open' ? q.openGroups : q.closedGroups).all(limit, offset),
    reportGroupCount: (status: 'open' | 'closed') =>
      (status === 'open' ? q.openGroupCount : q.closedGroupCount).get() ?? 0,
    reasons: (messageId: number, open: boolean) => q.reasons.all(messageId, open ? 1 : 0),

    mute: (uid: number) => q.mute.get(uid),
    setMute: (row: MuteRow) => q.setMute.run(row),
    liftMute: (uid: number) => q.liftMute.run(uid).changes > 0,
    activeMutes: (now: number) => q.activeMutes.all(now),

    words: () => q.words.all(),
    addWord: (word: string, at: number) => q.addWord.run(word, at).changes > 0,
    removeWord: (word: string) => q.removeWord.run(word).changes > 0,
  };
}

export type CommunityRepo = ReturnType<typeof createCommunityRepo>;
