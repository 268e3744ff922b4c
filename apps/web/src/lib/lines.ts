import { LANG_HEADER, LANG_HEADER_VALUE, type Lang, type ServiceLine } from '@bourse/contract';
import { useSettings } from './stores/settings';

/**
 * Service lines (spec §7, §9): several hosts serve the same exchange; the app pings each and keeps the fastest.
 * This module talks to the hosts directly, because it is what decides which host the API client uses.
 */

const PING_TIMEOUT_MS = 5000;

interface LineChoice {
  lines: readonly ServiceLine[];
  lineIndex: number;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** HTTP base of the chosen line; '' means the page's own origin. */
export function lineHttp({ lines, lineIndex }: LineChoice): string {
  return trimSlash(lines[lineIndex]?.http ?? '');
}

/** Live-channel URL of the chosen line with the language parameter; '' ws means the page origin + /ws. */
export function lineWsUrl({ lines, lineIndex }: LineChoice, lang: Lang, origin: Location = window.location): string {
  const configured = lines[lineIndex]?.ws ?? '';
  const base = configured !== '' ? configured : `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/ws`;
  return `${base}${base.includes('?') ? '&' : '?'}lang=${encodeURIComponent(LANG_HEADER_VALUE[lang])}`;
}

async function getJson(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, {
      signal: controller.signal,
      cache: 'no-store',
      headers: { [LANG_HEADER]: LANG_HEADER_VALUE[useSettings.getState().lang] },
    });
    return (await response.json()) as unknown;
  } finally {
    clearTimeout(timer);
  }
}

function isLineList(data: unknown): data is ServiceLine[] {
  return Array.isArray(data) && data.every((l) => typeof l === 'object' && l !== null && 'http' in l && 'ws' in l);
}

/** The line list from the page origin, else from any line we already know. */
export async function fetchLineList(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ServiceLine[]> {
  const bases = [
    '',
    ...useSettings
      .getState()
      .lines.map((l) => trimSlash(l.http))
      .filter((b) => b !== ''),
  ];
  for (const base of new Set(bases)) {
    try {
      const answer = (await getJson(`${base}/api/common/lines`, fetchImpl, PING_TIMEOUT_MS)) as {
        code?: number;
        data?: unknown;
      };
      if (answer.code === 200 && isLineList(answer.data) && answer.data.length > 0) return answer.data;
    } catch {
      // try the next host
    }
  }
  throw new Error('no service line answered');
}

/** Round-trip time of `{http}/api/common/ping` in ms, or null when the line does not answer. */
export async function pingLine(
  line: ServiceLine,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<number | null> {
  const started = performance.now();
  try {
    const answer = (await getJson(`${trimSlash(line.http)}/api/common/ping`, fetchImpl, PING_TIMEOUT_MS)) as {
      code?: number;
    };
    return answer.code === 200 ? Math.max(1, Math.round(performance.now() - started)) : null;
  } catch {
    return null;
  }
}

export function measureLines(lines: readonly ServiceLine[]): Promise<(number | null)[]> {
  return Promise.all(lines.map((line) => pingLine(line)));
}

/** Index of the fastest answering line, or -1 when none answered. */
export function fastestIndex(latencies: readonly (number | null)[]): number {
  let best = -1;
  latencies.forEach((ms, i) => {
    if (ms !== null && (best < 0 || ms < (latencies[best] as number))) best = i;
  });
  return best;
}

let running: Promise<void> | null = null;

/** Fetches the lines, pings every one and keeps the fastest (spec §9). Concurrent calls share one check. */
export function recheckLines(): Promise<void> {
  running ??= (async () => {
    try {
      const lines = await fetchLineList();
      useSettings.getState().setLines(lines);
      const best = fastestIndex(await measureLines(lines));
      if (best >= 0) useSettings.getState().setLineIndex(best);
    } catch {
      // Every host is unreachable: keep the current choice; the next failure re-checks again.
    } finally {
      running = null;
    }
  })();
  return running;
}

/** At start: pick a line the first time; afterwards refresh the list quietly and keep the user's choice. */
export function initLines(): void {
  if (useSettings.getState().lines.length === 0) {
    void recheckLines();
    return;
  }
  fetchLineList()
    .then((lines) => useSettings.getState().setLines(lines))
    .catch(() => undefined);
}

/** A server path (e.g. a banner image `/static/banners/1.png`) on the chosen line; absolute URLs pass unchanged. */
export function serverUrl(path: string, choice: LineChoice = useSettings.getState()): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return `${lineHttp(choice)}${path}`;
}
