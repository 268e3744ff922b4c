import net from 'node:net';
import { API_ROUTES, ERRORS, PUBLIC, type RouteDef, USER, route } from '@bourse/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerUser, startServer, type TestServer } from '../test/harness';
import type { Transactions } from '../lib/tx';
import { installEnvelope } from './envelope';
import { emptyAccessResolvers, installAccess, PLUGIN_ACCESS, serve } from './routes';
import { validatorCompiler } from 'fastify-type-provider-zod';

interface RawAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Sends a request target exactly as given (fetch would normalise it), over a fresh connection. */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      const status = Number(head[0]?.split(' ')[1]);
      const headerMap: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        headerMap[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let payload = text.slice(split + 4);
      if (headerMap['transfer-encoding'] === 'chunked') payload = unchunk(payload);
      let parsed: unknown = payload;
      try {
        parsed = JSON.parse(payload);
      } catch {
        // not JSON: the assertion on the envelope reports it
      }
      resolve({ status, body: parsed, headers: headerMap });
    });
  });
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** A concrete URL for a route: every path parameter filled with a plausible value. */
function concretePath(def: RouteDef): string {
  return def.path.replace(/:(\w+)/g, (_w, name: string) =>
    name === 'id' ? '1' : name === 'side' ? 'front' : name === 'symbol' ? 'BTC_USDT' : 'x',
  );
}

const hex = (c: string, lower = false) => {
  const h = c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
  return `%${lower ? h.toLowerCase() : h}`;
};

/** Spellings of one path that a string test on the URL could mistake for another (or for none). */
export function pathVariants(path: string, port: number): string[] {
  const segments = path.split('/').filter(Boolean);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const out = new Set<string>([path]);
  segments.forEach((segment, i) => {
    const first = segment[0] ?? 'a';
    out.add(join(segments.map((s, k) => (k === i ? hex(first) + s.slice(1) : s))));
    out.add(join(segments.map((s, k) => (k === i ? hex(first, true) + s.slice(1) : s))));
    out.add(join(segments.map((s, k) => (k === i ? `%25${hex(first).slice(1)}${s.slice(1)}` : s))));
    out.add(join(segments.map((s, k) => (k === i ? s.toUpperCase() : s))));
    if (i > 0) {
      out.add(`/${segments.slice(0, i).join('/')}//${segments.slice(i).join('/')}`);
      out.add(`/${segments.slice(0, i).join('/')}%2F${segments.slice(i).join('/')}`);
      out.add(`/${segments.slice(0, i).join('/')}%2f${segments.slice(i).join('/')}`);
      out.add(`/${segments.slice(0, i).join('/')}/./${segments.slice(i).join('/')}`);
      out.add(`/${segments.slice(0, i).join('/')}/x/../${segments.slice(i).join('/')}`);
      out.add(`/${segments.slice(0, i).join('/')}/%2e%2e/${segments.slice(i - 1).join('/')}`);
    }
  });
  out.add(`/${[...path.slice(1)].map((c) => (/[a-z]/i.test(c) ? hex(c) : c)).join('')}`);
  out.add(path.toUpperCase());
  out.add(`/${segments.join('%2F')}`);
  out.add(`//${path.slice(1)}`);
  out.add(`/.${path}`);
  out.add(`/x/..${path}`);
  out.add(`/%2e${path}`);
  out.add(`/mapi/..${path}`);
  out.add(`/api/..${path}`);
  out.add(`http://127.0.0.1:${port}${path}`);
  out.add(`HTTP://LOCALHOST:${port}${path}`);
  out.add(`http://evil.example${path}`);
  out.add(`https://127.0.0.1${path}`);
  for (const junk of ['/', '//', '?', '?a=1', ';', ';a=1', '%00', '%20', '.', '/.', '/..', '.json', '~', '%23x', '%3F'])
    out.add(`${path}${junk}`);
  out.add(path.replaceAll('/', '\\'));
  out.add(`${path.slice(0, -1)}${hex(path.slice(-1))}`);
  return [...out];
}

let server: TestServer;
let port: number;
let userToken: string;
/** Requests that reached a private route's handler stage: a preHandler runs after access, body and validation. */
const reached: string[] = [];

beforeAll(async () => {
  server = await startServer({}, (app) => {
    app.addHook('preHandler', (request, _reply, done) => {
      // The not-found handler and public routes (the web app's files answer any other path) run preHandlers too.
      const access = request.routeOptions.config.access;
      if (!request.is404 && access && access.kind !== 'public') reached.push(`${request.method} ${request.url}`);
      done();
    });
  });
  port = Number(new URL(server.url).port);
  userToken = (await registerUser(server)).token;
});
afterAll(async () => {
  await server.close();
});

describe('access is decided on the matched route', () => {
  it('refuses every spelling of every private route without its session: 401 or 404 in the envelope, no handler, no write', async () => {
    reached.length = 0;
    const privateRoutes = API_ROUTES.filter((r) => r.access.kind !== 'public');
    const changesBefore = server.ctx.tx.changes();
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const def of privateRoutes) {
      const tokens: Record<string, string>[] = [
        {},
        { authorization: 'garbage' },
        { authorization: `Bearer ${'x'.repeat(43)}` },
      ];
      // A user's token is no operator's token.
      if (def.access.kind === 'operator') tokens.push({ authorization: userToken });
      for (const target of pathVariants(concretePath(def), port)) {
        for (const headers of tokens) {
          const body = def.method === 'GET' ? '' : '{}';
          const answer = await rawRequest(
            port,
            def.method,
            target,
            {
              ...headers,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body,
          );
          sent++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const where = `${def.method} ${target} ${JSON.stringify(headers)}`;
          // 400 only where HTTP itself refuses the request line (a target that does not start with a slash).
          expect(target.startsWith('\\') ? [400] : [401, 404], where).toContain(answer.status);
          expect(answer.body, where).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null });
          const code = (answer.body as { code: number }).code;
          if (answer.status === 400) expect(code, where).toBe(ERRORS.INVALID_PARAMS.code);
          else expect([ERRORS.UNAUTHORIZED.code, ERRORS.ROUTE_NOT_FOUND.code], where).toContain(code);
        }
      }
    }
    expect(reached).toEqual([]);
    expect(server.ctx.tx.changes()).toBe(changesBefore);
    process.stdout.write(
      `path variants: ${privateRoutes.length} private routes, ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
    // A limit for hangs, not a speed test: tens of thousands of requests on a loaded 2-core machine take minutes.
  }, 600_000);

  it('answers the same variants of a public route without a 500', async () => {
    for (const def of API_ROUTES.filter((r) => r.access.kind === 'public' && r.method === 'GET')) {
      for (const target of pathVariants(concretePath(def), port)) {
        const answer = await rawRequest(port, 'GET', target);
        expect(answer.status, target).toBeLessThan(500);
      }
    }
  }, 120_000);

  it('does not start when a route declares no access', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    installEnvelope(app);
    installAccess(app, { tx: {} as Transactions, resolvers: emptyAccessResolvers() });
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no access/);
    // Declared routes and plugin scopes that declare their access start.
    serve(
      app,
      route({ method: 'GET', path: '/api/fine', access: PUBLIC, tags: [], summary: 'x', data: z.null() }),
      () => null,
    );
    serve(
      app,
      route({ method: 'GET', path: '/mapi/fine', access: USER, tags: [], summary: 'x', data: z.null() }),
      () => null,
    );
    await app.register(async (scope) => {
      scope[PLUGIN_ACCESS] = PUBLIC;
      scope.get('/static-like', async () => 'x');
    });
    await app.ready();
    expect((await app.inject({ url: '/mapi/fine' })).statusCode).toBe(401);
    await app.close();
  });

  it('has every route of the contract registered, once', () => {
    const seen = new Set<string>();
    for (const def of API_ROUTES) {
      const key = `${def.method} ${def.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(server.app.hasRoute({ method: def.method, url: def.path }), key).toBe(true);
    }
  });
});

describe('ids and malformed requests never reach a 500 and never leave the envelope', () => {
  it('takes ids as decimal digits only', async () => {
    for (const id of [
      '0x10',
      '1e3',
      '%201',
      '1%20',
      '1.0',
      '-1',
      '0',
      'true',
      '%5B1%5D',
      '%EF%BC%91',
      '99999999999999999999',
    ]) {
      const answer = await rawRequest(port, 'GET', `/mapi/wallet/withdrawal/${id}`, { authorization: userToken });
      expect(answer.status, id).toBeGreaterThanOrEqual(400);
      expect(answer.status, id).toBeLessThan(500);
      expect(answer.body, id).toMatchObject({ code: ERRORS.NOT_FOUND.code, data: null });
    }
    for (const id of [true, [1], '0x10', '1e3', ' 1', 1.5, -1, {}, null, '']) {
      const answer = await rawRequest(
        port,
        'POST',
        '/mapi/wallet/cancelWithdraw',
        { authorization: userToken, 'content-type': 'application/json' },
        JSON.stringify({ id }),
      );
      expect(answer.status, JSON.stringify(id)).toBe(ERRORS.NOT_FOUND.http);
      expect(answer.body, JSON.stringify(id)).toMatchObject({ code: ERRORS.NOT_FOUND.code, data: null });
    }
  });

  it('answers malformed URLs, bodies and content types with a 4xx in the envelope, in the caller’s language', async () => {
    // `anyLanguage`: the request line alone overflows the parser, which never reaches the `lang` header.
    const cases: {
      method: string;
      target: string;
      headers?: Record<string, string>;
      body?: string;
      anyLanguage?: boolean;
    }[] = [
      { method: 'GET', target: '/api/common/getArticle/%zz' },
      { method: 'GET', target: '/api/common/getArticle/%' },
      { method: 'GET', target: `/api/common/getArticle/${'a'.repeat(5000)}` },
      { method: 'GET', target: `/api/common/getDepth?symbol=${'A'.repeat(100_000)}`, anyLanguage: true },
      {
        method: 'POST',
        target: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        body: '{"account":',
      },
      { method: 'POST', target: '/api/user/login', headers: { 'content-type': 'application/xml' }, body: '<a/>' },
      { method: 'POST', target: '/api/user/login', headers: { 'content-type': 'text/plain' }, body: 'hello' },
      {
        method: 'POST',
        target: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(2 * 1024 * 1024),
      },
      { method: 'POST', target: '/api/user/login', headers: { 'content-type': 'application/json' }, body: '[]' },
      { method: 'POST', target: '/api/user/login', headers: { 'content-type': 'application/json' }, body: 'null' },
      {
        method: 'POST',
        target: '/mapi/user/avatar',
        headers: { authorization: userToken, 'content-type': 'multipart/form-data; boundary=XyZ' },
        body: '--XyZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      },
      {
        method: 'POST',
        target: '/mapi/user/avatar',
        headers: { authorization: userToken, 'content-type': 'multipart/form-data' },
        body: 'no boundary at all',
      },
      {
        method: 'POST',
        target: '/mapi/user/avatar',
        headers: { authorization: userToken, 'content-type': 'application/json' },
        body: '{}',
      },
    ];
    for (const c of cases) {
      for (const lang of ['en', 'hk']) {
        const answer = await rawRequest(port, c.method, c.target, { lang, ...c.headers }, c.body ?? '');
        const where = `${c.method} ${c.target.slice(0, 60)} ${c.headers?.['content-type'] ?? ''} ${lang}`;
        expect(answer.status, where).toBeGreaterThanOrEqual(400);
        expect(answer.status, where).toBeLessThan(500);
        expect(answer.body, where).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null });
        const msg = (answer.body as { msg: string }).msg;
        if (c.anyLanguage) continue;
        if (lang === 'hk') expect(msg, where).toMatch(/[\u4e00-\u9fff]/);
        else expect(msg, where).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});

describe('headers', () => {
  it('sends nosniff, a referrer policy and frame denial on every answer', async () => {
    for (const target of ['/api/common/ping', '/mapi/user/info', '/nothing-here', '/api/common/getArticle/%zz']) {
      const answer = await rawRequest(port, 'GET', target);
      expect(answer.headers['x-content-type-options'], target).toBe('nosniff');
      expect(answer.headers['referrer-policy'], target).toBe('no-referrer');
      expect(answer.headers['x-frame-options'], target).toBe('DENY');
    }
  });
});
