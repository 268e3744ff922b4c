/**
 * The hub alone: `npm run bench:ws -- --fanout --clients 10000 --duration 20`.
 *
 * The real `Hub` (apps/server/src/ws/hub.ts) on a bare Fastify with @fastify/websocket in this process, the same
 * client processes as the full benchmark, and no bots, no database, no matching: every `--interval` ms one
 * synchronous tick publishes a depth diff (5 changed levels a side) to every market and a ticker frame (the ticker
 * and two trades) to `--ticker-share` of them, as the spot module does after a batch. It times each publish (the fan-out
 * of one frame to a topic's subscribers) and the server's CPU per frame, so changes to the hub can be compared without
 * the noise of the rest of the server.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import { systemClock } from '../../apps/server/src/lib/clock';
import { Hub } from '../../apps/server/src/ws/hub';
import { Histogram } from './histogram';
import {
  DEMO_MARKETS,
  fmt,
  Load,
  type LoadOptions,
  option,
  PRIORITY,
  printResults,
  prioritise,
  sleep,
  textOption,
} from './load';

function levels(price: number, side: 1 | -1, seq: number): [string, string][] {
  return Array.from({ length: 5 }, (_, i) => [
    (price + side * (i + 1) * 0.37).toFixed(2),
    (((seq * 7 + i * 13) % 97) / 10).toFixed(4),
  ]);
}

export async function fanout(): Promise<void> {
  const clients = option('clients', 10_000);
  const duration = option('duration', 20);
  const warmup = option('warmup', 3);
  const interval = option('interval', 1000);
  const tickerShare = option('ticker-share', 0.25);
  const markets = textOption('markets', DEMO_MARKETS).split(',');

  // The hub runs in this process: it gets the priority of the processes the benchmark starts.
  if (PRIORITY !== undefined) prioritise(process.pid);
  const app = Fastify({ logger: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const hub = new Hub({ resolve: () => null }, systemClock, pino({ level: 'silent' }));
  const seqs = new Map(markets.map((m) => [m, 1]));
  const Params = z.object({ symbol: z.string() });
  hub.register({
    name: 'spot-depth',
    params: Params,
    topic: (p) => p.symbol,
    snapshot: (p) => {
      const seq = seqs.get(p.symbol) ?? 0;
      return { type: 'snapshot' as const, symbol: p.symbol, seq, prevSeq: seq, bids: [], asks: [], ts: Date.now() };
    },
  });
  hub.register({ name: 'spot-ticker', params: Params, topic: (p) => p.symbol });
  hub.attach(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;

  const perPublish = new Histogram();
  const perTick = new Histogram();
  let sends = 0;
  let ticks = 0;
  const tick = () => {
    const started = performance.now();
    ticks++;
    for (const [i, symbol] of markets.entries()) {
      const prevSeq = seqs.get(symbol) ?? 0;
      const seq = prevSeq + 3;
      seqs.set(symbol, seq);
      const price = 100 + i * 1000;
      const t = performance.now();
      sends += hub.publish('spot-depth', symbol, {
        type: 'diff',
        symbol,
        seq,
        prevSeq,
        bids: levels(price, -1, seq),
        asks: levels(price, 1, seq),
        ts: Date.now(),
      });
      perPublish.add(performance.now() - t);
    }
    for (const [i, symbol] of markets.entries()) {
      if (((ticks + i) % markets.length) / markets.length >= tickerShare) continue;
      const t = performance.now();
      const price = (100 + i * 1000).toFixed(2);
      sends += hub.publish('spot-ticker', symbol, {
        ticker: {
          symbol,
          last: price,
          open: price,
          high: price,
          low: price,
          volume: '1234.5678',
          quoteVolume: '98765432.10',
          change: '0',
          changePercent: '0.00',
          bid: price,
          ask: price,
          ts: Date.now(),
        },
        trades: [
          { id: ticks * 2, price, quantity: '0.0150', side: 'buy', ts: Date.now() },
          { id: ticks * 2 + 1, price, quantity: '0.4200', side: 'sell', ts: Date.now() },
        ],
      });
      perPublish.add(performance.now() - t);
    }
    perTick.add(performance.now() - started);
  };
  const timer = setInterval(tick, interval);

  const options: LoadOptions = {
    url,
    clients,
    procs: option('procs', 2),
    markets,
    channels: ['spot-depth', 'spot-ticker'],
    slow: option('slow', 0),
    concurrency: option('concurrency', 100),
  };
  const load = await Load.connect(options);
  try {
    await sleep(warmup * 1000);
    console.log(`Measuring for ${duration} s (a tick every ${interval} ms)…`);
    perPublish.reset();
    perTick.reset();
    sends = 0;
    const cpuBefore = process.cpuUsage();
    const results = await load.measure(duration);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    printResults(results, options, cpuS);
    console.log(
      `Hub: ${sends.toLocaleString('en')} frames sent, ${((cpuS * 1e6) / Math.max(1, sends)).toFixed(2)} µs of CPU each; one publish (fan-out to a topic) p50 ${fmt(perPublish.percentile(0.5))}, p99 ${fmt(perPublish.percentile(0.99))}; one tick (every topic) p50 ${fmt(perTick.percentile(0.5))}, p99 ${fmt(perTick.percentile(0.99))}, max ${fmt(perTick.max)}`,
    );
    console.log('  (the ping probe runs in the hub process here, so its round trip says nothing about the hub)');
  } finally {
    clearInterval(timer);
    load.close();
    hub.close();
    await app.close();
  }
}
