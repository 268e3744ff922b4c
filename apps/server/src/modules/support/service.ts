import type { SupportConversation, SupportFrame, SupportMessage, SupportThread } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { FileStore, UploadedImage } from '../../lib/uploads';
import type { Services } from '../../platform/module';
import type { ChannelSpec, Hub } from '../../ws/hub';
import type { ConversationRow, MessageRow, SupportRepo } from './repo';

const PAGE = 40;

function messageView(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    author: row.author,
    operatorName: row.operator_name,
    body: row.body,
    attachmentId: row.attachment_path ? row.id : null,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

function conversationView(row: ConversationRow): SupportConversation {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    lastMessageAt: row.last_message_at,
    closedAt: row.closed_at,
  };
}

/**
 * The customer-service chat. A user has at most one open conversation; writing when none is open opens one.
 * Operators answer from the console; the trader sees answers, read receipts and the closing live on the private
 * `support` channel. Images are checked like identity uploads and stored outside the web root.
 */
export class SupportService {
  constructor(
    private readonly tx: Transactions,
    private readonly repo: SupportRepo,
    private readonly clock: Clock,
    private readonly hub: Hub,
    private readonly files: FileStore,
    private readonly services: Pick<Services, 'account' | 'security' | 'spot' | 'wallet' | 'operators'>,
  ) {}

  channel(): ChannelSpec {
    return { name: 'support', private: true };
  }

  // ---- the trader's side ----

  thread(uid: number, before?: number): SupportThread {
    const conversation = this.repo.openConversation(uid) ?? this.repo.latestConversation(uid);
    if (!conversation) return { conversation: null, messages: [], more: false, unread: 0 };
    const page = this.repo.page(conversation.id, before ?? Number.MAX_SAFE_INTEGER, PAGE + 1);
    const messages = page.slice(0, PAGE).reverse().map(messageView);
    return {
      conversation: conversationView(conversation),
      messages,
      more: page.length > PAGE,
      unread: this.repo.unread(conversation.id, 'operator'),
    };
  }

  send(uid: number, body: string, image?: UploadedImage): SupportMessage {
    if (!this.services.account.getUser(uid)) throw new DomainError('USER_NOT_FOUND');
    const stored = image ? this.files.save('support', image.bytes, image.ext) : null;
    try {
      return this.tx.run(() => {
        const now = this.clock.now();
        const conversation = this.repo.openConversation(uid)?.id ?? this.repo.openNew(uid, now);
        const id = this.repo.insertMessage({
          conversation_id: conversation,
          author: 'user',
          operator_id: null,
          operator_name: null,
          body,
          attachment_path: stored,
          attachment_mime: image?.mime ?? null,
          created_at: now,
        });
        this.repo.touch(conversation, now);
        const message = messageView(this.requireMessage(id));
        // The user's other devices show it too.
        this.push(uid, { kind: 'message', conversationId: conversation, message });
        return message;
      });
    } catch (error) {
      if (stored) this.files.remove(stored);
      throw error;
    }
  }

  /**
   * Marks support's messages read, up to `upTo` when given (the newest the user saw: an answer that arrives while the
   * call is on its way stays unread, and its badge with it).
   */
  markRead(uid: number, upTo?: number): void {
    const conversation = this.repo.openConversation(uid) ?? this.repo.latestConversation(uid);
    if (!conversation) return;
    this.tx.run(() => this.repo.markRead(conversation.id, 'operator', this.clock.now(), upTo));
  }

  unread(uid: number): number {
    const conversation = this.repo.openConversation(uid) ?? this.repo.latestConversation(uid);
    return conversation ? this.repo.unread(conversation.id, 'operator') : 0;
  }

  /** An image of the user's own conversations. */
  ownAttachment(uid: number, messageId: number): { bytes: Buffer; mime: string } {
    const message = this.repo.message(messageId);
    const conversation = message ? this.repo.conversation(message.conversation_id) : undefined;
    if (!message || !conversation || conversation.uid !== uid) throw new DomainError('NOT_FOUND');
    return this.attachmentOf(message);
  }

  // ---- the operators' side ----

  inbox(query: { status: 'open' | 'closed'; page: number; size: number }) {
    const rows = this.repo.inbox(query.status, query.size, (query.page - 1) * query.size);
    return {
      list: rows.map((row) => {
        const last = this.repo.lastMessage(row.id);
        return {
          conversation: conversationView(row),
          uid: row.uid,
          nickname: this.services.account.getUser(row.uid)?.nickname ?? null,
          unread: row.unread,
          lastMessage: last ? messageView(last) : null,
        };
      }),
      total: this.repo.inboxCount(query.status),
      page: query.page,
      size: query.size,
    };
  }

  /** Conversations with a user message no operator has read (the dashboard's support queue). */
  unanswered(): number {
    return this.repo.unanswered();
  }

  detail(id: number) {
    const conversation = this.requireConversation(id);
    return {
      conversation: conversationView(conversation),
      messages: this.repo.allMessages(id).map(messageView),
      user: this.userContext(conversation.uid),
    };
  }

  reply(operatorId: number, id: number, body: string): SupportMessage {
    return this.tx.run(() => {
      const conversation = this.requireConversation(id);
      if (conversation.status !== 'open') throw new DomainError('ALREADY_HANDLED');
      const now = this.clock.now();
      const messageId = this.repo.insertMessage({
        conversation_id: id,
        author: 'operator',
        operator_id: operatorId,
        // Traders see the operator's display name, never their email.
        operator_name: this.services.operators.profile(operatorId).name,
        body,
        attachment_path: null,
        attachment_mime: null,
        created_at: now,
      });
      this.repo.touch(id, now);
      // Answering reads what the user wrote.
      const upTo = this.repo.lastId(id, 'user');
      if (this.repo.markRead(id, 'user', now) > 0 && upTo !== null) {
        this.push(conversation.uid, { kind: 'read', conversationId: id, upTo });
      }
      const message = messageView(this.requireMessage(messageId));
      this.push(conversation.uid, { kind: 'message', conversationId: id, message });
      return message;
    });
  }

  /**
   * Marks the user's messages read, up to `seen` when given (the newest the operator saw); the trader sees the
   * receipt.
   */
  markUserRead(id: number, seen?: number): null {
    this.tx.run(() => {
      const conversation = this.requireConversation(id);
      const upTo = this.repo.lastId(id, 'user', seen);
      if (this.repo.markRead(id, 'user', this.clock.now(), seen) > 0 && upTo !== null) {
        this.push(conversation.uid, { kind: 'read', conversationId: id, upTo });
      }
    });
    return null;
  }

  close(operatorId: number, id: number): SupportConversation {
    return this.tx.run(() => {
      const conversation = this.requireConversation(id);
      if (!this.repo.close(id, this.clock.now(), operatorId)) throw new DomainError('ALREADY_HANDLED');
      this.push(conversation.uid, { kind: 'closed', conversationId: id });
      return conversationView(this.requireConversation(id));
    });
  }

  operatorAttachment(messageId: number): { bytes: Buffer; mime: string } {
    const message = this.repo.message(messageId);
    if (!message) throw new DomainError('NOT_FOUND');
    return this.attachmentOf(message);
  }

  private userContext(uid: number) {
    const { account, security, spot, wallet } = this.services;
    const user = account.getUser(uid);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    const overview = security.overview(uid);
    const orders = spot.orderHistory(uid, { page: 1, size: 5 }).list;
    const open = spot.openOrders(uid, { page: 1, size: 5 }).list;
    return {
      uid,
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      identity: overview.identity,
      twoFactor: overview.twoFactor,
      frozen: user.frozen_at !== null,
      createdAt: user.created_at,
      recentOrders: [...open, ...orders]
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, 5)
        .map((o) => ({
          id: o.id,
          symbol: o.symbol,
          side: o.side,
          status: o.status,
          price: o.price,
          quantity: o.quantity,
          createdAt: o.createdAt,
        })),
      recentWithdrawals: wallet.withdrawals(uid, { page: 1, size: 5 }).list.map((w) => ({
        id: w.id,
        asset: w.asset,
        amount: w.amount,
        status: w.status,
        createdAt: w.createdAt,
      })),
    };
  }

  private attachmentOf(message: MessageRow): { bytes: Buffer; mime: string } {
    if (!message.attachment_path || !message.attachment_mime) throw new DomainError('NOT_FOUND');
    return { bytes: this.files.read(message.attachment_path), mime: message.attachment_mime };
  }

  private push(uid: number, frame: SupportFrame): void {
    this.tx.afterCommit(() => this.hub.publishToUser(uid, 'support', frame));
  }

  private requireConversation(id: number): ConversationRow {
    const row = this.repo.conversation(id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  private requireMessage(id: number): MessageRow {
    const row = this.repo.message(id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }
}
