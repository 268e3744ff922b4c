import {
  CHAT_DUPLICATE_MS,
  CHAT_MESSAGE_MAX,
  CHAT_RATE,
  CHAT_REPORT_RATE,
  type ChatFrame,
  type ChatMe,
  type ChatMessage,
  type ChatMute,
  type ChatReportReason,
  type ChatRoom,
  type ChatRoomKey,
  ChatRoomKeySchema,
} from '@bourse/contract';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { FileStore, UploadedImage } from '../../lib/uploads';
import type { Services } from '../../platform/module';
import type { ChannelSpec, Hub } from '../../ws/hub';
import { normalise, WordFilter } from './filter';
import type { CommunityRepo, MessageRow } from './repo';

export const CHAT_IMAGE_URL_PREFIX = '/mapi/chat/images/';

const RoomParams = z.object({ room: ChatRoomKeySchema });

export interface CommunityDeps {
  tx: Transactions;
  repo: CommunityRepo;
  clock: Clock;
  hub: Hub;
  files: FileStore;
  account: Services['account'];
}

/**
 * The community chat: public rooms per language. Messages are stored, then pushed on the public `chat` channel (one
 * topic per room) once committed; a removal is pushed the same way, so it disappears from every connected app. A
 * message is refused while its author is muted, when it contains a filtered word, when the author sends too fast or
 * repeats themselves. Reports queue for the moderators (the dashboard's `chat` queue).
 */
export class CommunityService {
  private readonly filter: WordFilter;

  constructor(private readonly d: CommunityDeps) {
    this.filter = new WordFilter(d.repo.words().map((w) => w.word));
  }

  channel(): ChannelSpec<{ room: ChatRoomKey }, 'chat'> {
    return { name: 'chat', params: RoomParams, topic: (params) => params.room };
  }

  // ---- reading ----

  rooms(): ChatRoom[] {
    return this.d.repo.rooms().map((row) => ({
      key: ChatRoomKeySchema.parse(row.key),
      name: row.name,
      messages: row.messages,
      lastMessageAt: row.last_message_at,
    }));
  }

  history(room: ChatRoomKey, before: number | undefined, size: number): { messages: ChatMessage[]; more: boolean } {
    this.requireRoom(room);
    const rows = this.d.repo.page(room, before ?? Number.MAX_SAFE_INTEGER, size + 1);
    const names = new Map<number, ReturnType<CommunityService['author']>>();
    const messages = rows
      .slice(0, size)
      .reverse()
      .map((row) => this.view(row, names));
    return { messages, more: rows.length > size };
  }

  me(uid: number): ChatMe {
    const user = this.d.account.requireUser(uid);
    return { uid, nickname: user.nickname, avatar: user.avatar, mutedUntil: this.mutedUntil(uid) };
  }

  /** The bytes of a shown message's image (a removed message's image is gone for everyone). */
  image(messageId: number): { bytes: Buffer; mime: string } {
    const row = this.d.repo.message(messageId);
    if (!row || row.removed !== null || !row.image_path || !row.image_mime) throw new DomainError('NOT_FOUND');
    return { bytes: this.d.files.read(row.image_path), mime: row.image_mime };
  }

  // ---- writing ----

  send(uid: number, room: ChatRoomKey, text: string, image?: UploadedImage): ChatMessage {
    const body = text.trim();
    if (body === '' && !image) throw new DomainError('CHAT_MESSAGE_EMPTY');
    if (body.length > CHAT_MESSAGE_MAX) throw new DomainError('CHAT_MESSAGE_TOO_LONG', { max: CHAT_MESSAGE_MAX });
    this.requireRoom(room);
    this.d.account.requireUser(uid);
    // Checked before the image is written, and again inside the transaction that stores the message.
    this.assertMayWrite(uid, body);
    const stored = image ? this.d.files.save('chat', image.bytes, image.ext) : null;
    try {
      return this.d.tx.run(() => {
        this.assertMayWrite(uid, body);
        const id = this.d.repo.insertMessage({
          room,
          uid,
          body,
          image_path: stored,
          image_mime: image?.mime ?? null,
          created_at: this.d.clock.now(),
        });
        const message = this.view(this.requireMessage(id));
        this.publish(room, { kind: 'message', message });
        return message;
      });
    } catch (error) {
      if (stored) this.d.files.remove(stored);
      throw error;
    }
  }

  /** The author removes their own message; nobody else's. */
  removeOwn(uid: number, messageId: number): ChatMessage {
    return this.d.tx.run(() => {
      const row = this.requireMessage(messageId);
      if (row.removed !== null) throw new DomainError('CHAT_MESSAGE_NOT_FOUND');
      if (row.uid !== uid) throw new DomainError('UNAUTHORIZED_OPERATION');
      return this.removeRow(row, 'author', null);
    });
  }

  report(uid: number, messageId: number, reason: ChatReportReason): { reported: true } {
    return this.d.tx.run(() => {
      const row = this.requireMessage(messageId);
      if (row.removed !== null) throw new DomainError('CHAT_MESSAGE_NOT_FOUND');
      if (row.uid === uid) throw new DomainError('CHAT_REPORT_OWN');
      if (this.d.repo.hasReported(messageId, uid)) throw new DomainError('CHAT_ALREADY_REPORTED');
      const now = this.d.clock.now();
      if (this.d.repo.reportsSince(uid, now - CHAT_REPORT_RATE.windowMs) >= CHAT_REPORT_RATE.reports) {
        throw new DomainError('CHAT_RATE_LIMITED', { seconds: Math.ceil(CHAT_REPORT_RATE.windowMs / 1000) });
      }
      this.d.repo.insertReport(messageId, uid, reason, now);
      return { reported: true as const };
    });
  }

  // ---- moderation ----

  /** Messages with open reports (the dashboard's queue). */
  openReports(): number {
    return this.d.repo.reportGroupCount('open');
  }

  reports(query: { status: 'open' | 'closed'; page: number; size: number }) {
    const groups = this.d.repo.reportGroups(query.status, query.size, (query.page - 1) * query.size);
    const names = new Map<number, ReturnType<CommunityService['author']>>();
    return {
      list: groups.map((group) => {
        const row = this.requireMessage(group.message_id);
        return {
          message: this.view(row, names, true),
          reports: group.reports,
          reasons: this.d.repo
            .reasons(group.message_id, query.status === 'open')
            .map((r) => ({ reason: r.reason as ChatReportReason, count: r.count })),
          firstReportedAt: group.first_at,
          outcome: group.outcome,
          authorMutedUntil: this.mutedUntil(row.uid),
        };
      }),
      total: this.d.repo.reportGroupCount(query.status),
      page: query.page,
      size: query.size,
    };
  }

  dismissReports(messageId: number): { closed: number } {
    this.requireMessage(messageId);
    const closed = this.d.repo.closeReports(messageId, 'dismissed', this.d.clock.now());
    if (closed === 0) throw new DomainError('ALREADY_HANDLED');
    return { closed };
  }

  adminMessages(query: { room?: ChatRoomKey; uid?: number; page: number; size: number }) {
    const filter = { room: query.room ?? null, uid: query.uid ?? null };
    const names = new Map<number, ReturnType<CommunityService['author']>>();
    return {
      list: this.d.repo
        .adminPage(filter, query.size, (query.page - 1) * query.size)
        .map((row) => this.view(row, names, true)),
      total: this.d.repo.adminCount(filter),
      page: query.page,
      size: query.size,
    };
  }

  /** A moderator removes a message: gone from every connected app at once; its open reports close. */
  removeByModerator(operatorId: number, messageId: number): ChatMessage {
    const row = this.requireMessage(messageId);
    if (row.removed !== null) throw new DomainError('ALREADY_HANDLED');
    this.removeRow(row, 'moderator', operatorId);
    this.d.repo.closeReports(messageId, 'removed', this.d.clock.now());
    return this.view(this.requireMessage(messageId), undefined, true);
  }

  mute(operatorId: number, input: { uid: number; minutes: number; reason: string }): ChatMute {
    const user = this.d.account.getUser(input.uid);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    const now = this.d.clock.now();
    const row = { uid: input.uid, until: now + input.minutes * 60_000, reason: input.reason, operator_id: operatorId };
    this.d.repo.setMute({ ...row, created_at: now });
    return this.muteView({ ...row, created_at: now });
  }

  unmute(uid: number): { uid: number } {
    const running = this.mutedUntil(uid);
    if (running === null) throw new DomainError('CHAT_NOT_MUTED');
    this.d.repo.liftMute(uid);
    return { uid };
  }

  mutes(): ChatMute[] {
    return this.d.repo.activeMutes(this.d.clock.now()).map((row) => this.muteView(row));
  }

  words(): { word: string; createdAt: number }[] {
    return this.d.repo.words().map((w) => ({ word: w.word, createdAt: w.created_at }));
  }

  /** Adds a word; the filter applies from the next message on (after the transaction commits). */
  addWord(word: string): { word: string; createdAt: number }[] {
    const folded = normalise(word.trim());
    if (!this.d.repo.addWord(folded, this.d.clock.now())) throw new DomainError('CHAT_WORD_EXISTS');
    this.d.tx.afterCommit(() => this.reloadFilter());
    return this.words();
  }

  removeWord(word: string): { word: string; createdAt: number }[] {
    if (!this.d.repo.removeWord(normalise(word.trim()))) throw new DomainError('NOT_FOUND');
    this.d.tx.afterCommit(() => this.reloadFilter());
    return this.words();
  }

  // ---- demo data ----

  /** Whether a room has any message yet (the demo conversation is written only into empty rooms). */
  roomIsEmpty(room: ChatRoomKey): boolean {
    return this.d.repo.roomCount(room) === 0;
  }

  /** Writes a message as it was `agoMs` before now (demo data): no limits, no live frame. */
  seedMessage(uid: number, room: ChatRoomKey, body: string, agoMs: number): void {
    this.d.tx.run(() => {
      const at = this.d.clock.now() - agoMs;
      this.d.repo.insertMessage({ room, uid, body, image_path: null, image_mime: null, created_at: at });
    });
  }

  // ---- inside ----

  private reloadFilter(): void {
    this.filter.reset(this.d.repo.words().map((w) => w.word));
  }

  private mutedUntil(uid: number): number | null {
    const mute = this.d.repo.mute(uid);
    return mute && mute.until > this.d.clock.now() ? mute.until : null;
  }

  private assertMayWrite(uid: number, body: string): void {
    const now = this.d.clock.now();
    const muted = this.mutedUntil(uid);
    if (muted !== null) throw new DomainError('CHAT_MUTED', { minutes: Math.ceil((muted - now) / 60_000) });
    if (body !== '' && this.filter.blocks(body)) throw new DomainError('CHAT_MESSAGE_BLOCKED');
    const recent = this.d.repo.sentSince(uid, now - CHAT_RATE.windowMs);
    if (recent.n >= CHAT_RATE.messages && recent.oldest !== null) {
      const seconds = Math.max(1, Math.ceil((recent.oldest + CHAT_RATE.windowMs - now) / 1000));
      throw new DomainError('CHAT_RATE_LIMITED', { seconds });
    }
    if (body !== '' && this.d.repo.sameTextSince(uid, now - CHAT_DUPLICATE_MS, body)) {
      throw new DomainError('CHAT_DUPLICATE_MESSAGE');
    }
  }

  private removeRow(row: MessageRow, by: 'author' | 'moderator', operatorId: number | null): ChatMessage {
    if (!this.d.repo.remove(row.id, by, this.d.clock.now(), operatorId)) throw new DomainError('ALREADY_HANDLED');
    const room = ChatRoomKeySchema.parse(row.room);
    this.publish(room, { kind: 'removed', room, id: row.id, by });
    return this.view(this.requireMessage(row.id));
  }

  private publish(room: ChatRoomKey, frame: ChatFrame): void {
    this.d.tx.afterCommit(() => this.d.hub.publish('chat', room, frame));
  }

  private author(uid: number): { nickname: string | null; avatar: string | null } {
    const user = this.d.account.getUser(uid);
    return { nickname: user?.nickname ?? null, avatar: user?.avatar ?? null };
  }

  /** A message as the app shows it (a removed one without text or image); operators see what a removed one said. */
  private view(
    row: MessageRow,
    names = new Map<number, { nickname: string | null; avatar: string | null }>(),
    forOperator = false,
  ): ChatMessage {
    let author = names.get(row.uid);
    if (!author) names.set(row.uid, (author = this.author(row.uid)));
    const shown = row.removed === null || forOperator;
    return {
      id: row.id,
      room: ChatRoomKeySchema.parse(row.room),
      uid: row.uid,
      nickname: author.nickname,
      avatar: author.avatar,
      body: shown ? row.body : '',
      image: row.image_path && row.removed === null ? `${CHAT_IMAGE_URL_PREFIX}${row.id}` : null,
      createdAt: row.created_at,
      removed: row.removed,
    };
  }

  private muteView(row: { uid: number; until: number; reason: string; operator_id: number; created_at: number }) {
    return {
      uid: row.uid,
      nickname: this.d.account.getUser(row.uid)?.nickname ?? null,
      until: row.until,
      reason: row.reason,
      createdAt: row.created_at,
      operatorId: row.operator_id,
    };
  }

  private requireRoom(room: string): void {
    if (!this.d.repo.roomExists(room)) throw new DomainError('CHAT_ROOM_NOT_FOUND');
  }

  private requireMessage(id: number): MessageRow {
    const row = this.d.repo.message(id);
    if (!row) throw new DomainError('CHAT_MESSAGE_NOT_FOUND');
    return row;
  }
}
