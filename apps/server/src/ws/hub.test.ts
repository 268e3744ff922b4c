import type { DepthFrame } from '@bourse/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fund, placed, startSpotServer } from '../modules/spot/testing';
import { get, registerUser, type TestServer, type TestUser } from '../test/harness';
import { DEFAULT_HUB_LIMITS } from './hub';

interface Frame {
  channel: string;
  code: number;
  topic?: string;
  data?: unknown;
}

/** A raw `ws` client that keeps every frame (text and parsed) and can stop reading, like a stalled phone. */
class Peer {
  readonly texts: string[] = [];
  readonly frames: Frame[] = [];
  readonly closed: Promise<void>;
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const text = raw.toString();
      this.texts.push(text);
      this.frames.push(JSON.parse(text) as Frame);
      this.poke();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        resolve();
        this.poke();
      }),
    );
  }

  static async open(url: string): Promise<Peer> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Peer(socket);
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Waits (no timer: the test's timeout bounds it) until `check` holds. */
  async until(check: () => boolean): Promise<void> {
    while (!check()) {
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error('socket closed while waiting');
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async subscribe(frame: Record<string, unknown>): Promise<void> {
    const acks = this.frames.filter((f) => f.channel === 'sub').length;
    this.send({ op: 'sub', ...frame });
    await this.until(() => this.frames.filter((f) => f.channel === 'sub').length > acks);
  }

  /** Sequence numbers of the depth frames received, in arrival order. */
  seqs(): number[] {
    return this.frames.filter((f) => f.channel === 'spot-depth').map((f) => (f.data as DepthFrame).seq);
  }

  /** Stops reading from the socket: the kernel buffers fill, then the server's. */
  pause(): void {
    (this.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  resume(): void {
    (this.socket as unknown as { _socket: { resume(): void } })._socket.resume();
  }

  close(): void {
    this.socket.close();
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

let server: TestServer;

beforeAll(async () => {
  server = await startSpotServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.ctx.hub.setLimits(DEFAULT_HUB_LIMITS);
});

/**
 * Depth topics no market publishes on (no snapshot either), so the test alone decides what goes out; one per test,
 * so sockets still closing from another test change nothing.
 */
let topics = 0;
const freshTopic = () => `ZZ${String.fromCharCode(65 + topics++)}_USDT`;
const PAD = 'x'.repeat(32 * 1024);

function diff(topic: string, seq: number, pad = ''): DepthFrame & { pad: string } {
  return { type: 'diff', symbol: topic, seq, prevSeq: seq - 1, bids: [], asks: [], ts: 0, pad };
}

async function peers(n: number, sub: Record<string, unknown>): Promise<Peer[]> {
  const all = await Promise.all(Array.from({ length: n }, () => Peer.open(server.wsUrl)));
  await Promise.all(all.map((p) => p.subscribe(sub)));
  return all;
}

async function login(peer: Peer, u: TestUser): Promise<void> {
  peer.send({ op: 'login', uid: u.uid, token: u.token });
  await peer.until(() => peer.frames.some((f) => f.channel === 'login' && f.code === 200));
}

/** Data that counts how often it is serialised. */
/** A frame that counts its serialisations (the payload's shape does not matter to the hub, hence `never`). */
function counted(payload: unknown): { data: { toJSON(): never }; calls: () => number } {
  let calls = 0;
  return {
    data: {
      toJSON: () => {
        calls++;
        return payload as never;
      },
    },
    calls: () => calls,
  };
}

/** Lets the event loop run once, so sockets in this process read and write. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Waits, a few milliseconds at a time, until the server has seen what the test did (a socket closed). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; !done(); i++) {
    if (i > 500) throw new Error('the server never saw it');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('publishing', () => {
  it('serialises a public frame once, however many sockets receive it, and sends them all the same text', async () => {
    const topic = freshTopic();
    const subscribers = await peers(25, { channel: 'spot-depth', symbol: topic });
    const { data, calls } = counted(diff(topic, 1));
    expect(server.ctx.hub.publish('spot-depth', topic, data)).toBe(25);
    expect(calls()).toBe(1);
    await Promise.all(subscribers.map((p) => p.until(() => p.seqs().length === 1)));
    const texts = new Set(subscribers.map((p) => p.texts.at(-1)));
    expect(texts.size).toBe(1);
    expect(JSON.parse([...texts][0] as string)).toMatchObject({ channel: 'spot-depth', code: 200, topic });
    for (const p of subscribers) p.close();
  });

  it("serialises a private frame once for all of a user's sockets, and sends it to no one else", async () => {
    const [owner, other] = await Promise.all([registerUser(server), registerUser(server)]);
    const mine = await Promise.all([1, 2, 3].map(() => Peer.open(server.wsUrl)));
    const theirs = await Peer.open(server.wsUrl);
    for (const p of mine) await login(p, owner);
    await login(theirs, other);
    await Promise.all([...mine, theirs].map((p) => p.subscribe({ channel: 'spot-entrust-order' })));
    const { data, calls } = counted({ order: { id: 7 } });
    expect(server.ctx.hub.publishToUser(owner.uid, 'spot-entrust-order', data)).toBe(3);
    expect(calls()).toBe(1);
    await Promise.all(mine.map((p) => p.until(() => p.frames.some((f) => f.channel === 'spot-entrust-order'))));
    expect(theirs.frames.some((f) => f.channel === 'spot-entrust-order')).toBe(false);
    for (const p of [...mine, theirs]) p.close();
  });

  it('knows a user is online while one of their sockets is logged in (frames for the others are not built)', async () => {
    const hub = server.ctx.hub;
    const u = await registerUser(server);
    expect(hub.online(u.uid)).toBe(false);
    const [a, b] = await Promise.all([Peer.open(server.wsUrl), Peer.open(server.wsUrl)]);
    expect(hub.online(u.uid)).toBe(false);
    await login(a, u);
    await login(b, u);
    expect(hub.online(u.uid)).toBe(true);
    const open = hub.stats().connections;
    a.close();
    await until(() => hub.stats().connections === open - 1);
    expect(hub.online(u.uid)).toBe(true);
    b.close();
    await until(() => !hub.online(u.uid));
  });
});

describe('slow consumers', () => {
  it('skips public frames for a client that stopped reading; the others get every frame in order; it sees a gap', async () => {
    const hub = server.ctx.hub;
    hub.setLimits({ skipAboveBytes: 64 * 1024 });
    const topic = freshTopic();
    const fast = await peers(3, { channel: 'spot-depth', symbol: topic });
    const [slow] = (await peers(1, { channel: 'spot-depth', symbol: topic })) as [Peer];
    slow.pause();
    const skippedBefore = hub.stats().skipped;

    // Publish until the slow socket's buffers are full and the hub starts skipping it. Every frame reaches every
    // reading client before the next is published: the stalled one holds nobody back.
    let seq = 0;
    while (hub.stats().skipped === skippedBefore) {
      if (++seq > 5000) throw new Error('the stalled socket never filled up');
      hub.publish('spot-depth', topic, diff(topic, seq, PAD));
      await Promise.all(fast.map((p) => p.until(() => p.seqs().length === seq)));
    }
    const firstSkipped = seq;
    // From now on each frame is skipped for it: nothing more piles up in the server for that socket.
    for (let i = 0; i < 20; i++) {
      hub.publish('spot-depth', topic, diff(topic, ++seq, PAD));
      await turn();
    }
    expect(hub.stats().skipped - skippedBefore).toBe(seq - firstSkipped + 1);
    expect(hub.stats().dropped).toBe(0);

    // It reads again: it gets what was already on its way, then (once caught up) the newest frames.
    slow.resume();
    await slow.until(() => slow.seqs().length >= firstSkipped - 1);
    hub.publish('spot-depth', topic, diff(topic, ++seq));
    await slow.until(() => slow.seqs().at(-1) === seq);
    await Promise.all(fast.map((p) => p.until(() => p.seqs().at(-1) === seq)));

    const expected = Array.from({ length: seq }, (_, i) => i + 1);
    for (const p of fast) expect(p.seqs()).toEqual(expected);
    // The stalled client's frames are in order with a hole where frames were skipped: its prevSeq no longer matches
    // what it last saw, so it fetches a snapshot (as the web app's order book does on a gap).
    const got = slow.seqs();
    expect(got.slice(0, firstSkipped - 1)).toEqual(expected.slice(0, firstSkipped - 1));
    expect(got.at(-1)).toBe(seq);
    expect(got.length).toBeLessThan(seq);
    const last = slow.frames.filter((f) => f.channel === 'spot-depth').at(-1)?.data as DepthFrame;
    expect(last.prevSeq).toBeGreaterThan(got.at(-2) as number);
    for (const p of [...fast, slow]) p.close();
  });

  it('closes a client still behind after dropAfterMs; the others keep receiving', async () => {
    const hub = server.ctx.hub;
    hub.setLimits({ skipAboveBytes: 64 * 1024, dropAfterMs: 60_000 });
    const topic = freshTopic();
    const [fast] = (await peers(1, { channel: 'spot-depth', symbol: topic })) as [Peer];
    const [slow] = (await peers(1, { channel: 'spot-depth', symbol: topic })) as [Peer];
    slow.pause();
    const { skipped: skippedBefore, dropped: droppedBefore } = hub.stats();
    let seq = 0;
    while (hub.stats().skipped === skippedBefore) {
      if (++seq > 5000) throw new Error('the stalled socket never filled up');
      hub.publish('spot-depth', topic, diff(topic, seq, PAD));
      await fast.until(() => fast.seqs().length === seq);
    }
    // Still within the allowance: skipped, not closed.
    server.clock.advance(59_000);
    expect(hub.publish('spot-depth', topic, diff(topic, ++seq))).toBe(1);
    expect(hub.stats().dropped).toBe(droppedBefore);
    expect(hub.subscriberCount('spot-depth', topic)).toBe(2);
    server.clock.advance(2_000);
    expect(hub.publish('spot-depth', topic, diff(topic, ++seq))).toBe(1);
    expect(hub.stats().dropped).toBe(droppedBefore + 1);
    expect(hub.subscriberCount('spot-depth', topic)).toBe(1);
    slow.resume();
    await slow.closed;
    await fast.until(() => fast.seqs().at(-1) === seq);
    expect(fast.seqs()).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    fast.close();
  });

  it('closes a client that is behind when a private frame is due, rather than lose it silently', async () => {
    const hub = server.ctx.hub;
    hub.setLimits({ skipAboveBytes: 64 * 1024 });
    const u = await registerUser(server);
    const slow = await Peer.open(server.wsUrl);
    await login(slow, u);
    await slow.subscribe({ channel: 'spot-entrust-order' });
    const topic = freshTopic();
    await slow.subscribe({ channel: 'spot-depth', symbol: topic });
    slow.pause();
    const { skipped: skippedBefore, dropped: droppedBefore } = hub.stats();
    let seq = 0;
    while (hub.stats().skipped === skippedBefore) {
      if (++seq > 5000) throw new Error('the stalled socket never filled up');
      hub.publish('spot-depth', topic, diff(topic, seq, PAD));
      await turn();
    }
    expect(hub.publishToUser(u.uid, 'spot-entrust-order', { order: { id: 1 } } as never)).toBe(0);
    expect(hub.stats().dropped).toBe(droppedBefore + 1);
    slow.resume();
    await slow.closed;
    expect(slow.frames.some((f) => f.channel === 'spot-entrust-order')).toBe(false);
  });
});

describe('depth sequences', () => {
  it('every subscriber gets the same gap-free chain of diffs while orders trade', async () => {
    const [maker, taker] = await Promise.all([registerUser(server), registerUser(server)]);
    await fund(server.ctx, [
      { uid: maker.uid, asset: 'LTC', amount: '1000' },
      { uid: taker.uid, asset: 'USDT', amount: '1000000' },
    ]);
    const subscribers = await peers(8, { channel: 'spot-depth', symbol: 'LTC_USDT' });
    const ltc = (side: 'buy' | 'sell', price: string, quantity: string) => ({
      symbol: 'LTC_USDT',
      side,
      type: 'limit' as const,
      price,
      quantity,
    });
    // Waves of concurrent orders (each wave commits as one batch, or a few): asks rest, bids take part of them.
    for (let wave = 0; wave < 6; wave++) {
      await Promise.all([
        placed(server, maker, ltc('sell', `${100 + wave}.00`, '2')),
        placed(server, maker, ltc('sell', `${100 + wave}.50`, '1')),
        placed(server, taker, ltc('buy', `${100 + wave}.00`, '0.5')),
      ]);
    }
    const rest = await get<{ seq: number }>(server, '/api/common/getDepth?symbol=LTC_USDT');
    const finalSeq = rest.body.data.seq;
    await Promise.all(subscribers.map((p) => p.until(() => p.seqs().at(-1) === finalSeq)));
    const chains = subscribers.map((p) =>
      p.frames.filter((f) => f.channel === 'spot-depth').map((f) => f.data as DepthFrame),
    );
    for (const chain of chains) {
      expect(chain[0]?.type).toBe('snapshot');
      expect(chain.length).toBeGreaterThan(6);
      for (let i = 1; i < chain.length; i++) {
        expect(chain[i]?.type).toBe('diff');
        expect(chain[i]?.prevSeq).toBe(chain[i - 1]?.seq);
      }
    }
    // Subscribed before the first order, so they got the same snapshot and then the very same diffs (the bytes of
    // one publish; each snapshot has its own `ts`).
    expect(new Set(chains.map((chain) => chain[0]?.seq)).size).toBe(1);
    const diffs = subscribers.map((p) =>
      p.texts
        .filter((t) => t.startsWith('{"channel":"spot-depth"'))
        .slice(1)
        .join('\n'),
    );
    expect(new Set(diffs).size).toBe(1);
    for (const p of subscribers) p.close();
  });
});
