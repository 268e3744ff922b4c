/**
 * The client side of the live-channel benchmarks: client processes (clients.ts), a ping probe, and the summary.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { Histogram } from './histogram';
import type { Connected, FromClients, Report, ToClients } from './protocol';

const here = path.dirname(fileURLToPath(import.meta.url));

export const DEMO_MARKETS = 'BTC_USDT,ETH_USDT,BNB_USDT,SOL_USDT,XRP_USDT,DOGE_USDT,TRX_USDT,LTC_USDT,BRS_USDT';

export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

export function textOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** CPU seconds the whole machine spent busy (all cores, from /proc/stat), to tell how much else ran meanwhile. */
export function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: everything but idle and iowait is busy.
  const busy = fields.reduce((a, b, i) => (i === 3 || i === 4 ? a : a + b), 0);
  return busy / 100;
}

/** CPU seconds of one process (utime + stime, fields 14 and 15 of /proc/<pid>/stat, 100 ticks a second). */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * `--priority N`: the scheduling priority (nice value, -20…19) of the processes the benchmark starts. Linux groups
 * processes by session ("autogroups") and shares the CPU fairly between the groups whatever their nice values, so the
 * server and each client process are started in a session of their own and their group gets the priority
 * (`/proc/<pid>/autogroup`). A negative value (root only) puts them ahead of whatever else runs on a shared machine,
 * which then disturbs the figures less. Nothing else is touched.
 */
export const PRIORITY = process.argv.includes('--priority') ? option('priority', 0) : undefined;

/** Gives a process started in its own session (`detached`) the `--priority`, if one was asked for. */
export function prioritise(pid: number | undefined): void {
  if (PRIORITY === undefined || pid === undefined) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(PRIORITY));
  } catch (error) {
    console.warn(`cannot set priority ${PRIORITY} on process ${pid}: ${(error as Error).message}`);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function openSocket(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A probe socket that pings every 100 ms and times the pong: how long the server's event loop keeps a frame waiting. */
export async function pingProbe(url: string): Promise<{ stop: () => Histogram }> {
  const socket = await openSocket(url);
  const rtt = new Histogram();
  let sentAt = 0;
  socket.on('message', (raw: Buffer) => {
    if (sentAt > 0 && raw.toString('latin1', 0, 17) === '{"channel":"pong"') {
      rtt.add(performance.now() - sentAt);
      sentAt = 0;
    }
  });
  const timer = setInterval(() => {
    if (sentAt !== 0) return; // still waiting: the next ping goes once the pong is in
    sentAt = performance.now();
    socket.send('{"op":"ping"}');
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      socket.close();
      return rtt;
    },
  };
}

class ClientProcess {
  private waiting: ((message: FromClients) => void) | null = null;
  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromClients) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(message);
    });
  }

  static start(): ClientProcess {
    const child = fork(path.join(here, 'clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      detached: PRIORITY !== undefined,
    });
    prioritise(child.pid);
    return new ClientProcess(child);
  }

  ask<T extends FromClients>(message: ToClients): Promise<T> {
    return new Promise((resolve) => {
      this.waiting = resolve as (message: FromClients) => void;
      this.child.send(message);
    });
  }

  tell(message: ToClients): void {
    this.child.send(message);
  }
}

export interface LoadOptions {
  url: string;
  clients: number;
  procs: number;
  markets: string[];
  channels: string[];
  slow: number;
  concurrency: number;
}

export interface Results {
  clients: number;
  elapsed: number;
  frames: number;
  bytes: number;
  byChannel: Record<string, number>;
  latency: Histogram;
  sinceBurst: Histogram;
  gaps: number;
  stale: number;
  dropped: number;
  slowDropped: number;
  clientCpu: number;
  /** CPU seconds the machine spent on everything (server, clients, this process, and whatever else runs). */
  machineCpu: number;
  loopDelayP99: number;
  loopDelayMax: number;
  rtt: Histogram;
}

/** Client processes with their sockets open and subscribed. */
export class Load {
  private constructor(
    private readonly procs: ClientProcess[],
    readonly open: number,
    private readonly options: LoadOptions,
  ) {}

  static async connect(options: LoadOptions): Promise<Load> {
    const procs: ClientProcess[] = [];
    const orders: ToClients[] = [];
    const perProc = Math.ceil(options.clients / options.procs);
    for (let first = 0; first < options.clients; first += perProc) {
      const count = Math.min(perProc, options.clients - first);
      procs.push(ClientProcess.start());
      orders.push({
        type: 'connect',
        url: options.url,
        first,
        count,
        symbols: options.markets,
        channels: options.channels,
        slow: Math.round((options.slow * count) / options.clients),
        concurrency: options.concurrency,
      });
    }
    console.log(
      `Connecting ${options.clients} clients from ${procs.length} processes (${options.channels.join(' + ')})…`,
    );
    const connected = await Promise.all(procs.map((p, i) => p.ask<Connected>(orders[i] as ToClients)));
    const open = connected.reduce((n, c) => n + c.open, 0);
    const failed = connected.reduce((n, c) => n + c.failed, 0);
    const subscribed = connected.reduce((n, c) => n + c.subscribed, 0);
    const rampS = Math.max(...connected.map((c) => c.ms)) / 1000;
    console.log(`  ${open} open, ${failed} failed, ${subscribed} subscriptions acknowledged, in ${rampS.toFixed(1)} s`);
    return new Load(procs, open, options);
  }

  /** Measures for `seconds`: every client process counts from now on, a probe pings the server. */
  async measure(seconds: number): Promise<Results> {
    const probe = await pingProbe(this.options.url);
    for (const p of this.procs) p.tell({ type: 'measure' });
    const started = performance.now();
    const machineBefore = machineBusySeconds();
    await sleep(seconds * 1000);
    const reports = await Promise.all(this.procs.map((p) => p.ask<Report>({ type: 'report' })));
    const machineCpu = machineBusySeconds() - machineBefore;
    const elapsed = (performance.now() - started) / 1000;
    const rtt = probe.stop();
    const latency = new Histogram();
    const sinceBurst = new Histogram();
    const byChannel: Record<string, number> = {};
    for (const r of reports) {
      latency.merge(r.latency);
      sinceBurst.merge(r.sinceBurst);
      for (const [k, v] of Object.entries(r.byChannel)) byChannel[k] = (byChannel[k] ?? 0) + v;
    }
    const sum = (f: (r: Report) => number) => reports.reduce((n, r) => n + f(r), 0);
    return {
      clients: this.open,
      elapsed,
      frames: sum((r) => r.frames),
      bytes: sum((r) => r.bytes),
      byChannel,
      latency,
      sinceBurst,
      gaps: sum((r) => r.gaps),
      stale: sum((r) => r.stale),
      dropped: sum((r) => r.closed),
      slowDropped: sum((r) => r.slowClosed),
      clientCpu: sum((r) => r.cpu),
      machineCpu,
      loopDelayP99: Math.max(...reports.map((r) => r.loopDelayP99)),
      loopDelayMax: Math.max(...reports.map((r) => r.loopDelayMax)),
      rtt,
    };
  }

  close(): void {
    for (const p of this.procs) p.tell({ type: 'close' });
  }
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * Prints the figures; `serverCpu` is the server's CPU seconds over the run (the full benchmark reads it from /proc,
 * the fan-out benchmark from its own process).
 */
export function printResults(r: Results, options: LoadOptions, serverCpu: number): void {
  const perS = (n: number) => Math.round(n / r.elapsed).toLocaleString('en');
  console.log('');
  console.log(
    `Clients: ${r.clients} over ${options.markets.length} markets (${options.channels.join(' + ')}), ${options.procs} client processes${options.slow ? `, ${options.slow} of them slow (not reading)` : ''}`,
  );
  console.log(
    `Frames delivered: ${r.frames.toLocaleString('en')} in ${r.elapsed.toFixed(1)} s → ${perS(r.frames)} frames/s, ${(r.bytes / r.elapsed / 1e6).toFixed(2)} MB/s (${Object.entries(
      r.byChannel,
    )
      .map(([k, v]) => `${k} ${perS(v)}/s`)
      .join(', ')})`,
  );
  const l = r.latency;
  console.log(
    `Tick to client (frame ts → arrival): p50 ${fmt(l.percentile(0.5))}, p90 ${fmt(l.percentile(0.9))}, p99 ${fmt(l.percentile(0.99))}, p99.9 ${fmt(l.percentile(0.999))}, max ${fmt(l.max)}`,
  );
  const b = r.sinceBurst;
  console.log(
    `  from the start of the burst (the first frame of the same server tick): p50 ${fmt(b.percentile(0.5))}, p99 ${fmt(b.percentile(0.99))}, max ${fmt(b.max)}`,
  );
  console.log(
    `  depth sequence gaps: ${r.gaps}, stale diffs: ${r.stale}; sockets dropped by the server: ${r.dropped}${options.slow ? ` (+ ${r.slowDropped} slow ones)` : ''}`,
  );
  console.log(
    `  client processes' event-loop delay: p99 ${fmt(r.loopDelayP99)}, max ${fmt(r.loopDelayMax)}; their CPU: ${r.clientCpu.toFixed(1)} s (${((r.clientCpu / r.elapsed) * 100).toFixed(0)}% of one core)`,
  );
  console.log(
    `  ping round trip (probe, every 100 ms): p50 ${fmt(r.rtt.percentile(0.5))}, p99 ${fmt(r.rtt.percentile(0.99))}, max ${fmt(r.rtt.max)} (${r.rtt.count} pings)`,
  );
  const pct = (s: number) => `${((s / r.elapsed) * 100).toFixed(0)}%`;
  const others = Math.max(0, r.machineCpu - serverCpu - r.clientCpu);
  console.log(
    `Server CPU: ${serverCpu.toFixed(1)} s (${pct(serverCpu)} of one core, ${((serverCpu * 1e6) / Math.max(1, r.frames)).toFixed(1)} µs per frame delivered); machine: ${cpus().length} cores, busy ${pct(r.machineCpu)} of one core, of which other processes (not the server, not the clients) ${pct(others)}`,
  );
}
