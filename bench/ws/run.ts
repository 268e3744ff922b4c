/**
 * Live-channel benchmark: `npm run bench:ws -- --clients 10000 --duration 30` (`-- --quick` for a short smoke run,
 * `-- --fanout` for the hub alone: fanout.ts). Design and figures: docs/live.md.
 *
 * What it does:
 * 1. builds the server bundle (apps/server/dist/main.js) and starts it as a child process on a fresh temporary data
 *    directory with demo data and the market makers on at their default pace (a round a second, 12 random takes a
 *    minute per market); the first-start chart history is off, so its background writing does not disturb the run;
 * 2. waits until the bots trade (depth diffs arrive for every market);
 * 3. forks client processes (`--procs`, 2 by default), so the load generator does not share the server's event loop,
 *    which open `--clients` raw `ws` clients spread evenly over the markets, each subscribed to its market's
 *    `--channels` (default `spot-depth,spot-ticker`);
 * 4. after a warm-up, measures for `--duration` seconds: data frames delivered per second; tick-to-client latency
 *    (the envelope's `ts`, the server's clock when the hub built the frame, to the frame's arrival in the client
 *    process: same machine, so the clocks agree) and the same from the start of the burst (the first frame of the
 *    same server tick); depth sequence gaps; sockets dropped; server and client CPU; the client processes' own
 *    event-loop delay (their share of the latency); the round trip of a `ping` from a probe socket (how long the
 *    server's event loop keeps a request waiting); and how much CPU other processes took meanwhile.
 *
 * The client processes and the server share this machine's cores, and so does anything else running on it: figures
 * vary between runs, run it several times. `--priority -20` (root) puts the benchmark's processes ahead of other work.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_MARKETS,
  Load,
  type LoadOptions,
  openSocket,
  option,
  PRIORITY,
  printResults,
  prioritise,
  processCpuSeconds,
  sleep,
  textOption,
} from './load';
import { ServerProcess } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const quick = process.argv.includes('--quick');
const CLIENTS = option('clients', quick ? 1000 : 10_000);
const DURATION_S = option('duration', quick ? 5 : 30);
const WARMUP_S = option('warmup', quick ? 2 : 5);
const MARKETS = textOption('markets', DEMO_MARKETS).split(',');
const MAKER_MS = option('maker-ms', 1000);
const TAKES = option('takes', 12);
/** `--profile DIR`: the server writes a V8 CPU profile there (open it in Chrome DevTools or speedscope). */
const PROFILE_DIR = process.argv.includes('--profile') ? textOption('profile', '.') : undefined;
const SKIP_BUILD = process.argv.includes('--no-build');

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resolves once every market's book has changed (the bots quote and trade), or rejects after `timeoutMs`. */
async function waitForBots(url: string, timeoutMs: number): Promise<void> {
  const socket = await openSocket(url);
  const live = new Set<string>();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the market makers did not start (books live: ${[...live].join(', ') || 'none'})`)),
        timeoutMs,
      );
      socket.on('message', (raw: Buffer) => {
        const frame = JSON.parse(raw.toString()) as { channel: string; topic?: string; data?: { type?: string } };
        if (frame.channel === 'spot-depth' && frame.data?.type === 'diff' && frame.topic) live.add(frame.topic);
        if (live.size === MARKETS.length) {
          clearTimeout(timer);
          resolve();
        }
      });
      for (const symbol of MARKETS) socket.send(JSON.stringify({ op: 'sub', channel: 'spot-depth', symbol }));
    });
  } finally {
    socket.close();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--fanout')) {
    const { fanout } = await import('./fanout');
    await fanout();
    return;
  }
  if (!SKIP_BUILD) {
    console.log('Building the server bundle…');
    const build = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-ws-'));
  const env = {
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-2026',
    MARKET_MAKERS: 'on',
    MARKET_MAKER_INTERVAL_MS: String(MAKER_MS),
    MARKET_MAKER_TAKES_PER_MINUTE: String(TAKES),
    MARKET_BACKFILL_DAYS: '0',
    MARKET_HISTORY_DAYS: '0',
    // Blocks come quickly so the bots' funding deposits are credited within seconds of the start.
    CHAIN_BLOCK_MS: '500',
  };
  let server: ServerProcess | null = null;
  let load: Load | null = null;
  try {
    server = await ServerProcess.start(
      path.join(root, 'apps/server/dist/main.js'),
      env,
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
      PRIORITY !== undefined,
    );
    const pid = server.child.pid as number;
    prioritise(pid);
    server.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString()}`));
    const t0 = performance.now();
    await waitForBots(server.wsUrl, 120_000);
    console.log(
      `Market makers trading on ${MARKETS.length} markets after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const options: LoadOptions = {
      url: server.wsUrl,
      clients: CLIENTS,
      procs: option('procs', 2),
      markets: MARKETS,
      channels: textOption('channels', 'spot-depth,spot-ticker').split(','),
      slow: option('slow', 0),
      concurrency: option('concurrency', 100),
    };
    load = await Load.connect(options);
    console.log(`  server RSS ${rssMb(pid).toFixed(0)} MB; warming up for ${WARMUP_S} s…`);
    await sleep(WARMUP_S * 1000);
    console.log(`Measuring for ${DURATION_S} s…`);
    const loadBefore = loadavg()[0] as number;
    const cpuBefore = processCpuSeconds(pid);
    const results = await load.measure(DURATION_S);
    const serverCpu = processCpuSeconds(pid) - cpuBefore;
    printResults(results, options, serverCpu);
    console.log(
      `  server RSS ${rssMb(pid).toFixed(0)} MB; load average ${loadBefore.toFixed(2)} at the start, ${(loadavg()[0] as number).toFixed(2)} at the end`,
    );
  } finally {
    load?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
