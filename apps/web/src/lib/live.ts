import {
  type ChannelFrame,
  type ChannelName,
  type ClientFrame,
  type ServerFrame,
  WS_PING_INTERVAL_MS,
  WS_RECONNECT_DELAY_MS,
  WS_SESSION_INVALID_REDIRECT_MS,
} from '@bourse/contract';
import { lineWsUrl } from './lines';
import { goToLogin } from './navigation';
import { useSession } from './stores/session';
import { useSettings } from './stores/settings';
import { toast } from './toast';

export interface SocketHandlers {
  open(): void;
  close(): void;
  message(text: string): void;
}

/** The little of a WebSocket the client needs; a fake in tests. */
export interface SocketLike {
  send(text: string): void;
  close(): void;
}

export interface LiveDeps {
  createSocket(url: string, handlers: SocketHandlers): SocketLike;
  url(): string;
  auth(): { uid: number; token: string } | null;
  /** Code 400: show the message and forget the stored login. */
  sessionInvalid(msg: string): void;
  goToLogin(): void;
}

export type SubscriptionParams = Readonly<Record<string, string | number>>;
export type FrameListener<T = unknown> = (data: T, frame: ServerFrame<T>) => void;

interface Subscription {
  channel: ChannelName;
  params: SubscriptionParams;
  listeners: Set<FrameListener>;
  /** The server's topic for these parameters, learned from the `sub` acknowledgement. */
  topic?: string;
  /** Told each time the server acknowledges the subscription: the first time, and again after every reconnect. */
  ready: Set<() => void>;
}

const SESSION_INVALID = 400;

function subscriptionKey(channel: ChannelName, params: SubscriptionParams): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`);
  return `${channel}|${sorted.join('&')}`;
}

/**
 * The one live-channel client (spec §4, §7), outside React. Frames sent before the socket opens are queued; on open
 * it logs in (when a login is stored), re-subscribes everything, then flushes the queue. It pings every 30 s; a ping
 * that finds the socket closed reconnects after 2 s. Code 400 shows the message, clears the login, stops the socket
 * and goes to the login page after 1 s.
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private open = false;
  private running = false;
  private queue: string[] = [];
  private readonly subs = new Map<string, Subscription>();
  /** Keys of `sub` frames sent and not yet acknowledged, per channel, in sending order. */
  private readonly pendingAcks = new Map<string, string[]>();
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: LiveDeps) {}

  get isOpen(): boolean {
    return this.open;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
    this.pingTimer = setInterval(() => this.heartbeat(), WS_PING_INTERVAL_MS);
  }

  stop(): void {
    this.running = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.pingTimer = null;
    this.reconnectTimer = null;
    this.queue = [];
    this.dropSocket();
  }

  /** Reconnects now (the language or the service line changed, so the URL did). */
  restart(): void {
    if (!this.running) return;
    this.dropSocket();
    this.connect();
  }

  /** Sends a frame now, or when the socket opens. */
  send(frame: ClientFrame): void {
    const text = JSON.stringify(frame);
    if (this.open && this.socket) this.socket.send(text);
    else this.queue.push(text);
  }

  /**
   * Listens to a channel with parameters (e.g. `spot-depth`, `{symbol: 'BTC_USDT'}`). Listeners of the same channel
   * and parameters share one server subscription. Returns the unsubscribe function. Listeners get the contract's
   * frame type for the channel (`ChannelFrames`), which the server's hub is held to when it publishes.
   *
   * `onReady` is told when the server acknowledges the subscription (when this call made it, and again after every
   * reconnect): from then on no frame is missed, so a feature whose frames change data it fetched asks for that data
   * again there — what was published before (while the page changed, or the line was down) is in the answer.
   */
  subscribe<C extends ChannelName>(
    channel: C,
    params: SubscriptionParams,
    listener: FrameListener<ChannelFrame<C>>,
    onReady?: () => void,
  ): () => void {
    const key = subscriptionKey(channel, params);
    let sub = this.subs.get(key);
    if (!sub) {
      sub = { channel, params, listeners: new Set(), ready: new Set() };
      this.subs.set(key, sub);
      if (this.open) this.sendSub(key, sub);
    }
    const entry = sub;
    entry.listeners.add(listener as FrameListener);
    if (onReady) entry.ready.add(onReady);
    this.start();
    return () => {
      entry.listeners.delete(listener as FrameListener);
      if (onReady) entry.ready.delete(onReady);
      if (entry.listeners.size > 0 || this.subs.get(key) !== entry) return;
      this.subs.delete(key);
      if (this.open && this.socket) this.socket.send(JSON.stringify({ op: 'unsub', channel, ...params }));
    };
  }

  /** The stored login changed: log the open socket in or out (a fresh login also wakes a stopped client). */
  authChanged(): void {
    if (!this.running) {
      if (this.deps.auth()) this.start();
      return;
    }
    if (!this.open || !this.socket) return;
    const auth = this.deps.auth();
    this.socket.send(JSON.stringify(auth ? { op: 'login', uid: auth.uid, token: auth.token } : { op: 'logout' }));
  }

  private connect(): void {
    this.open = false;
    this.pendingAcks.clear();
    const handlers: SocketHandlers = {
      open: () => {
        if (this.socket === socket) this.onOpen();
      },
      close: () => {
        if (this.socket !== socket) return;
        this.open = false;
        this.socket = null;
      },
      message: (text) => {
        if (this.socket === socket) this.onMessage(text);
      },
    };
    let socket: SocketLike | null = null;
    try {
      socket = this.deps.createSocket(this.deps.url(), handlers);
    } catch {
      socket = null; // a malformed line address: the next ping retries
    }
    this.socket = socket;
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.open = false;
    this.pendingAcks.clear();
    if (socket) {
      try {
        socket.close();
      } catch {
        // already closed
      }
    }
  }

  private onOpen(): void {
    const socket = this.socket;
    if (!socket) return;
    this.open = true;
    const auth = this.deps.auth();
    if (auth) socket.send(JSON.stringify({ op: 'login', uid: auth.uid, token: auth.token }));
    for (const [key, sub] of this.subs) this.sendSub(key, sub);
    const queued = this.queue;
    this.queue = [];
    for (const text of queued) socket.send(text);
  }

  private sendSub(key: string, sub: Subscription): void {
    if (!this.socket) return;
    const pending = this.pendingAcks.get(sub.channel) ?? [];
    pending.push(key);
    this.pendingAcks.set(sub.channel, pending);
    this.socket.send(JSON.stringify({ op: 'sub', channel: sub.channel, ...sub.params }));
  }

  private heartbeat(): void {
    if (this.open && this.socket) {
      this.socket.send(JSON.stringify({ op: 'ping' }));
      return;
    }
    if (this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.running || this.open) return;
      this.dropSocket();
      this.connect();
    }, WS_RECONNECT_DELAY_MS);
  }

  private onMessage(text: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof frame.channel !== 'string') return;
    if (frame.code === SESSION_INVALID) {
      this.onSessionInvalid(frame.msg ?? '');
      return;
    }
    if (frame.channel === 'sub') {
      const ack = frame.data as { channel?: string; topic?: string } | undefined;
      if (ack?.channel) this.acknowledge(ack.channel, ack.topic ?? '');
      return;
    }
    if (frame.code !== 200) {
      // A refused subscription (e.g. a private channel without login) answers on the channel's own name.
      this.acknowledge(frame.channel, undefined);
      return;
    }
    const topic = frame.topic ?? '';
    for (const sub of this.subs.values()) {
      if (sub.channel !== frame.channel) continue;
      if (sub.topic !== undefined && sub.topic !== topic) continue;
      for (const listener of [...sub.listeners]) listener(frame.data, frame);
    }
  }

  private acknowledge(channel: string, topic: string | undefined): void {
    const key = this.pendingAcks.get(channel)?.shift();
    if (key === undefined) return;
    const sub = this.subs.get(key);
    if (!sub || topic === undefined) return;
    sub.topic = topic;
    for (const ready of [...sub.ready]) ready();
  }

  private onSessionInvalid(msg: string): void {
    this.deps.sessionInvalid(msg);
    this.stop();
    setTimeout(() => this.deps.goToLogin(), WS_SESSION_INVALID_REDIRECT_MS);
  }
}

/** The app's live channel, on the chosen line, in the chosen language, logged in with the stored session. */
export const live = new LiveClient({
  createSocket(url, handlers) {
    const ws = new WebSocket(url);
    ws.onopen = () => handlers.open();
    ws.onclose = () => handlers.close();
    ws.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') handlers.message(event.data);
    };
    return {
      send: (text) => ws.send(text),
      close: () => {
        ws.onopen = null;
        ws.onclose = null;
        ws.onmessage = null;
        ws.close();
      },
    };
  },
  url: () => lineWsUrl(useSettings.getState(), useSettings.getState().lang),
  auth: () => {
    const { uid, token } = useSession.getState();
    return uid !== null && token !== null ? { uid, token } : null;
  },
  sessionInvalid: (msg) => {
    if (msg) toast(msg);
    useSession.getState().clear();
  },
  goToLogin: () => goToLogin(),
});
