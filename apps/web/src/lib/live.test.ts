import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveDeps, LiveClient, type SocketHandlers } from './live';

class FakeSocket {
  sent: Record<string, unknown>[] = [];
  closed = false;
  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {}
  send(text: string) {
    if (this.closed) throw new Error('send on a closed socket');
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
  }
  /** Server side */
  accept() {
    this.handlers.open();
  }
  drop() {
    this.closed = true;
    this.handlers.close();
  }
  push(frame: Record<string, unknown>) {
    this.handlers.message(JSON.stringify({ code: 200, ts: 1, ...frame }));
  }
  ops() {
    return this.sent.map((f) => f.op);
  }
}

function setup(auth: { uid: number; token: string } | null = { uid: 10000001, token: 'tok' }) {
  const sockets: FakeSocket[] = [];
  let currentAuth = auth;
  const deps = {
    createSocket: vi.fn((url: string, handlers: SocketHandlers) => {
      const socket = new FakeSocket(url, handlers);
      sockets.push(socket);
      return socket;
    }),
    url: () => 'ws://host/ws?lang=en',
    auth: () => currentAuth,
    sessionInvalid: vi.fn(),
    goToLogin: vi.fn(),
  } satisfies LiveDeps;
  const client = new LiveClient(deps);
  return {
    client,
    deps,
    sockets,
    last: () => sockets[sockets.length - 1] as FakeSocket,
    setAuth: (next: typeof auth) => (currentAuth = next),
  };
}

describe('live channel client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queues frames until the socket opens', () => {
    const { client, last } = setup(null);
    client.start();
    client.send({ op: 'ping' });
    expect(last().sent).toEqual([]);
    last().accept();
    expect(last().sent).toEqual([{ op: 'ping' }]);
  });

  it('on open: logs in, then re-subscribes everything, then flushes the queue', () => {
    const { client, last } = setup();
    client.subscribe('spot-depth', { symbol: 'BTC_USDT' }, () => undefined);
    client.subscribe('home', { lang: 'en' }, () => undefined);
    client.send({ op: 'ping' });
    last().accept();
    expect(last().sent).toEqual([
      { op: 'login', uid: 10000001, token: 'tok' },
      { op: 'sub', channel: 'spot-depth', symbol: 'BTC_USDT' },
      { op: 'sub', channel: 'home', lang: 'en' },
      { op: 'ping' },
    ]);
  });

  it('sends no login when logged out', () => {
    const { client, last } = setup(null);
    client.subscribe('home', { lang: 'en' }, () => undefined);
    last().accept();
    expect(last().ops()).toEqual(['sub']);
  });

  it('pings every 30 s while open', () => {
    const { client, last } = setup(null);
    client.start();
    last().accept();
    vi.advanceTimersByTime(29_999);
    expect(last().ops()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().ops()).toEqual(['ping']);
    vi.advanceTimersByTime(30_000);
    expect(last().ops()).toEqual(['ping', 'ping']);
  });

  it('when a ping finds the socket closed, reconnects after 2 s and re-subscribes', () => {
    const { client, sockets, last } = setup();
    client.subscribe('home', { lang: 'en' }, () => undefined);
    last().accept();
    last().drop();
    vi.advanceTimersByTime(30_000); // the ping finds it closed
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(last().sent).toEqual([
      { op: 'login', uid: 10000001, token: 'tok' },
      { op: 'sub', channel: 'home', lang: 'en' },
    ]);
  });

  it('retries a first connection that never opened', () => {
    const { client, sockets } = setup(null);
    client.start();
    vi.advanceTimersByTime(32_000);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.closed).toBe(true);
  });

  it('delivers frames to the listeners of the channel and topic', () => {
    const { client, last } = setup(null);
    const btc = vi.fn();
    const eth = vi.fn();
    client.subscribe('spot-ticker', { symbol: 'BTC_USDT' }, btc);
    client.subscribe('spot-ticker', { symbol: 'ETH_USDT' }, eth);
    last().accept();
    last().push({ channel: 'sub', data: { channel: 'spot-ticker', topic: 'BTC_USDT' } });
    last().push({ channel: 'sub', data: { channel: 'spot-ticker', topic: 'ETH_USDT' } });
    last().push({ channel: 'spot-ticker', topic: 'ETH_USDT', data: { last: '2000' } });
    expect(eth).toHaveBeenCalledWith({ last: '2000' }, expect.objectContaining({ topic: 'ETH_USDT' }));
    expect(btc).not.toHaveBeenCalled();
  });

  it('tells onReady at each acknowledgement of the subscription (the first, and after a reconnect), not on refusal', () => {
    const { client, last } = setup();
    const ready = vi.fn();
    const leave = client.subscribe('support', {}, () => undefined, ready);
    last().accept();
    expect(ready).not.toHaveBeenCalled();
    last().push({ channel: 'sub', data: { channel: 'support', topic: '10000001' } });
    expect(ready).toHaveBeenCalledTimes(1);
    last().drop();
    vi.advanceTimersByTime(32_000);
    last().accept();
    expect(ready).toHaveBeenCalledTimes(1);
    last().push({ channel: 'sub', data: { channel: 'support', topic: '10000001' } });
    expect(ready).toHaveBeenCalledTimes(2);
    // Refused (no login): not live, not told.
    last().drop();
    vi.advanceTimersByTime(32_000);
    last().accept();
    last().push({ channel: 'support', code: 401, msg: 'Please log in' });
    expect(ready).toHaveBeenCalledTimes(2);
    // Gone: not told any more.
    leave();
    const other = vi.fn();
    client.subscribe('support', {}, () => undefined, other);
    last().push({ channel: 'sub', data: { channel: 'support', topic: '10000001' } });
    expect(ready).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('shares one server subscription between listeners and unsubscribes with the last', () => {
    const { client, last } = setup(null);
    client.start();
    last().accept();
    const a = client.subscribe('home', { lang: 'en' }, () => undefined);
    const b = client.subscribe('home', { lang: 'en' }, () => undefined);
    expect(last().ops()).toEqual(['sub']);
    a();
    expect(last().ops()).toEqual(['sub']);
    b();
    expect(last().sent[1]).toEqual({ op: 'unsub', channel: 'home', lang: 'en' });
  });

  it('logs the open socket in and out when the stored login changes', () => {
    const { client, last, setAuth } = setup(null);
    client.start();
    last().accept();
    setAuth({ uid: 7, token: 't7' });
    client.authChanged();
    setAuth(null);
    client.authChanged();
    expect(last().sent).toEqual([{ op: 'login', uid: 7, token: 't7' }, { op: 'logout' }]);
  });

  it('code 400: shows the message, clears the login, stops the socket, goes to login after 1 s', () => {
    const { client, deps, sockets, last } = setup();
    client.subscribe('home', { lang: 'en' }, () => undefined);
    last().accept();
    last().push({ channel: 'login', code: 400, msg: 'Your session is no longer valid.' });
    expect(deps.sessionInvalid).toHaveBeenCalledWith('Your session is no longer valid.');
    expect(last().closed).toBe(true);
    expect(client.isRunning).toBe(false);
    vi.advanceTimersByTime(999);
    expect(deps.goToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.goToLogin).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1); // stopped: no reconnect, no ping
  });

  it('a new login wakes a stopped client', () => {
    const { client, sockets, setAuth, last } = setup();
    client.start();
    last().accept();
    last().push({ channel: 'login', code: 400, msg: 'bye' });
    setAuth(null);
    client.authChanged();
    expect(sockets).toHaveLength(1);
    setAuth({ uid: 1, token: 'new' });
    client.authChanged();
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(last().sent[0]).toEqual({ op: 'login', uid: 1, token: 'new' });
  });

  it('restart reconnects at once (language or line changed)', () => {
    const { client, sockets } = setup(null);
    client.start();
    sockets[0]?.accept();
    client.restart();
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets).toHaveLength(2);
  });
});
