import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Depth, formatDecimal, type SpotOrder } from '@bourse/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { TestContext } from '../../test/harness';
import { loadConfig } from '../../config';
import { findRepoRoot } from '../../lib/paths';
import { type PreparedTrader, prepareTraders, quietEnv, ServerProcess } from './fixture';
import { expectConsistent } from './testing';

/**
 * An acknowledged order survives `kill -9` of the server: the built server runs as a child process, takes orders
 * from concurrent clients, is killed mid-stream, and restarts on the same data directory.
 */

let dataDir: string;
let env: Record<string, string>;
let traders: PreparedTrader[];

beforeAll(async () => {
  const build = spawnSync(process.execPath, [path.join(findRepoRoot(), 'apps/server/build.mjs')], {
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-kill-'));
  env = quietEnv(dataDir);
  traders = await prepareTraders(env, 6, { USDT: '1000000', BTC: '20', ETH: '10' });
}, 120_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(
  server: ServerProcess,
  token: string,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

const btc = (side: 'buy' | 'sell', price: string, quantity: string) => ({
  symbol: 'BTC_USDT',
  side,
  type: 'limit',
  price,
  quantity,
});

interface Ack {
  token: string;
  order: SpotOrder;
}

describe('durability', () => {
  it('keeps every acknowledged order, balance and book across kill -9, time priority included', async () => {
    const first = await ServerProcess.start(env);
    const [t0, t1, t2] = traders as [PreparedTrader, PreparedTrader, PreparedTrader];
    // Two resting asks at one price (in a market the load below leaves alone), t0's first: after the restart t0's
    // must still fill first.
    const eth = { ...btc('sell', '4000', '0.01'), symbol: 'ETH_USDT' };
    const early = await call<SpotOrder>(first, t0.token, 'POST', '/mapi/spot/neworder', eth);
    const late = await call<SpotOrder>(first, t1.token, 'POST', '/mapi/spot/neworder', eth);
    expect([early.code, late.code]).toEqual([200, 200]);

    const acks: Ack[] = [];
    let crashing = false;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const client = async (trader: PreparedTrader) => {
      while (!crashing) {
        const side = random() < 0.5 ? 'buy' : 'sell';
        // Mostly resting around 60,000, a quarter crossing the other side.
        const price = String(60000 + (Math.floor(random() * 40) - 10) * (side === 'buy' ? -1 : 1));
        const quantity = (0.001 + Math.floor(random() * 20) / 1000).toFixed(3);
        try {
          const answer = await call<SpotOrder>(
            first,
            trader.token,
            'POST',
            '/mapi/spot/neworder',
            btc(side, price, quantity),
          );
          if (answer.code === 200) acks.push({ token: trader.token, order: answer.data });
        } catch {
          return; // the server is gone
        }
        if (acks.length >= 400 && !crashing) {
          crashing = true;
          await first.crash();
        }
      }
    };
    await Promise.all(traders.map((t) => client(t)));
    expect(acks.length).toBeGreaterThanOrEqual(400);
    expect(acks.some((a) => a.order.status === 'filled')).toBe(true);
    expect(acks.some((a) => a.order.status === 'open')).toBe(true);

    const second = await ServerProcess.start(env);
    try {
      for (const ack of acks) {
        const now = await call<{ order: SpotOrder }>(second, ack.token, 'GET', `/mapi/spot/getDetail/${ack.order.id}`);
        expect(now.code, `order ${ack.order.id}`).toBe(200);
        const was = ack.order;
        if (was.status === 'open' || was.status === 'partial') {
          expect(Number(now.data.order.filledQuantity)).toBeGreaterThanOrEqual(Number(was.filledQuantity));
        } else {
          expect(now.data.order).toMatchObject({ status: was.status, filledQuantity: was.filledQuantity });
        }
      }
      const depth = await call<Depth>(second, t2.token, 'GET', '/api/common/getDepth?symbol=BTC_USDT&limit=200');
      const taker = await call<SpotOrder>(second, t2.token, 'POST', '/mapi/spot/neworder', { ...eth, side: 'buy' });
      expect(taker.data.filledQuantity).toBe('0.01');
      const e = await call<{ order: SpotOrder }>(second, t0.token, 'GET', `/mapi/spot/getDetail/${early.data.id}`);
      const l = await call<{ order: SpotOrder }>(second, t1.token, 'GET', `/mapi/spot/getDetail/${late.data.id}`);
      expect(e.data.order.status).toBe('filled');
      expect(l.data.order.status).toBe('open');
      await second.stop();

      // The restarted book was the open orders of the database, level by level.
      const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
      const built = await buildApp(config, { logger: pino({ level: 'silent' }) });
      const { app } = built;
      const ctx: TestContext = { ...built.services, ...built.platform, db: built.db };
      try {
        expectConsistent(ctx);
        expect(ctx.spot.reserveProblems()).toEqual([]);
        // Orders written after the last fill of the owner table before the crash got their rows at the restart, and
        // every finished order is in its owner's history.
        const owners = ctx.db
          .prepare(
            `SELECT (SELECT COUNT(*) FROM spot_orders) AS orders, (SELECT COUNT(*) FROM spot_order_owners) AS rows,
               (SELECT MAX(id) FROM spot_orders) AS last, (SELECT upto FROM spot_order_owners_upto) AS upto`,
          )
          .get() as { orders: number; rows: number; last: number; upto: number };
        expect(owners.rows).toBe(owners.orders);
        expect(owners.upto).toBe(owners.last);
        for (const t of traders) {
          const finished = ctx.db
            .prepare(
              "SELECT id FROM spot_orders WHERE owner = ? AND status IN ('filled', 'cancelled', 'expired') ORDER BY id DESC",
            )
            .all(t.uid)
            .map((r) => (r as { id: number }).id);
          const listed: number[] = [];
          for (let page = 1; listed.length < finished.length; page++) {
            const p = ctx.spot.orderHistory(t.uid, { page, size: 100 });
            if (p.list.length === 0) break;
            for (const o of p.list) listed.push(o.id);
          }
          expect(listed).toEqual(finished);
        }
        const levels = ctx.db
          .prepare<[], { side: string; price: number; qty: number }>(
            `SELECT side, price, SUM(quantity - filled_qty) AS qty FROM spot_orders
             WHERE market_id = (SELECT id FROM spot_markets WHERE symbol = 'BTC_USDT') AND status IN ('open', 'partial')
             GROUP BY side, price`,
          )
          .all();
        const fmt = (units: number, precision: number) => formatDecimal(BigInt(units), precision);
        const expected = (side: string, dir: number) =>
          levels
            .filter((r) => r.side === side)
            .sort((a, b) => dir * (a.price - b.price))
            .map((r) => [fmt(r.price, 2), fmt(r.qty, 5)]);
        expect(depth.data.bids).toEqual(expected('buy', -1));
        expect(depth.data.asks).toEqual(expected('sell', 1));
        expect(levels.length).toBeGreaterThan(10);
      } finally {
        await app.close();
      }
    } finally {
      if (second.child.exitCode === null) await second.stop();
    }
  }, 180_000);
});
