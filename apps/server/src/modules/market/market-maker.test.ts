import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import { type BotAccounts, DEFAULT_MAKER_OPTIONS, MAKER_OWNER, MarketMakers, TAKER_OWNER } from './market-maker';
import type { BotOrder, BotOrderInput, SpotDesk } from './ports';
import { PriceSimulator } from './simulator';
import { BTC, FakeFeed, ManualClock } from './test-support';

/** A desk that keeps resting orders in memory, or refuses everything. */
class FakeDesk implements SpotDesk {
  readonly placed: (BotOrderInput & { owner: string })[] = [];
  readonly cancelled: number[] = [];
  private resting = new Map<number, BotOrder & { owner: string }>();
  private nextId = 1;
  refuse = false;

  async place(owner: string, input: BotOrderInput): Promise<void> {
    if (this.refuse) throw new DomainError('INSUFFICIENT_BALANCE');
    this.placed.push({ owner, ...input });
    const id = this.nextId++;
    if (input.timeInForce !== 'IOC' && input.price !== undefined) {
      this.resting.set(id, { id, owner, side: input.side, price: input.price, remaining: input.quantity });
    }
  }

  async cancel(_owner: string, orderId: number): Promise<void> {
    if (this.refuse) throw new DomainError('ORDER_NOT_FOUND');
    this.cancelled.push(orderId);
    this.resting.delete(orderId);
  }

  async cancelAll(): Promise<void> {
    this.resting.clear();
  }

  openOrders(owner: string): BotOrder[] {
    return [...this.resting.values()].filter((o) => o.owner === owner);
  }
}

function setup() {
  const clock = new ManualClock(Date.UTC(2025, 5, 1));
  const feed = new FakeFeed([BTC]);
  const desk = new FakeDesk();
  const prices = new PriceSimulator({ seed: 'mm', clock });
  prices.track(['BTC_USDT']);
  const held = new Map<string, bigint>();
  const funded: { owner: string; asset: string; amount: bigint }[] = [];
  const accounts: BotAccounts = {
    balance: (owner, asset) => ({ available: held.get(`${owner}:${asset}`) ?? 0n, frozen: 0n }),
    assetScale: () => 8,
    fund: async (requests) => {
      for (const r of requests) {
        funded.push(r);
        held.set(`${r.owner}:${r.asset}`, (held.get(`${r.owner}:${r.asset}`) ?? 0n) + r.amount);
      }
    },
  };
  const makers = new MarketMakers(
    { spot: feed, desk, prices, accounts, log: pino({ level: 'silent' }), now: () => clock.now() },
    { ...DEFAULT_MAKER_OPTIONS, seed: 'mm', takesPerMinute: 0 },
  );
  return { clock, feed, desk, prices, held, funded, makers };
}

describe('market makers', () => {
  it('are funded to their targets through the funding path before they quote', async () => {
    const { makers, funded } = setup();
    await makers.start(60_000);
    makers.stop();
    const owners = new Set(funded.map((f) => `${f.owner}:${f.asset}`));
    expect(owners).toEqual(
      new Set([`${MAKER_OWNER}:BTC`, `${MAKER_OWNER}:USDT`, `${TAKER_OWNER}:BTC`, `${TAKER_OWNER}:USDT`]),
    );
    // 80 typical orders of 4,000 USDT for the maker; at 96,000 that is 3.33 BTC.
    const usdt = funded.find((f) => f.owner === MAKER_OWNER && f.asset === 'USDT')?.amount ?? 0n;
    expect(usdt).toBe(320_000n * 10n ** 8n);
    const btc = funded.find((f) => f.owner === MAKER_OWNER && f.asset === 'BTC')?.amount ?? 0n;
    expect(btc).toBeGreaterThan(333_000_000n);
    expect(btc).toBeLessThan(334_000_000n);
  });

  it('quote layered post-only bids and asks around the index and keep them while it stands still', async () => {
    const { makers, desk, prices } = setup();
    await makers.start(60_000);
    await makers.cycle();
    const index = Number(prices.price('BTC_USDT')?.price) / 1e6; // in price units (2 decimals)
    const bids = desk.placed.filter((o) => o.side === 'buy').map((o) => o.price ?? 0);
    const asks = desk.placed.filter((o) => o.side === 'sell').map((o) => o.price ?? 0);
    expect(bids).toHaveLength(8);
    expect(asks).toHaveLength(8);
    expect(Math.max(...bids)).toBeLessThan(index);
    expect(Math.min(...asks)).toBeGreaterThan(index);
    // Within about 0.3% of the index, best first, every order post-only, a whole number of steps.
    expect(Math.min(...bids)).toBeGreaterThan(index * 0.997);
    expect(Math.max(...asks)).toBeLessThan(index * 1.003);
    expect(desk.placed.every((o) => o.postOnly === true && o.owner === MAKER_OWNER && o.quantity > 0)).toBe(true);

    const before = desk.placed.length;
    await makers.cycle();
    expect(desk.placed.length).toBe(before);
    expect(desk.cancelled).toEqual([]);
    makers.stop();
  });

  it('take quotes the index left behind, then requote around the new index', async () => {
    const { makers, desk, prices, clock, feed } = setup();
    await makers.start(60_000);
    await makers.cycle();
    const bestAsk = Math.min(
      ...desk
        .openOrders(MAKER_OWNER)
        .filter((o) => o.side === 'sell')
        .map((o) => o.price),
    );
    feed.top = { bid: null, ask: (bestAsk / 100).toFixed(2) };
    // The index jumps far above the quotes.
    for (
      let i = 0;
      i < 200 && (prices.price('BTC_USDT')?.price ?? 0n) < (BigInt(bestAsk) * 10n ** 6n * 101n) / 100n;
      i++
    ) {
      clock.t += 3_600_000;
      prices.advanceTo(clock.t);
    }
    const index = Number(prices.price('BTC_USDT')?.price) / 1e6;
    expect(index).toBeGreaterThan(bestAsk);
    const placedBefore = desk.placed.length;
    await makers.cycle();
    const round = desk.placed.slice(placedBefore);
    expect(round[0]).toMatchObject({ owner: TAKER_OWNER, side: 'buy', timeInForce: 'IOC' });
    expect(round[0]?.price).toBeLessThanOrEqual(index);
    expect(desk.cancelled.length).toBeGreaterThan(0);
    const bids = desk.openOrders(MAKER_OWNER).filter((o) => o.side === 'buy');
    expect(Math.max(...bids.map((o) => o.price))).toBeGreaterThan(bestAsk);
    makers.stop();
  });

  it('quote only what they hold', async () => {
    const { makers, desk, held } = setup();
    await makers.start(60_000);
    held.set(`${MAKER_OWNER}:USDT`, 0n);
    await makers.cycle();
    expect(desk.placed.filter((o) => o.side === 'buy')).toEqual([]);
    expect(desk.placed.filter((o) => o.side === 'sell')).toHaveLength(8);
    // With part of the money back, the best bids come first.
    held.set(`${MAKER_OWNER}:USDT`, 20_000n * 10n ** 8n);
    await makers.cycle();
    const bids = desk.placed.filter((o) => o.side === 'buy');
    expect(bids.length).toBeGreaterThan(0);
    expect(bids.length).toBeLessThan(8);
    const spent = bids.reduce((sum, o) => sum + ((o.price ?? 0) / 100) * (o.quantity / 1000), 0);
    expect(spent).toBeLessThanOrEqual(20_000);
    expect(makers.stats.refused).toBe(0);
    makers.stop();
  });

  it('never throw on refused orders and never sell what they do not hold', async () => {
    const { makers, desk, held, prices } = setup();
    await makers.start(60_000);
    held.set(`${TAKER_OWNER}:BTC`, 0n);
    desk.refuse = true;
    await expect(makers.cycle()).resolves.toBeUndefined();
    expect(makers.stats.refused).toBeGreaterThan(0);
    desk.refuse = false;
    const many = new MarketMakers(
      {
        spot: new FakeFeed([BTC]),
        desk,
        prices,
        accounts: {
          balance: (owner, asset) => ({
            available: owner === TAKER_OWNER && asset === 'BTC' ? 0n : 10n ** 14n,
            frozen: 0n,
          }),
          assetScale: () => 8,
          fund: async () => undefined,
        },
        log: pino({ level: 'silent' }),
        now: () => 0,
      },
      { ...DEFAULT_MAKER_OPTIONS, seed: 'sellers', takesPerMinute: 6000 },
    );
    await many.start(60_000);
    for (let i = 0; i < 20; i++) await many.cycle();
    many.stop();
    const takerSells = desk.placed.filter((o) => o.owner === TAKER_OWNER && o.side === 'sell');
    const takerBuys = desk.placed.filter((o) => o.owner === TAKER_OWNER && o.side === 'buy');
    expect(takerSells).toEqual([]);
    expect(takerBuys.length).toBeGreaterThan(0);
    makers.stop();
  });
});
