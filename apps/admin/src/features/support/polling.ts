import { useEffect, useState } from 'react';

/** Polling stops after this long without the operator touching the page (the server ends idle sessions at 30 min). */
export const IDLE_AFTER_MS = 10 * 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'focus'] as const;

/**
 * An interval for live-ish data while the operator is at the desk: `intervalMs` until nobody has touched the page for
 * `idleAfterMs`, then `false` until they do again — so a console left open does not keep its session alive forever.
 * (A hidden tab pauses TanStack Query's intervals by itself.)
 */
export function useDeskPolling(intervalMs: number, idleAfterMs = IDLE_AFTER_MS): number | false {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let last = Date.now();
    const active = () => {
      last = Date.now();
      setIdle(false);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, active, { passive: true });
    const timer = setInterval(
      () => {
        if (Date.now() - last > idleAfterMs) setIdle(true);
      },
      Math.min(15_000, idleAfterMs),
    );
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, active);
      clearInterval(timer);
    };
  }, [idleAfterMs]);
  return idle ? false : intervalMs;
}

/** Whether the page is in front of the operator (a message is read only when it is). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** The newest message of the user that no operator has read (what "mark read" covers), or null. */
export function latestUnreadFromUser(
  messages: readonly { id: number; author: string; readAt: number | null }[],
): number | null {
  let latest: number | null = null;
  for (const message of messages) {
    if (message.author === 'user' && message.readAt === null && (latest === null || message.id > latest))
      latest = message.id;
  }
  return latest;
}

/** A message's time in the inbox: the clock today, the date and clock before. */
export function shortTime(ms: number, now: number): string {
  const d = new Date(ms);
  const today = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  if (sameDay) return clock;
  const date = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return d.getFullYear() === today.getFullYear() ? `${date} ${clock}` : `${d.getFullYear()}-${date}`;
}
