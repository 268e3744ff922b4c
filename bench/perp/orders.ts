/**
 * Perpetual orders per second end to end, against spot on the same machine in the same run:
 * `npm run bench:perp-api` (`-- --quick` for a short smoke run; `--rounds N` for more alternations).
 *
 * 1. builds the server bundle and prepares a data directory with N traders funded by real (simulated-chain) deposits
 *    (bench/api's fixture), starts the built server as a child process (market makers off, no system capital: only
 *    the traders' own orders meet), and each trader moves USDT to its contract wallet through `/mapi/wallet/transfer`;
 * 2. alternates spot and perp phases on the same connections and traders, each round in the other order than the one
 *    before (spot, perp, perp, spot, spot, perp, …): C clients, each
 *    one keep-alive HTTP connection with one request in flight, place limit orders as fast as the answers come back —
 *    spot `POST /mapi/spot/neworder` on BTC_USDT around 60,000 (quantity 0.001–0.020 BTC), perp
 *    `POST /mapi/swap/order` on the BTC_USDT perpetual around its mark (1–20 lots of 0.001 BTC): random side, price
 *    within ±30 ticks, so buyers and sellers overlap and roughly half the orders trade and half rest;
 *    after each phase (outside its measured window) the traders cancel their resting orders, so every phase starts
 *    from an empty book;
 * 3. prints each phase's orders/s (answers with code 200 over the measured window), latency, the server's CPU per
 *    order; then each round's ratio perp / spot and their geometric mean (target ≥ 0.8), and the best of each kind.
 *
 * Why the order alternates and the rounds' ratios are the figure: every phase adds ~100,000 orders to the database, and
 * a phase runs faster on a smaller one (the first phase of a run is the fastest of its kind far more often than not).
 * With spot always first, spot always ran on the smaller database; in the order spot, perp, perp, spot each kind has
 * the earlier place in every other round, and the mean of the rounds' ratios cancels a steady drift. The best of each kind
 * is printed too (it favours whichever ran first).
 *
 * The load generator and the server share the machine's cores with whatever else runs: read the ratio, and run it
 * more than once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDecimal, parseDecimal } from '@bourse/contract';
import {
  type PreparedTrader,
  prepareTraders,
  quietEnv,
  ServerProcess,
} from '../../apps/server/src/modules/spot/fixture';
import { Connection, cpuSeconds, prng, Samples } from '../api/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const quick = process.argv.includes('--quick');
const CONNECTIONS = option('connections', quick ? 32 : 64);
const USERS = option('users', quick ? 16 : 64);
const WARMUP_S = option('warmup', quick ? 1 : 3);
const DURATION_S = option('duration', quick ? 4 : 10);
const ROUNDS = option('rounds', quick ? 1 : 4);
/** `--profile DIR`: the server writes a V8 CPU profile there. */
const PROFILE_DIR = process.argv.includes('--profile')
  ? process.argv[process.argv.indexOf('--profile') + 1]
  : undefined;

type Kind = 'spot' | 'perp';

interface Tally {
  ok: number;
  refused: number;
  errors: Map<string, number>;
  latency: Samples;
}

/** One order's request: path and body (deterministic from the seed). */
function orderFor(kind: Kind, random: () => number, mark: number): { path: string; body: string } {
  const buy = random() < 0.5;
  const offset = Math.floor(random() * 61) - 30;
  if (kind === 'spot') {
    const cents = 6_000_000 + (buy ? offset : -offset);
    const price = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const quantity = `0.0${String(1 + Math.floor(random() * 20)).padStart(2, '0')}`;
    return {
      path: '/mapi/spot/neworder',
      body: `{"symbol":"BTC_USDT","side":"${buy ? 'buy' : 'sell'}","type":"limit","price":"${price}","quantity":"${quantity}"}`,
    };
  }
  // The perpetual's tick is 0.1: `mark` is in tenths.
  const tenths = mark + (buy ? offset : -offset);
  const lots = 1 + Math.floor(random() * 20);
  return {
    path: '/mapi/swap/order',
    body: `{"symbol":"BTC_USDT","side":"${buy ? 'buy' : 'sell'}","type":"limit","price":"${formatDecimal(BigInt(tenths), 1)}","lots":${lots}}`,
  };
}

async function client(
  kind: Kind,
  conn: Connection,
  trader: PreparedTrader,
  seed: number,
  mark: number,
  until: () => boolean,
  tally: () => Tally,
): Promise<void> {
  const random = prng(seed);
  const auth = `Authorization: ${trader.token}\r\n`;
  while (!until()) {
    const { path: url, body } = orderFor(kind, random, mark);
    const started = performance.now();
    const answer = await conn.request('POST', url, auth, body);
    const t = tally();
    t.latency.add(performance.now() - started);
    if (answer.status === 200 && answer.body.startsWith('{"code":200')) t.ok++;
    else {
      t.refused++;
      const code = /"code":(\d+)/.exec(answer.body)?.[1] ?? String(answer.status);
      t.errors.set(code, (t.errors.get(code) ?? 0) + 1);
    }
  }
}

interface Phase {
  kind: Kind;
  rate: number;
  ok: number;
  refused: number;
  errors: Map<string, number>;
  latency: Samples;
  cpuPerOrderUs: number;
  load: number;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function phase(
  kind: Kind,
  server: ServerProcess,
  conns: Connection[],
  traders: PreparedTrader[],
  mark: number,
  round: number,
): Promise<Phase> {
  const pid = server.child.pid as number;
  const fresh = (): Tally => ({ ok: 0, refused: 0, errors: new Map(), latency: new Samples() });
  let tally = fresh();
  let stop = false;
  const clients = conns.map((conn, i) =>
    client(
      kind,
      conn,
      traders[i % traders.length] as PreparedTrader,
      round * 10_000 + i,
      mark,
      () => stop,
      () => tally,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  tally = fresh();
  const cpuBefore = cpuSeconds(pid);
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
  const measured = tally;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  stop = true;
  await Promise.all(clients);
  // Outside the measured window: the traders cancel what still rests, so every phase starts from an empty book. With
  // no cancels the books only grew (half the orders rest, and the levels far from the price are never reached), and
  // from the third perp phase on the resting orders that open a position met the position cap (POSITION_TOO_LARGE).
  await Promise.all(
    traders.map(async (trader, i) => {
      const answer = await (conns[i % conns.length] as Connection).request(
        'POST',
        kind === 'spot' ? '/mapi/spot/cancelAll' : '/mapi/swap/cancelAll',
        `Authorization: ${trader.token}\r\n`,
        '{"symbol":"BTC_USDT"}',
      );
      if (!answer.body.startsWith('{"code":200')) throw new Error(`cancel all refused: ${answer.body}`);
    }),
  );
  const result: Phase = {
    kind,
    rate: measured.ok / elapsed,
    ok: measured.ok,
    refused: measured.refused,
    errors: measured.errors,
    latency: measured.latency,
    cpuPerOrderUs: (cpu * 1e6) / Math.max(1, measured.ok),
    load: loadavg()[0] ?? 0,
  };
  console.log(
    `${kind.padEnd(4)} round ${round + 1}: ${Math.round(result.rate).toLocaleString('en')} orders/s ` +
      `(${measured.ok} in ${elapsed.toFixed(1)} s; refused ${measured.refused} ${JSON.stringify(Object.fromEntries(measured.errors))}), ` +
      `p50 ${fmt(measured.latency.percentile(0.5))}, p99 ${fmt(measured.latency.percentile(0.99))}, ` +
      `server CPU ${result.cpuPerOrderUs.toFixed(0)} µs/order, load ${result.load.toFixed(1)}`,
  );
  return result;
}

async function main(): Promise<void> {
  console.log('Building the server bundle…');
  const build = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-perp-'));
  const env = quietEnv(dataDir);
  try {
    const traders = await prepareTraders(env, USERS, { USDT: '200000000', BTC: '5000' });
    const server = await ServerProcess.start(
      env,
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    );
    const { hostname, port } = new URL(server.url);
    const setup = await Connection.open(hostname, Number(port));
    for (const t of traders) {
      const answer = await setup.request(
        'POST',
        '/mapi/wallet/transfer',
        `Authorization: ${t.token}\r\n`,
        JSON.stringify({
          asset: 'USDT',
          from: 'spot',
          to: 'contract',
          amount: '100000000',
          requestId: `bench-${t.uid}-c`,
        }),
      );
      if (!answer.body.startsWith('{"code":200')) throw new Error(`transfer refused: ${answer.body}`);
    }
    const markAnswer = await setup.request('GET', '/api/swap/mark?symbol=BTC_USDT', '');
    const markData = (JSON.parse(markAnswer.body) as { data: { mark: string; index: string } }).data;
    // In tenths (the tick): orders sit around the index, inside the price band.
    const mark = Number(parseDecimal(markData.index, 8) / 10_000_000n);
    setup.close();
    console.log(
      `${USERS} traders (USDT on spot and in the contract wallet), ${CONNECTIONS} connections; perp BTC_USDT index ${markData.index}`,
    );
    const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => Connection.open(hostname, Number(port))));
    const phases: Phase[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order: Kind[] = round % 2 === 0 ? ['spot', 'perp'] : ['perp', 'spot'];
      const rates = new Map<Kind, number>();
      for (const kind of order) {
        const p = await phase(kind, server, conns, traders, mark, round);
        phases.push(p);
        rates.set(kind, p.rate);
      }
      ratios.push((rates.get('perp') as number) / (rates.get('spot') as number));
    }
    for (const c of conns) c.close();
    await server.stop();
    const best = (kind: Kind) => Math.max(...phases.filter((p) => p.kind === kind).map((p) => p.rate));
    const spot = best('spot');
    const perp = best('perp');
    const geometricMean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
    console.log('');
    console.log(`Spot: ${Math.round(spot).toLocaleString('en')} orders/s (best of ${ROUNDS})`);
    console.log(`Perp: ${Math.round(perp).toLocaleString('en')} orders/s (best of ${ROUNDS})`);
    console.log(`Best perp / best spot: ${(perp / spot).toFixed(2)}×`);
    console.log(`Rounds' perp / spot: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}`);
    console.log(`Perp / spot: ${geometricMean.toFixed(2)}× (geometric mean of the rounds' ratios; target ≥ 0.80×)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
