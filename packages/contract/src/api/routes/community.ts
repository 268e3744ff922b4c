import { z } from 'zod';
import { err, IdParam, PageQuery, paged, Timestamp, wholeNumber } from '../../schemas/common';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

/** The community chat's public rooms, one per language of the app (seeded at first start). */
export const CHAT_ROOMS = ['en', 'zh_CN', 'zh_HK', 'es', 'fr'] as const;
export type ChatRoomKey = (typeof CHAT_ROOMS)[number];

export const CHAT_MESSAGE_MAX = 500;
export const CHAT_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Messages (text or image) a user may send per window, over all rooms. */
export const CHAT_RATE = { messages: 5, windowMs: 10_000 } as const;
/** The same text again within this time is refused (CHAT_DUPLICATE_MESSAGE). */
export const CHAT_DUPLICATE_MS = 60_000;
/** Reports a user may file per hour. */
export const CHAT_REPORT_RATE = { reports: 10, windowMs: 3_600_000 } as const;
/** A mute lasts from one minute to 30 days. */
export const CHAT_MUTE_MAX_MINUTES = 30 * 24 * 60;
export const CHAT_WORD_MAX = 40;

export const ChatRoomKeySchema = z.enum(CHAT_ROOMS, err('CHAT_ROOM_NOT_FOUND'));

export const ChatRoom = z.object({
  key: ChatRoomKeySchema,
  /** The room's name in its own language ("English", "简体中文"…). */
  name: z.string(),
  /** Messages in the room (not removed). */
  messages: z.number().int(),
  lastMessageAt: Timestamp.nullable(),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

export const ChatRemoval = z.enum(['author', 'moderator']);
export type ChatRemoval = z.infer<typeof ChatRemoval>;

/** A message of a room. A removed one keeps its place with no text and no image. */
export const ChatMessage = z.object({
  id: z.number().int(),
  room: ChatRoomKeySchema,
  uid: z.number().int(),
  /** The author's nickname from their profile (null: none set; the app shows a name built from the uid). */
  nickname: z.string().nullable(),
  /** The author's avatar URL from their profile. */
  avatar: z.string().nullable(),
  body: z.string(),
  /** The image's URL (public, like the room), or null. */
  image: z.string().nullable(),
  createdAt: Timestamp,
  /** Who removed it (null: shown). */
  removed: ChatRemoval.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatHistoryQuery = z.object({
  room: ChatRoomKeySchema,
  /** Older than this message id (the oldest one shown): the next page up. */
  before: wholeNumber({ min: 1 }).optional(),
  size: wholeNumber({ min: 1, max: 100 }).default(30),
});
export const ChatHistory = z.object({
  messages: z.array(ChatMessage).describe('oldest first'),
  /** Older messages exist: ask with `before` = the first message's id. */
  more: z.boolean(),
});
export type ChatHistory = z.infer<typeof ChatHistory>;

/** The user's standing in the chat: muted until when (null: may write). */
export const ChatMe = z.object({
  uid: z.number().int(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  mutedUntil: Timestamp.nullable(),
});
export type ChatMe = z.infer<typeof ChatMe>;

export const ChatSendBody = z.object({
  room: ChatRoomKeySchema,
  body: z.string().trim().min(1, err('CHAT_MESSAGE_EMPTY')).max(CHAT_MESSAGE_MAX, err('CHAT_MESSAGE_TOO_LONG')),
});

export const CHAT_REPORT_REASONS = ['spam', 'abuse', 'scam', 'other'] as const;
export const ChatReportReason = z.enum(CHAT_REPORT_REASONS);
export type ChatReportReason = z.infer<typeof ChatReportReason>;
export const ChatReportBody = z.object({ reason: ChatReportReason });

/** A frame of the public `chat` channel (subscribe with `room`): a new message, or one removed. */
export const ChatFrame = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: ChatMessage }),
  z.object({ kind: z.literal('removed'), room: ChatRoomKeySchema, id: z.number().int(), by: ChatRemoval }),
]);
export type ChatFrame = z.infer<typeof ChatFrame>;

// ---- operators ----

export const ChatReportStatus = z.enum(['open', 'closed']);
/** A reported message with its reports (one entry per reported message). */
export const ChatReportItem = z.object({
  message: ChatMessage,
  reports: z.number().int(),
  reasons: z.array(z.object({ reason: ChatReportReason, count: z.number().int() })),
  firstReportedAt: Timestamp,
  /** How the reports were closed: the message removed, or dismissed (null while open). */
  outcome: z.enum(['removed', 'dismissed']).nullable(),
  /** The author's mute, if one is running. */
  authorMutedUntil: Timestamp.nullable(),
});
export const ChatReportsQuery = z.object({ status: ChatReportStatus.default('open'), ...PageQuery.shape });

export const ChatAdminMessagesQuery = z.object({
  room: ChatRoomKeySchema.optional(),
  uid: wholeNumber({ min: 1 }).optional(),
  ...PageQuery.shape,
});

export const ChatMute = z.object({
  uid: z.number().int(),
  nickname: z.string().nullable(),
  until: Timestamp,
  reason: z.string(),
  createdAt: Timestamp,
  operatorId: z.number().int(),
});
export type ChatMute = z.infer<typeof ChatMute>;
export const ChatMuteBody = z.object({
  uid: wholeNumber({ min: 1, error: 'USER_NOT_FOUND' }),
  minutes: wholeNumber({ min: 1, max: CHAT_MUTE_MAX_MINUTES }),
  reason: z.string().trim().min(1).max(200),
});
export const ChatUidParam = z.object({ uid: wholeNumber({ min: 1, error: 'USER_NOT_FOUND' }) });

export const ChatWord = z.object({ word: z.string(), createdAt: Timestamp });
export const ChatWordBody = z.object({ word: z.string().trim().min(1).max(CHAT_WORD_MAX) });

const tags = ['community chat'];
const adminTags = ['operator: community chat'];

/** The community chat (product key `chat`): public rooms per language, live on the `chat` channel. */
export const communityApi = {
  rooms: route({
    method: 'GET',
    path: '/mapi/chat/rooms',
    access: PUBLIC,
    product: 'chat',
    tags,
    summary: 'The public rooms, one per language, with their message counts',
    data: z.array(ChatRoom),
  }),
  history: route({
    method: 'GET',
    path: '/mapi/chat/messages',
    access: PUBLIC,
    product: 'chat',
    tags,
    summary: 'A room’s newest messages; older ones with `before` (the oldest id shown)',
    query: ChatHistoryQuery,
    data: ChatHistory,
  }),
  me: route({
    method: 'GET',
    path: '/mapi/chat/me',
    access: USER,
    product: 'chat',
    tags,
    summary: 'My name and avatar in the chat, and whether I am muted',
    data: ChatMe,
  }),
  send: route({
    method: 'POST',
    path: '/mapi/chat/messages',
    access: USER,
    product: 'chat',
    tags,
    summary: `Write to a room (at most ${CHAT_RATE.messages} messages per ${CHAT_RATE.windowMs / 1000} s; muted users and filtered words are refused)`,
    body: ChatSendBody,
    data: ChatMessage,
  }),
  sendImage: route({
    method: 'POST',
    path: '/mapi/chat/images',
    access: USER,
    product: 'chat',
    tags,
    summary:
      'Send an image to a room: multipart/form-data, fields `room`, optional `body`, file `image` (JPEG, PNG or WebP, at most 3 MB)',
    multipart: true,
    data: ChatMessage,
  }),
  image: route({
    method: 'GET',
    path: '/mapi/chat/images/:id',
    access: PUBLIC,
    product: 'chat',
    tags,
    summary: 'The image of a message (gone once the message is removed)',
    params: IdParam,
  }),
  remove: route({
    method: 'POST',
    path: '/mapi/chat/messages/:id/delete',
    access: USER,
    product: 'chat',
    tags,
    summary: 'Remove my own message: it disappears for everyone',
    params: IdParam,
    data: ChatMessage,
  }),
  report: route({
    method: 'POST',
    path: '/mapi/chat/messages/:id/report',
    access: USER,
    product: 'chat',
    tags,
    summary: 'Report a message to the moderators (once per message)',
    params: IdParam,
    body: ChatReportBody,
    data: z.object({ reported: z.literal(true) }),
  }),
} as const;

/** The community chat's moderation (permission `chat.moderate`). */
export const communityAdminApi = {
  reports: route({
    method: 'GET',
    path: '/admin/api/chat/reports',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Reported messages, most reported first, with the reasons',
    query: ChatReportsQuery,
    data: paged(ChatReportItem),
  }),
  dismiss: route({
    method: 'POST',
    path: '/admin/api/chat/reports/:id/dismiss',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Close the reports of a message without removing it',
    params: IdParam,
    data: z.object({ closed: z.number().int() }),
  }),
  messages: route({
    method: 'GET',
    path: '/admin/api/chat/messages',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Messages, newest first, by room or author (removed ones included)',
    query: ChatAdminMessagesQuery,
    data: paged(ChatMessage),
  }),
  remove: route({
    method: 'POST',
    path: '/admin/api/chat/messages/:id/delete',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Remove a message: it disappears from every connected app at once; its reports close',
    params: IdParam,
    data: ChatMessage,
  }),
  mutes: route({
    method: 'GET',
    path: '/admin/api/chat/mutes',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Users muted now',
    data: z.array(ChatMute),
  }),
  mute: route({
    method: 'POST',
    path: '/admin/api/chat/mutes',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Mute a user for a number of minutes (replaces a running mute); their next message is refused',
    body: ChatMuteBody,
    data: ChatMute,
  }),
  unmute: route({
    method: 'POST',
    path: '/admin/api/chat/mutes/:uid/lift',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Lift a running mute',
    params: ChatUidParam,
    data: z.object({ uid: z.number().int() }),
  }),
  words: route({
    method: 'GET',
    path: '/admin/api/chat/words',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'The word filter: messages containing one of these words are refused',
    data: z.array(ChatWord),
  }),
  addWord: route({
    method: 'POST',
    path: '/admin/api/chat/words',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Add a word to the filter (applies to the next message)',
    body: ChatWordBody,
    data: z.array(ChatWord),
  }),
  removeWord: route({
    method: 'POST',
    path: '/admin/api/chat/words/delete',
    access: operator('chat.moderate'),
    tags: adminTags,
    summary: 'Take a word off the filter',
    body: ChatWordBody,
    data: z.array(ChatWord),
  }),
} as const;
