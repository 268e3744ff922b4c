/**
 * A client process of the live-channel benchmark (forked by run.ts): many raw `ws` clients, each subscribed to the
 * channels of one market. A frame is not JSON-parsed: the envelope's `ts` (the server's clock when the hub built the
 * frame) is read from its bytes, and for a depth frame `type`, `seq` and `prevSeq`, so sequence gaps are counted too.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Histogram } from './histogram';
import type { ConnectOrder, FromClients, ToClients } from './protocol';

const TS = Buffer.from('"ts":');
const SEQ = Buffer.from('"seq":');
const PREV_SEQ = Buffer.from('"prevSeq":');
const TYPE = Buffer.from('"type":"');
/** Every frame starts `{"channel":"` (the hub writes `channel` first). */
const NAME_AT = 12;

/**
 * Wall-clock time in ms with sub-millisecond precision. `Date.now()` has whole milliseconds; the offset is taken at
 * the moment `Date.now()` ticks over, so `performance.now() + offset` follows the same clock as the server's `ts`.
 */
function calibrate(): number {
  const start = Date.now();
  let now = start;
  while (now === start) now = Date.now();
  return now - performance.now();
}
const offset = calibrate();

function send(message: FromClients): void {
  process.send?.(message);
}

function readInt(buf: Buffer, at: number): number {
  let n = 0;
  for (let i = at; i < buf.length; i++) {
    const c = buf[i] as number;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

/** The channel a frame belongs to, from its first bytes. */
function channelOf(buf: Buffer): string {
  const a = buf[NAME_AT];
  if (a === 0x74 /* t */) return buf[NAME_AT + 1] === 0x69 /* i */ ? 'ticker' : 'other';
  if (a !== 0x73 /* s */ || buf[NAME_AT + 4] !== 0x2d /* - */) return 'other';
  switch (buf[NAME_AT + 5]) {
    case 0x64 /* d */:
      return 'spot-depth';
    case 0x74 /* t */:
      return 'spot-ticker';
    case 0x6b /* k */:
      return 'spot-kline';
    default:
      return 'other';
  }
}

interface Client {
  socket: WebSocket;
  lastSeq: number;
  slow: boolean;
}

let measuring = false;
let frames = 0;
let bytes = 0;
let gaps = 0;
let stale = 0;
let closed = 0;
let slowClosed = 0;
let byChannel: Record<string, number> = {};
const latency = new Histogram();
const sinceBurst = new Histogram();
/** Frames whose `ts` lies within this of a burst's first belong to it (bot rounds are a second apart). */
const BURST_MS = 400;
let burstStart = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let cpuAtStart = process.cpuUsage();
const clients: Client[] = [];
let subscribed = 0;

function onFrame(client: Client, buf: Buffer): void {
  const channel = channelOf(buf);
  if (channel === 'other') {
    if (buf[NAME_AT] === 0x73 && buf[NAME_AT + 1] === 0x75 /* "sub" */) subscribed++;
    return;
  }
  const arrived = performance.now() + offset;
  if (channel === 'spot-depth') {
    const t = buf.indexOf(TYPE, NAME_AT);
    const s = buf.indexOf(SEQ, t);
    const p = buf.indexOf(PREV_SEQ, s);
    if (t > 0 && s > 0 && p > 0) {
      const seq = readInt(buf, s + SEQ.length);
      const prevSeq = readInt(buf, p + PREV_SEQ.length);
      if (buf[t + TYPE.length] === 0x73 /* snapshot */) {
        client.lastSeq = seq;
      } else if (client.lastSeq >= 0 && prevSeq > client.lastSeq) {
        // The web app's rule (features/spot/book.ts): a diff must start at or before the book's sequence.
        if (measuring) gaps++;
        client.lastSeq = seq;
      } else if (seq <= client.lastSeq) {
        if (measuring) stale++;
      } else {
        client.lastSeq = seq;
      }
    }
  }
  if (!measuring) return;
  const at = buf.indexOf(TS, NAME_AT);
  if (at < 0) return;
  const ts = readInt(buf, at + TS.length);
  latency.add(arrived - ts);
  // This process's clients cover every market, so the earliest `ts` of a burst is when the tick began.
  if (ts > burstStart + BURST_MS) burstStart = ts;
  sinceBurst.add(arrived - Math.min(ts, burstStart));
  frames++;
  bytes += buf.length;
  byChannel[channel] = (byChannel[channel] ?? 0) + 1;
}

function subscriptions(symbol: string, channels: string[]): string[] {
  return channels.map((channel) =>
    channel === 'ticker'
      ? JSON.stringify({ op: 'sub', channel })
      : channel === 'spot-kline'
        ? JSON.stringify({ op: 'sub', channel, symbol, period: '1m' })
        : JSON.stringify({ op: 'sub', channel, symbol }),
  );
}

function open(url: string, subs: string[], slow: boolean): Promise<Client | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    const client: Client = { socket, lastSeq: -1, slow };
    socket.on('message', (data: Buffer) => onFrame(client, data));
    socket.once('open', () => {
      for (const sub of subs) socket.send(sub);
      resolve(client);
    });
    socket.once('error', () => resolve(null));
    socket.once('close', () => {
      if (!measuring) return;
      if (client.slow) slowClosed++;
      else closed++;
    });
  });
}

async function connect(order: ConnectOrder): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < order.count) {
      const i = next++;
      const symbol = order.symbols[(order.first + i) % order.symbols.length] as string;
      const client = await open(order.url, subscriptions(symbol, order.channels), i < order.slow);
      if (client) clients.push(client);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: order.concurrency }, worker));
  // Every client has its acknowledgements before the run starts (or we give up waiting after 30 s).
  const expected = clients.length * order.channels.length;
  const deadline = performance.now() + 30_000;
  while (subscribed < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  // Slow consumers stop reading: the kernel buffers fill, then the server's.
  for (const c of clients) if (c.slow) (c.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  // Like the web app: a ping every 30 s per socket (the server closes sockets silent for 90 s), spread evenly.
  let p = 0;
  const per = Math.max(1, Math.ceil(clients.length / 300));
  setInterval(() => {
    for (let k = 0; k < per && clients.length > 0; k++) {
      const c = clients[p++ % clients.length] as Client;
      if (!c.slow && c.socket.readyState === WebSocket.OPEN) c.socket.send('{"op":"ping"}');
    }
  }, 100).unref();
  send({
    type: 'connected',
    open: clients.length,
    failed,
    subscribed,
    ms: performance.now() - started,
  });
}

// Started in a session of its own (--priority), it must not outlive the benchmark.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'connect':
      void connect(message);
      return;
    case 'measure':
      measuring = true;
      frames = bytes = gaps = stale = closed = slowClosed = 0;
      byChannel = {};
      latency.reset();
      sinceBurst.reset();
      loopDelay.reset();
      loopDelay.enable();
      cpuAtStart = process.cpuUsage();
      return;
    case 'report': {
      measuring = false;
      loopDelay.disable();
      const cpu = process.cpuUsage(cpuAtStart);
      send({
        type: 'report',
        frames,
        bytes,
        byChannel,
        latency: latency.toData(),
        sinceBurst: sinceBurst.toData(),
        gaps,
        stale,
        closed,
        slowClosed,
        cpu: (cpu.user + cpu.system) / 1e6,
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        loopDelayMax: loopDelay.max / 1e6,
      });
      return;
    }
    case 'close':
      for (const c of clients) c.socket.terminate();
      process.exit(0);
  }
});
