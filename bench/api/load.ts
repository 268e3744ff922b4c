/**
 * A lean HTTP/1.1 keep-alive load generator: one TCP socket per connection, one request in flight per socket, the
 * answer parsed only as far as needed (status line, Content-Length, the envelope's code). It costs the shared CPU
 * far less than a general client, which matters when generator and server share two cores.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';

export interface Answer {
  status: number;
  body: string;
}

/** One keep-alive connection that sends a request and waits for its answer. */
export class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((answer: Answer) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.failed?.(error));
    socket.on('close', () => this.failed?.(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port }, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** `headers`: complete header lines, each ending in CRLF. */
  request(method: 'GET' | 'POST', path: string, headers: string, body = ''): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      const length =
        body === '' ? '' : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
      this.socket.write(`${method} ${path} HTTP/1.1\r\nHost: bench\r\n${headers}${length}\r\n${body}`);
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headerEnd = this.buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headerEnd);
    const match = /content-length: *(\d+)/i.exec(head);
    const length = match ? Number(match[1]) : 0;
    const end = headerEnd + 4 + length;
    if (this.buffer.length < end) return;
    const body = this.buffer.toString('utf8', headerEnd + 4, end);
    this.buffer = this.buffer.subarray(end);
    const resolve = this.waiting;
    this.waiting = null;
    this.failed = null;
    resolve?.({ status: Number(head.slice(9, 12)), body });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Latency samples in milliseconds, kept compactly. */
export class Samples {
  private data = new Float64Array(1 << 16);
  private n = 0;

  add(ms: number): void {
    if (this.n === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.n++] = ms;
  }

  get count(): number {
    return this.n;
  }

  percentile(q: number): number {
    if (this.n === 0) return 0;
    const sorted = this.data.slice(0, this.n).sort();
    return sorted[Math.min(this.n - 1, Math.floor(q * this.n))] ?? 0;
  }
}

/** Deterministic pseudo-random numbers, so every run offers the same flow. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function cpuSeconds(pid: number): number {
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
