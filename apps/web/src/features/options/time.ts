import { useEffect, useState } from 'react';

/**
 * The server's clock as the page sees it: every answer and frame carries `serverTime`; the difference to this
 * device's clock (the smallest seen lately: a frame is never early, only late) moves the countdowns, so they run
 * from the server's time, not the phone's.
 */
export class ServerOffset {
  private offset: number | null = null;

  constructor(private readonly deviceNow: () => number = Date.now) {}

  observe(serverTime: number): void {
    const seen = serverTime - this.deviceNow();
    // A frame arrives after it was sent: the largest offset seen is the closest to the truth; let it drift back
    // slowly so a clock jump on either side is followed within seconds.
    this.offset = this.offset === null || seen > this.offset ? seen : this.offset + (seen - this.offset) / 4;
  }

  now(): number {
    return this.deviceNow() + (this.offset ?? 0);
  }
}

export const serverOffset = new ServerOffset();

/** The server's now, re-rendered every `stepMs`. */
export function useServerNow(stepMs = 250): number {
  const [now, setNow] = useState(() => serverOffset.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverOffset.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

/** Milliseconds left as `m:ss` (whole seconds, rounded up: "0:01" until the instant itself); never negative. */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
