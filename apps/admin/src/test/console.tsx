import { type OperatorProfile, type OperatorRole, type Permission, ROLE_PERMISSIONS } from '@bourse/contract';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import { vi } from 'vitest';
import { App } from '../app/App';
import { consoleFeatures, consoleLocaleBundles } from '../app/features';
import { queryClient } from '../lib/client';
import { initI18n } from '../lib/i18n';
import { useSession } from '../lib/stores/session';

/** One call the console made, as the stub server saw it. */
export interface SeenCall {
  method: string;
  /** Path and query, e.g. `/admin/api/users?q=ada`. */
  url: string;
  body: unknown;
}

/** A refusal from the stub server (anything else a handler returns is the answer's `data`). */
export class Refusal {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {}
}

export type Handler = (call: SeenCall) => unknown;

export function operatorProfile(role: OperatorRole, permissions?: readonly Permission[]): OperatorProfile {
  return {
    id: 7,
    email: `${role}@bourse.local`,
    name: `${role} operator`,
    role,
    permissions: [...(permissions ?? ROLE_PERMISSIONS[role])],
  };
}

/** The texts in English, once per test file. */
export async function loadTexts(): Promise<void> {
  await initI18n(consoleLocaleBundles(), 'en');
}

/**
 * The console signed in as `profile`, at `hash`, over a stub server: `/admin/api/me` answers the profile, `handler`
 * answers the rest (`undefined` → `data: null`; a `Response` is sent as it is, for files). Returns every call made.
 */
export function openConsole(profile: OperatorProfile, hash: string, handler: Handler = () => undefined): SeenCall[] {
  const calls: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: SeenCall = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer = call.url.startsWith('/admin/api/me') ? profile : handler(call);
      if (answer instanceof Response) return answer;
      const envelope =
        answer instanceof Refusal
          ? { code: answer.code, msg: answer.msg, data: null }
          : { code: 200, msg: 'success', data: answer ?? null };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  window.location.hash = hash;
  useSession
    .getState()
    .start({ token: 'token-123456789012345678901234', expiresAt: Date.now() + 3600_000, operator: profile });
  render(<App features={consoleFeatures} initialLocale={enUS} />);
  return calls;
}

/** After each test: the session ends, the cache goes, fetch is real again. */
export function closeConsole(): void {
  cleanup();
  act(() => useSession.getState().end('signedOut'));
  queryClient.clear();
  vi.unstubAllGlobals();
}

/** The open modal's element (queries by role are slow over antd's large trees in jsdom). */
export async function findModal(): Promise<HTMLElement> {
  return waitFor(
    () => {
      const modal = document.querySelector<HTMLElement>('.ant-modal');
      if (!modal) throw new Error('no modal is open');
      return modal;
    },
    { timeout: 10_000 },
  );
}

/** The button whose text is `text`, inside `root`. */
export function buttonIn(root: HTMLElement, text: string): HTMLButtonElement {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!button) throw new Error(`no button “${text}”`);
  return button;
}
