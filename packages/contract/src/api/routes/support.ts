import { z } from 'zod';
import { IdentityState } from '../../schemas/account';
import { EmptyData, Id, IdParam, PageQuery, paged, Timestamp } from '../../schemas/common';
import { operator, USER } from '../access';
import { route } from '../define';

/** A message of the customer-service conversation. */
export const SupportMessage = z.object({
  id: z.number().int(),
  author: z.enum(['user', 'operator']),
  /** The operator's display name (never their email); null for the user's own messages. */
  operatorName: z.string().nullable(),
  body: z.string(),
  /** An attached image: fetch it with the same token from the attachment route. */
  attachmentId: z.number().int().nullable(),
  createdAt: Timestamp,
  /** When the other side read it (null: not yet). */
  readAt: Timestamp.nullable(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportConversation = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'closed']),
  createdAt: Timestamp,
  lastMessageAt: Timestamp,
  closedAt: Timestamp.nullable(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

/** The user's side: the current conversation (null before the first message) with its newest messages. */
export const SupportThread = z.object({
  conversation: SupportConversation.nullable(),
  messages: z.array(SupportMessage).describe('oldest first'),
  /** Older messages exist: ask with `before` = the first message's id. */
  more: z.boolean(),
  unread: z.number().int().describe('operator messages the user has not read'),
});
export type SupportThread = z.infer<typeof SupportThread>;

export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 3 * 1024 * 1024;

export const SupportMessageBody = z.object({
  body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX),
});
export const SupportThreadQuery = z.object({ before: Id.optional() });
/** What the reader saw: messages after `upTo` (arrived while the call was on its way) stay unread. */
export const SupportReadBody = z.object({
  upTo: Id.optional().describe('the newest message the reader saw; without it, every message is marked read'),
});

/** A frame on the private `support` channel. */
export const SupportFrame = z.object({
  kind: z.enum(['message', 'read', 'closed']),
  conversationId: z.number().int(),
  message: SupportMessage.optional(),
  /** For `read`: the other side read everything up to this message id. */
  upTo: z.number().int().optional(),
});
export type SupportFrame = z.infer<typeof SupportFrame>;

// ---- operators ----

export const SupportInboxQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  ...PageQuery.shape,
});
export const SupportInboxItem = z.object({
  conversation: SupportConversation,
  uid: z.number().int(),
  nickname: z.string().nullable(),
  unread: z.number().int().describe('user messages no operator has read'),
  lastMessage: SupportMessage.nullable(),
});
/** What an operator sees beside the conversation. */
export const SupportUserContext = z.object({
  uid: z.number().int(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  identity: IdentityState,
  twoFactor: z.boolean(),
  frozen: z.boolean(),
  createdAt: Timestamp,
  recentOrders: z.array(
    z.object({
      id: z.number().int(),
      symbol: z.string(),
      side: z.string(),
      status: z.string(),
      price: z.string().nullable(),
      quantity: z.string().nullable().describe('null for a market buy by amount'),
      createdAt: Timestamp,
    }),
  ),
  recentWithdrawals: z.array(
    z.object({
      id: z.number().int(),
      asset: z.string(),
      amount: z.string(),
      status: z.string(),
      createdAt: Timestamp,
    }),
  ),
});
export const SupportConversationDetail = z.object({
  conversation: SupportConversation,
  messages: z.array(SupportMessage),
  user: SupportUserContext,
});

const tags = ['support'];
const adminTags = ['operator: support'];

/** The customer-service chat: the trader's side. */
export const supportApi = {
  thread: route({
    method: 'GET',
    path: '/mapi/support/thread',
    access: USER,
    tags,
    summary: 'The current conversation with support and its newest messages (older ones with `before`)',
    query: SupportThreadQuery,
    data: SupportThread,
  }),
  send: route({
    method: 'POST',
    path: '/mapi/support/message',
    access: USER,
    tags,
    summary: 'Write to support (opens a conversation when none is open); operators see it at once',
    body: SupportMessageBody,
    data: SupportMessage,
  }),
  attach: route({
    method: 'POST',
    path: '/mapi/support/attachment',
    access: USER,
    tags,
    summary: 'Send an image to support: multipart/form-data, file field `image` (JPEG, PNG or WebP, at most 3 MB)',
    multipart: true,
    data: SupportMessage,
  }),
  attachment: route({
    method: 'GET',
    path: '/mapi/support/attachment/:id',
    access: USER,
    tags,
    summary: 'An image of the user’s own conversation',
    params: IdParam,
  }),
  read: route({
    method: 'POST',
    path: '/mapi/support/read',
    access: USER,
    tags,
    summary: 'Mark support’s messages read, up to the newest the user saw (the operator sees it)',
    body: SupportReadBody,
    data: EmptyData,
  }),
  unread: route({
    method: 'GET',
    path: '/mapi/support/unread',
    access: USER,
    tags,
    summary: 'How many of support’s messages the user has not read (the badge on Me)',
    data: z.object({ unread: z.number().int() }),
  }),
} as const;

/** The customer-service chat: the operators' side (permission `support.chat`). */
export const supportAdminApi = {
  inbox: route({
    method: 'GET',
    path: '/admin/api/support/conversations',
    access: operator('support.chat'),
    tags: adminTags,
    summary: 'Conversations, unread first, then most recent',
    query: SupportInboxQuery,
    data: paged(SupportInboxItem),
  }),
  conversation: route({
    method: 'GET',
    path: '/admin/api/support/conversations/:id',
    access: operator('support.chat'),
    tags: adminTags,
    summary: 'A conversation with every message and the user’s context (verification, recent orders, withdrawals)',
    params: IdParam,
    data: SupportConversationDetail,
  }),
  reply: route({
    method: 'POST',
    path: '/admin/api/support/conversations/:id/reply',
    access: operator('support.chat'),
    tags: adminTags,
    summary: 'Answer: the trader sees it live',
    params: IdParam,
    body: SupportMessageBody,
    data: SupportMessage,
  }),
  read: route({
    method: 'POST',
    path: '/admin/api/support/conversations/:id/read',
    access: operator('support.chat'),
    tags: adminTags,
    summary: 'Mark the user’s messages read, up to the newest the operator saw (the trader sees it)',
    params: IdParam,
    body: SupportReadBody,
    data: EmptyData,
  }),
  close: route({
    method: 'POST',
    path: '/admin/api/support/conversations/:id/close',
    access: operator('support.chat'),
    tags: adminTags,
    summary: 'Close a conversation (the trader’s next message opens a new one)',
    params: IdParam,
    data: SupportConversation,
  }),
  attachment: route({
    method: 'GET',
    path: '/admin/api/support/attachment/:id',
    access: operator('support.chat'),
    tags: adminTags,
    summary: 'An image a trader sent',
    params: IdParam,
  }),
} as const;
