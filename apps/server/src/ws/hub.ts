import {
  CHANNELS,
  type ChannelFrame,
  type ChannelName,
  type ControlChannel,
  errorMessage,
  type Lang,
  langFromHeader,
  OK,
  PUBLIC,
  type ServerFrame,
} from '@bourse/contract';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Clock } from '../lib/clock';
import { payloadOf, type WireFrame, wireFrame } from './wire';

type Params = Record<string, string>;

/** Who is subscribing: the socket's language (from `/ws?lang=`) and its user once logged in. */
export interface Subscriber {
  lang: Lang;
  uid: number | null;
}

/** A frame as published: the value itself, or an object that builds it when serialised (only once, only if sent). */
export type Published<T> = T | { toJSON(): T };

/** What a domain module registers to offer a live channel. */
export interface ChannelSpec<P extends Params = Params, C extends ChannelName = ChannelName> {
  name: C;
  /** Needs a logged-in socket; frames go only to that user's sockets. */
  private?: boolean;
  /** Subscription parameters (symbol, period…), read from the `sub` frame beside `channel`. */
  params?: z.ZodType<P>;
  /** The topic a subscription with these parameters listens to; '' when the channel has one stream. */
  topic?: (params: P, subscriber: Subscriber) => string;
  /** Sent to the new subscriber right after `sub` (a depth snapshot, the current ticker…). */
  snapshot?: (params: P, subscriber: Subscriber) => ChannelFrame<C> | undefined;
}

export interface SessionResolver {
  resolve(token: string): { uid: number; sessionId: number; expiresAt: number } | null;
}

/** The socket under a `ws` WebSocket: what the hub writes prepared frames to. */
interface RawSocket {
  write(chunk: Buffer): boolean;
  readonly writableLength: number;
}

interface Connection {
  socket: WebSocket;
  /**
   * The TCP socket under `socket`, when the hub may write prepared frames to it directly: no extension (compression)
   * was negotiated, so `ws` never holds frames back and bytes written here keep their order with its own.
   */
  raw: RawSocket | null;
  lang: Lang;
  uid: number | null;
  sessionId: number | null;
  expiresAt: number;
  lastSeen: number;
  /** Subscribed topic keys `${channel}|${topic}`. */
  subs: Set<string>;
  /** When it first had a public frame skipped since it last kept up (0: keeping up). */
  backedUpSince: number;
  /** Public frames skipped because it could not keep up. */
  skipped: number;
}

/** How far a client may fall behind before it misses frames, and then before it is closed. */
export interface HubLimits {
  /**
   * A public frame is skipped for a socket with more than this many bytes still waiting to be written (the kernel's
   * send buffer is full and the rest queues in the process). The client sees a gap in its depth sequence and fetches a
   * snapshot; tickers and candles carry whole values, the next one replaces the missed one.
   */
  skipAboveBytes: number;
  /** A socket still behind this long after its first skipped frame is closed (it is not coming back). */
  dropAfterMs: number;
  /**
   * Above this, a frame that must not be skipped (a reply, a snapshot) closes the socket instead. A private frame
   * (orders) closes it already above `skipAboveBytes`: it carries no sequence, so a skipped one could go unnoticed;
   * the app reconnects and reloads.
   */
  dropAboveBytes: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  skipAboveBytes: 256 * 1024,
  dropAfterMs: 30_000,
  dropAboveBytes: 4 * 1024 * 1024,
};

/**
 * What a send may do with a socket that cannot keep up: a public `stream` frame is skipped, a `private` one closes the
 * socket, a `reply` (or snapshot) the client asked for goes unless the socket is far behind.
 */
type Kind = 'stream' | 'private' | 'reply';

const LoginFrame = z.object({ op: z.literal('login'), uid: z.union([z.number(), z.string()]), token: z.string() });
const SubFrame = z.looseObject({ op: z.enum(['sub', 'unsub']), channel: z.string() });

// A socket that has not pinged for three intervals is gone.
const IDLE_MS = 90_000;

/**
 * The live channel at `/ws` (spec §7): login with uid and token, ping, subscribe and unsubscribe by channel.
 * Every frame carries `channel` and `code`; an invalid or expired session gets code 400.
 */
export class Hub {
  private readonly specs = new Map<ChannelName, ChannelSpec>();
  private readonly connections = new Set<Connection>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly counters = { skipped: 0, dropped: 0 };
  private limits: HubLimits = DEFAULT_HUB_LIMITS;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Changes how far behind a client may fall (tests use small bounds). */
  setLimits(limits: Partial<HubLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  register<P extends Params, C extends ChannelName>(spec: ChannelSpec<P, C>): void {
    if (this.specs.has(spec.name)) throw new Error(`channel ${spec.name} registered twice`);
    this.specs.set(spec.name, spec as unknown as ChannelSpec);
  }

  /**
   * Sends to every subscriber of a public channel's topic; returns how many it went to. The frame is serialised and
   * framed once, then the same bytes are written to each socket: nothing else is done per subscriber, and a socket
   * that cannot keep up has the frame skipped (it never holds the others back).
   */
  publish<C extends ChannelName>(channel: C, topic: string, data: Published<ChannelFrame<C>>): number {
    const subscribers = this.byTopic.get(`${channel}|${topic}`);
    if (!subscribers || subscribers.size === 0) return 0;
    const frame = this.encode(channel, OK, data, topic);
    let n = 0;
    for (const conn of subscribers) if (this.send(conn, frame, 'stream')) n++;
    return n;
  }

  /**
   * Whether a socket of this user is logged in: what a private frame needs to be worth building. A service that
   * publishes per order or fill asks first, and spares the copy and closures of a frame no one can receive (most
   * orders come from users without a socket: API clients, bots).
   */
  online(uid: number): boolean {
    return this.byUser.has(uid);
  }

  /** Sends to the sockets of one user that subscribed to a private channel. */
  publishToUser<C extends ChannelName>(uid: number, channel: C, data: Published<ChannelFrame<C>>, topic = ''): number {
    const conns = this.byUser.get(uid);
    if (!conns) return 0;
    const key = `${channel}|${topic}`;
    let frame: WireFrame | null = null;
    let n = 0;
    const now = this.clock.now();
    for (const conn of conns) {
      if (!conn.subs.has(key)) continue;
      // An expired session gets nothing more, not even until the next sweep.
      if (conn.expiresAt <= now) {
        this.invalidate(conn);
        continue;
      }
      frame ??= this.encode(channel, OK, data, topic);
      if (this.send(conn, frame, 'private')) n++;
    }
    return n;
  }

  /** A session ended (logout, password change, disabled account): its sockets get code 400 and lose the login. */
  revokeSession(sessionId: number): void {
    for (const conn of this.connections) if (conn.sessionId === sessionId) this.invalidate(conn);
  }

  subscriberCount(channel: ChannelName, topic = ''): number {
    return this.byTopic.get(`${channel}|${topic}`)?.size ?? 0;
  }

  /** Open sockets, logged-in users, topics with subscribers; frames skipped and sockets closed for falling behind. */
  stats(): { connections: number; users: number; topics: number; skipped: number; dropped: number } {
    return {
      connections: this.connections.size,
      users: this.byUser.size,
      topics: this.byTopic.size,
      skipped: this.counters.skipped,
      dropped: this.counters.dropped,
    };
  }

  attach(app: FastifyInstance): void {
    // Public to open: a socket reaches private channels only after its own `login` frame.
    app.get('/ws', { websocket: true, schema: { hide: true }, config: { access: PUBLIC } }, (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const conn: Connection = {
        socket,
        raw: rawSocketOf(socket),
        lang: langFromHeader(typeof query.lang === 'string' ? query.lang : request.headers.lang),
        uid: null,
        sessionId: null,
        expiresAt: 0,
        lastSeen: this.clock.now(),
        subs: new Set(),
        backedUpSince: 0,
        skipped: 0,
      };
      this.connections.add(conn);
      socket.on('message', (raw) => this.onMessage(conn, raw.toString()));
      socket.on('close', () => this.drop(conn));
      socket.on('error', () => this.drop(conn));
    });
    this.sweeper = setInterval(() => this.sweep(), 15_000);
    this.sweeper.unref();
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const conn of this.connections) conn.socket.close(1001, 'server shutting down');
    this.connections.clear();
    this.byTopic.clear();
    this.byUser.clear();
  }

  private onMessage(conn: Connection, text: string): void {
    conn.lastSeen = this.clock.now();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.reply(conn, 'error', 1001, errorMessage('INVALID_PARAMS', conn.lang, { detail: 'frame is not JSON' }));
      return;
    }
    const op = typeof message === 'object' && message !== null ? (message as { op?: unknown }).op : undefined;
    switch (op) {
      case 'ping':
        this.reply(conn, 'pong', OK);
        return;
      case 'login':
        this.login(conn, message);
        return;
      case 'logout':
        this.logout(conn);
        this.reply(conn, 'login', OK, undefined, { uid: null });
        return;
      case 'sub':
      case 'unsub':
        this.subscription(conn, message);
        return;
      default:
        this.reply(conn, 'error', 1001, errorMessage('INVALID_PARAMS', conn.lang, { detail: 'unknown op' }));
    }
  }

  private login(conn: Connection, message: unknown): void {
    const parsed = LoginFrame.safeParse(message);
    const session = parsed.success ? this.sessions.resolve(parsed.data.token) : null;
    if (!parsed.success || !session || String(session.uid) !== String(parsed.data.uid)) {
      this.logout(conn);
      this.reply(conn, 'login', 400, errorMessage('SESSION_INVALID', conn.lang));
      return;
    }
    if (conn.uid !== null && conn.uid !== session.uid) this.logout(conn);
    conn.uid = session.uid;
    conn.sessionId = session.sessionId;
    conn.expiresAt = session.expiresAt;
    let set = this.byUser.get(session.uid);
    if (!set) this.byUser.set(session.uid, (set = new Set()));
    set.add(conn);
    this.reply(conn, 'login', OK, undefined, { uid: session.uid });
  }

  private subscription(conn: Connection, message: unknown): void {
    const parsed = SubFrame.safeParse(message);
    const channel = parsed.success ? parsed.data.channel : '';
    const spec = (CHANNELS as readonly string[]).includes(channel) ? this.specs.get(channel as ChannelName) : undefined;
    if (!parsed.success || !spec) {
      this.reply(
        conn,
        'error',
        1001,
        errorMessage('INVALID_PARAMS', conn.lang, { detail: `unknown channel ${channel}` }),
      );
      return;
    }
    const { op: _op, channel: _channel, ...rawParams } = parsed.data;
    const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: {} };
    if (!params.success) {
      this.reply(conn, 'error', 1001, errorMessage('INVALID_PARAMS', conn.lang, { detail: `${channel} parameters` }));
      return;
    }
    const subscriber: Subscriber = { lang: conn.lang, uid: conn.uid };
    const topic = spec.topic ? spec.topic(params.data, subscriber) : '';
    const key = `${spec.name}|${topic}`;
    if (parsed.data.op === 'unsub') {
      this.unsubscribe(conn, key);
      this.reply(conn, 'unsub', OK, undefined, { channel: spec.name, topic });
      return;
    }
    if (spec.private && conn.uid === null) {
      this.reply(conn, spec.name, 401, errorMessage('UNAUTHORIZED', conn.lang));
      return;
    }
    conn.subs.add(key);
    if (!spec.private) {
      let set = this.byTopic.get(key);
      if (!set) this.byTopic.set(key, (set = new Set()));
      set.add(conn);
    }
    this.reply(conn, 'sub', OK, undefined, { channel: spec.name, topic });
    if (spec.snapshot) {
      const data = spec.snapshot(params.data, subscriber);
      if (data !== undefined) this.send(conn, this.encode(spec.name, OK, data, topic), 'reply');
    }
  }

  private unsubscribe(conn: Connection, key: string): void {
    conn.subs.delete(key);
    const set = this.byTopic.get(key);
    if (set) {
      set.delete(conn);
      if (set.size === 0) this.byTopic.delete(key);
    }
  }

  private logout(conn: Connection): void {
    if (conn.uid !== null) {
      const set = this.byUser.get(conn.uid);
      set?.delete(conn);
      if (set && set.size === 0) this.byUser.delete(conn.uid);
    }
    for (const key of [...conn.subs]) {
      const spec = this.specs.get(key.slice(0, key.indexOf('|')) as ChannelName);
      if (spec?.private) conn.subs.delete(key);
    }
    conn.uid = null;
    conn.sessionId = null;
  }

  private invalidate(conn: Connection): void {
    this.logout(conn);
    this.reply(conn, 'login', 400, errorMessage('SESSION_INVALID', conn.lang));
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const conn of this.connections) {
      if (now - conn.lastSeen > IDLE_MS) {
        conn.socket.terminate();
        this.drop(conn);
      } else if (conn.uid !== null && conn.expiresAt <= now) {
        this.invalidate(conn);
      }
    }
  }

  private drop(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    this.logout(conn);
    for (const key of conn.subs) this.unsubscribe(conn, key);
  }

  private frame<T>(
    channel: ChannelName | ControlChannel,
    code: number,
    data?: T,
    topic?: string,
    msg?: string,
  ): ServerFrame<T> {
    const frame: ServerFrame<T> = { channel, code, ts: this.clock.now() };
    if (msg !== undefined) frame.msg = msg;
    if (topic) frame.topic = topic;
    if (data !== undefined) frame.data = data;
    return frame;
  }

  /** Serialises and frames once: the bytes every recipient gets. */
  private encode(
    channel: ChannelName | ControlChannel,
    code: number,
    data?: unknown,
    topic?: string,
    msg?: string,
  ): WireFrame {
    return wireFrame(JSON.stringify(this.frame(channel, code, data, topic, msg)));
  }

  private reply(
    conn: Connection,
    channel: ChannelName | ControlChannel,
    code: number,
    msg?: string,
    data?: unknown,
  ): void {
    this.send(conn, this.encode(channel, code, data, undefined, msg), 'reply');
  }

  /** Writes a prepared frame to one socket, unless it is closed or cannot keep up; true when written. */
  private send(conn: Connection, frame: WireFrame, kind: Kind): boolean {
    const socket = conn.socket;
    if (socket.readyState !== 1) return false;
    const raw = conn.raw;
    const waiting = raw ? raw.writableLength : socket.bufferedAmount;
    const limits = this.limits;
    if (waiting > limits.skipAboveBytes) {
      if (kind === 'private' || waiting > limits.dropAboveBytes) {
        this.dropSlow(conn, waiting);
        return false;
      }
      if (kind === 'stream') {
        const now = this.clock.now();
        if (conn.backedUpSince === 0) conn.backedUpSince = now;
        else if (now - conn.backedUpSince > limits.dropAfterMs) {
          this.dropSlow(conn, waiting);
          return false;
        }
        conn.skipped++;
        this.counters.skipped++;
        return false;
      }
    } else if (kind === 'stream') {
      conn.backedUpSince = 0;
    }
    if (raw) raw.write(frame.bytes);
    else socket.send(payloadOf(frame), { binary: false });
    return true;
  }

  private dropSlow(conn: Connection, waiting: number): void {
    this.counters.dropped++;
    this.log.warn(
      { uid: conn.uid, waitingBytes: waiting, skippedFrames: conn.skipped },
      'closing a live-channel client that cannot keep up',
    );
    conn.socket.terminate();
    this.drop(conn);
  }
}

/** The TCP socket under a `ws` WebSocket, or null when frames must go through `ws` (an extension is in use). */
function rawSocketOf(socket: WebSocket): RawSocket | null {
  if (socket.extensions !== '') return null;
  const raw = (socket as unknown as { _socket?: Partial<RawSocket> })._socket;
  return raw && typeof raw.write === 'function' && typeof raw.writableLength === 'number' ? (raw as RawSocket) : null;
}
