/**
 * End-to-end order placement benchmark: `npm run bench:api` (`-- --quick` for a short smoke run).
 *
 * What it does:
 * 1. builds the server bundle (apps/server/dist/main.js) and prepares a temporary data directory: the default
 *    markets, N traders with login tokens, funded through real (simulated-chain) deposits;
 * 2. starts the built server as a child process on that directory (market makers off, log level warn);
 * 3. C clients, each one keep-alive HTTP connection with one request in flight, place limit orders on BTC_USDT
 *    as fast as the answers come back: random side, price within ±30 ticks of 60,000 (buyers and sellers overlap,
 *    so roughly half the orders trade and half rest), quantity 0.001–0.020 BTC. A warm-up phase runs first;
 * 4. meanwhile a probe user, subscribed on the live channel to `spot-depth` BTC_USDT and its own
 *    `spot-entrust-order`, places a resting order at a fresh price level every 20 ms and times the HTTP answer, the
 *    order frame and the depth frame that carries its level (tick-to-client latency);
 * 5. prints orders/s sustained (answers with code 200 over the measured window), HTTP latency percentiles, the
 *    live-channel latencies, the server's CPU time per order, and the group-commit batch sizes.
 *
 * The load generator and the server share this machine's two cores (and whatever else runs on it), so figures
 * vary between runs; run it several times and read best and typical.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDecimal } from '@bourse/contract';
import WebSocket from 'ws';
import {
  type PreparedTrader,
  prepareTraders,
  quietEnv,
  ServerProcess,
} from '../../apps/server/src/modules/spot/fixture';
import { Connection, cpuSeconds, prng, Samples } from './load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const quick = process.argv.includes('--quick');
const CONNECTIONS = option('connections', quick ? 32 : 128);
const USERS = option('users', quick ? 16 : 100);
const WARMUP_S = option('warmup', quick ? 2 : 5);
const DURATION_S = option('duration', quick ? 5 : 20);
const PROBE_MS = option('probe-ms', 20);
/** `--profile DIR`: the server writes a V8 CPU profile there (open it in Chrome DevTools or speedscope). */
const PROFILE_DIR = process.argv.includes('--profile')
  ? process.argv[process.argv.indexOf('--profile') + 1]
  : undefined;

interface Tally {
  ok: number;
  refused: number;
  traded: number;
  errors: Map<string, number>;
  latency: Samples;
}

async function client(
  conn: Connection,
  trader: PreparedTrader,
  seed: number,
  until: () => boolean,
  tally: () => Tally,
): Promise<void> {
  const random = prng(seed);
  const auth = `Authorization: ${trader.token}\r\n`;
  while (!until()) {
    const buy = random() < 0.5;
    const offset = Math.floor(random() * 61) - 30;
    const cents = 6_000_000 + (buy ? offset : -offset);
    const price = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const quantity = `0.0${String(1 + Math.floor(random() * 20)).padStart(2, '0')}`;
    const body = `{"symbol":"BTC_USDT","side":"${buy ? 'buy' : 'sell'}","type":"limit","price":"${price}","quantity":"${quantity}"}`;
    const started = performance.now();
    const answer = await conn.request('POST', '/mapi/spot/neworder', auth, body);
    const ms = performance.now() - started;
    const t = tally();
    t.latency.add(ms);
    if (answer.status === 200 && answer.body.startsWith('{"code":200')) {
      t.ok++;
      if (!answer.body.includes('"filledQuantity":"0"')) t.traded++;
    } else {
      t.refused++;
      const code = /"code":(\d+)/.exec(answer.body)?.[1] ?? String(answer.status);
      t.errors.set(code, (t.errors.get(code) ?? 0) + 1);
    }
  }
}

interface ProbeResult {
  ack: Samples;
  orderFrame: Samples;
  depthFrame: Samples;
  frameAfterAck: Samples;
  sent: number;
}

/** Places a resting order at a fresh price level every PROBE_MS and times its answer and its two frames. */
async function probe(server: ServerProcess, trader: PreparedTrader, until: () => boolean): Promise<ProbeResult> {
  const socket = new WebSocket(server.wsUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pending = new Map<string, { sent: number; ack?: number; order?: number; depth?: number }>();
  const byPrice = new Map<string, string>();
  const result: ProbeResult = {
    ack: new Samples(),
    orderFrame: new Samples(),
    depthFrame: new Samples(),
    frameAfterAck: new Samples(),
    sent: 0,
  };
  socket.on('message', (raw: Buffer) => {
    const now = performance.now();
    const frame = JSON.parse(raw.toString()) as {
      channel: string;
      data?: { order?: { clientOrderId: string | null }; bids?: [string, string][] };
    };
    if (frame.channel === 'spot-entrust-order') {
      const id = frame.data?.order?.clientOrderId;
      const p = id ? pending.get(id) : undefined;
      if (p && p.order === undefined) p.order = now;
    } else if (frame.channel === 'spot-depth') {
      for (const [price] of frame.data?.bids ?? []) {
        const id = byPrice.get(price);
        const p = id ? pending.get(id) : undefined;
        if (p && p.depth === undefined) p.depth = now;
      }
    }
  });
  let subscribed = 0;
  const ready = new Promise<void>((resolve) => {
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { channel?: string };
      if (frame.channel === 'sub' && ++subscribed === 2) resolve();
    });
  });
  socket.send(JSON.stringify({ op: 'login', uid: trader.uid, token: trader.token }));
  socket.send(JSON.stringify({ op: 'sub', channel: 'spot-entrust-order' }));
  socket.send(JSON.stringify({ op: 'sub', channel: 'spot-depth', symbol: 'BTC_USDT' }));
  await ready;
  const { hostname, port } = new URL(server.url);
  const conn = await Connection.open(hostname, Number(port));
  const auth = `Authorization: ${trader.token}\r\n`;
  let i = 0;
  while (!until()) {
    const id = `probe-${i}`;
    // A price level nobody else uses (far below the market), so its depth frame is this order's.
    const price = formatDecimal(BigInt(4_000_000 + i), 2);
    byPrice.set(price, id);
    const entry: { sent: number; ack?: number; order?: number; depth?: number } = { sent: performance.now() };
    pending.set(id, entry);
    const body = `{"symbol":"BTC_USDT","side":"buy","type":"limit","price":"${price}","quantity":"0.001","clientOrderId":"${id}"}`;
    const answer = await conn.request('POST', '/mapi/spot/neworder', auth, body);
    if (answer.body.startsWith('{"code":200')) entry.ack = performance.now();
    i++;
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const p of pending.values()) {
    if (p.ack === undefined) continue;
    result.sent++;
    result.ack.add(p.ack - p.sent);
    if (p.order !== undefined) {
      result.orderFrame.add(p.order - p.sent);
      result.frameAfterAck.add(p.order - p.ack);
    }
    if (p.depth !== undefined) result.depthFrame.add(p.depth - p.sent);
  }
  conn.close();
  socket.close();
  return result;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main(): Promise<void> {
  console.log('Building the server bundle…');
  const build = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-'));
  const env = quietEnv(dataDir);
  try {
    const started = performance.now();
    const traders = await prepareTraders(env, USERS + 1, { USDT: '100000000', BTC: '5000' });
    console.log(`Prepared ${USERS + 1} funded traders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const probeTrader = traders.pop() as PreparedTrader;
    const server = await ServerProcess.start(
      env,
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    );
    const pid = server.child.pid as number;
    const { hostname, port } = new URL(server.url);
    const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => Connection.open(hostname, Number(port))));

    const fresh = (): Tally => ({ ok: 0, refused: 0, traded: 0, errors: new Map(), latency: new Samples() });
    let tally = fresh();
    let stop = false;
    const clients = conns.map((conn, i) =>
      client(
        conn,
        traders[i % traders.length] as PreparedTrader,
        1000 + i,
        () => stop,
        () => tally,
      ),
    );
    console.log(`Warming up for ${WARMUP_S} s with ${CONNECTIONS} connections…`);
    await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));

    const admin = await Connection.open(hostname, Number(port));
    const login = await admin.request(
      'POST',
      '/admin/api/login',
      '',
      JSON.stringify({ email: 'admin@bourse.local', password: env.ADMIN_PASSWORD }),
    );
    const adminAuth = `Authorization: ${(JSON.parse(login.body) as { data: { token: string } }).data.token}\r\n`;
    const commitStats = async () =>
      (
        JSON.parse((await admin.request('GET', '/admin/api/spot/stats', adminAuth)).body) as {
          data: { batches: number; commands: number };
        }
      ).data;

    tally = fresh();
    const statsBefore = await commitStats();
    const cpuBefore = cpuSeconds(pid);
    const selfBefore = process.cpuUsage();
    const t0 = performance.now();
    let probeStop = false;
    const probing = probe(server, probeTrader, () => probeStop);
    console.log(`Measuring for ${DURATION_S} s…`);
    await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
    const measured = tally;
    const elapsed = (performance.now() - t0) / 1000;
    const serverCpu = cpuSeconds(pid) - cpuBefore;
    const self = process.cpuUsage(selfBefore);
    const statsAfter = await commitStats();
    admin.close();
    stop = true;
    probeStop = true;
    await Promise.all(clients);
    const probed = await probing;
    for (const c of conns) c.close();
    await server.stop();

    const rate = measured.ok / elapsed;
    console.log('');
    console.log(
      `Orders accepted: ${measured.ok} in ${elapsed.toFixed(1)} s → ${Math.round(rate).toLocaleString('en')} orders/s`,
    );
    console.log(
      `  traded at once: ${((100 * measured.traded) / Math.max(1, measured.ok)).toFixed(0)}%, refused: ${measured.refused} ${JSON.stringify(Object.fromEntries(measured.errors))}`,
    );
    console.log(
      `  HTTP latency: p50 ${fmt(measured.latency.percentile(0.5))}, p90 ${fmt(measured.latency.percentile(0.9))}, p99 ${fmt(measured.latency.percentile(0.99))}, max ${fmt(measured.latency.percentile(1))}`,
    );
    console.log(
      `  server CPU: ${serverCpu.toFixed(1)} s (${((serverCpu / elapsed) * 100).toFixed(0)}% of one core), ${((serverCpu * 1e6) / Math.max(1, measured.ok)).toFixed(0)} µs per order; load generator CPU: ${((self.user + self.system) / 1e6).toFixed(1)} s`,
    );
    const batches = statsAfter.batches - statsBefore.batches;
    const commands = statsAfter.commands - statsBefore.commands;
    console.log(
      `  group commit: ${batches} batches, ${(commands / Math.max(1, batches)).toFixed(1)} commands per batch on average`,
    );
    console.log(`Tick to client (probe: ${probed.sent} resting orders, one every ${PROBE_MS} ms, during the load):`);
    const line = (name: string, s: Samples) =>
      console.log(`  ${name}: p50 ${fmt(s.percentile(0.5))}, p99 ${fmt(s.percentile(0.99))} (${s.count} samples)`);
    line('order sent → HTTP answer', probed.ack);
    line('order sent → spot-entrust-order frame', probed.orderFrame);
    line('order sent → spot-depth frame', probed.depthFrame);
    line('HTTP answer → order frame (negative: frame first)', probed.frameAfterAck);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
