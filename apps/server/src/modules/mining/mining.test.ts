import {
  ERRORS,
  type MinerDetail,
  type MiningCollectResult,
  type MiningMachine,
  type MiningSummary,
  type Miner,
  type WalletRecord,
} from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { DAY_MS, nextMidnight } from './service';
import {
  buy,
  downFor,
  expectMiningConsistent,
  fundUsdt,
  miningWallet,
  nextDay,
  rid,
  spot,
  startMiningServer,
  units,
} from './testing';

const TRIAL = 1; // 10 USDT, 7 days, 0.000016 BTC a day, 0.05 USDT of fuel a day, 3 per user

describe('mining machines', () => {
  let server: TestServer;
  let alice: TestUser;

  beforeEach(async () => {
    server = await startMiningServer();
    alice = await registerUser(server);
    await fundUsdt(server.ctx, alice.uid, '100');
  });
  afterEach(async () => {
    await server.close();
  });

  const miner = async (id: number) =>
    (await get<MinerDetail>(server, `/mapi/mining/miners/${id}`, { token: alice.token })).body.data;

  it('lists the demo models with their output and sells one for its price and first fuel', async () => {
    const machines = (await get<MiningMachine[]>(server, '/mapi/mining/machines', { lang: 'zh_CN' })).body.data;
    expect(machines.map((m) => m.name)).toEqual(['体验矿机', '蚂蚁矿机 S19 XP', '蚂蚁矿机 S21', '蚂蚁矿机 L7']);
    expect(machines[0]).toMatchObject({ price: '10', termDays: 7, dailyOutput: '0.000016', totalOutput: '0.000112' });
    expect(machines.every((m) => m.onSale)).toBe(true);

    const bought = await buy(server, alice, TRIAL, '0.1');
    expect(bought.body.code).toBe(200);
    const start = nextMidnight(server.clock.now());
    expect(bought.body.data).toMatchObject({
      status: 'not_started',
      startAt: start,
      endAt: start + 7 * DAY_MS,
      nextAt: start,
      fuel: '0.1',
      fuelDays: 2,
      fuelRoom: '0.25',
      uncollected: '0',
    });
    expect(spot(server.ctx, alice.uid, 'USDT')).toEqual({ available: units('89.9'), frozen: 0n });
    expect(miningWallet(server.ctx, alice.uid, 'USDT')).toEqual({ available: 0n, frozen: units('0.1') });
    expectMiningConsistent(server.ctx);
  });

  it('answers a replayed request id with the first machine and charges once', async () => {
    const requestId = rid();
    const first = await buy(server, alice, TRIAL, '0.35', requestId);
    const again = await buy(server, alice, TRIAL, '0.35', requestId);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(spot(server.ctx, alice.uid, 'USDT').available).toBe(units('89.65'));
  });

  it('refuses bad purchases with the catalogue message and changes nothing', async () => {
    const before = spot(server.ctx, alice.uid, 'USDT');
    const dry = await buy(server, alice, TRIAL, '0.01', rid(), 'zh_CN');
    expect(dry.body).toMatchObject({ code: ERRORS.MINER_FUEL_INSUFFICIENT.code, msg: '矿机燃料不足' });
    const tooMuch = await buy(server, alice, TRIAL, '1', rid(), 'en');
    expect(tooMuch.body).toMatchObject({
      code: ERRORS.MINING_FUEL_TOO_MUCH.code,
      msg: 'At most 0.35 USDT of fuel can be burnt before the term ends.',
    });
    const unknown = await buy(server, alice, 99, '1');
    expect(unknown.body.code).toBe(ERRORS.MINING_MACHINE_UNAVAILABLE.code);
    const bad = await buy(server, alice, TRIAL, '-1');
    expect(bad.body.code).toBe(ERRORS.AMOUNT_INVALID.code);
    for (let i = 0; i < 3; i++) expect((await buy(server, alice, TRIAL, '0.05')).body.code).toBe(200);
    const fourth = await buy(server, alice, TRIAL, '0.05', rid(), 'zh_HK');
    expect(fourth.body).toMatchObject({ code: ERRORS.MINER_PURCHASE_LIMIT.code, msg: '已達到該礦機的購買上限' });
    expect(spot(server.ctx, alice.uid, 'USDT').available).toBe(before.available - 3n * units('10.05'));
    const poor = await registerUser(server);
    const broke = await buy(server, poor, TRIAL, '0.05');
    expect(broke.body.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect((await get(server, '/mapi/mining/miners/999', { token: alice.token })).body.code).toBe(
      ERRORS.MINER_NOT_FOUND.code,
    );
    const bob = await registerUser(server);
    const other = await get(server, '/mapi/mining/miners/1', { token: bob.token });
    expect(other.body.code).toBe(ERRORS.MINER_NOT_FOUND.code);
    expectMiningConsistent(server.ctx);
  });

  it('starts at the next midnight, pays each fuelled day at its end, and collects to spot', async () => {
    const { id } = (await buy(server, alice, TRIAL, '0.35')).body.data;
    await nextDay(server);
    expect(await miner(id)).toMatchObject({ status: 'running', daysDone: 0, fuel: '0.3', uncollected: '0' });
    await nextDay(server);
    const one = await miner(id);
    expect(one).toMatchObject({ daysDone: 1, daysProduced: 1, produced: '0.000016', uncollected: '0.000016' });
    expect(one.days).toEqual([
      expect.objectContaining({ day: 1, outcome: 'produced', output: '0.000016', fuel: '0.05' }),
    ]);
    expect(miningWallet(server.ctx, alice.uid, 'BTC')).toEqual({ available: 0n, frozen: units('0.000016') });
    // The same day run again pays nothing more.
    await server.runDue();
    expect((await miner(id)).produced).toBe('0.000016');

    const summary = (await get<MiningSummary>(server, '/mapi/mining/summary', { token: alice.token })).body.data;
    expect(summary).toMatchObject({ running: 1, uncollected: [{ asset: 'BTC', amount: '0.000016' }] });
    const collected = await post<MiningCollectResult>(
      server,
      '/mapi/mining/collect',
      { requestId: rid() },
      { token: alice.token },
    );
    expect(collected.body.data).toEqual({ miners: 1, collected: [{ asset: 'BTC', amount: '0.000016' }] });
    expect(spot(server.ctx, alice.uid, 'BTC').available).toBe(units('0.000016'));
    const nothing = await post(server, '/mapi/mining/collect', { requestId: rid() }, { token: alice.token });
    expect(nothing.body.code).toBe(ERRORS.MINING_NOTHING_TO_COLLECT.code);

    const records = await get<{ list: WalletRecord[]; total: number }>(server, '/mapi/wallet/records?type=product', {
      token: alice.token,
      lang: 'en',
    });
    expect(records.body.data.list.map((r) => r.title)).toEqual(
      expect.arrayContaining(['Mining machine bought · Trial miner', 'Mining income · Trial miner']),
    );
    expectMiningConsistent(server.ctx);
  });

  it('catches up three days of downtime exactly once each', async () => {
    const { id } = (await buy(server, alice, TRIAL, '0.35')).body.data;
    await nextDay(server); // day 1 begins
    await downFor(server, 3); // the server was down across three midnights
    const after = await miner(id);
    expect(after).toMatchObject({ daysDone: 3, daysProduced: 3, produced: '0.000048', fuel: '0.15' });
    expect(after.days.map((d) => d.day)).toEqual([3, 2, 1]);
    await server.runDue();
    expect((await miner(id)).produced).toBe('0.000048');
    expectMiningConsistent(server.ctx);
  });

  it('produces nothing on a day without fuel, runs again once refuelled', async () => {
    const { id } = (await buy(server, alice, TRIAL, '0.05')).body.data;
    await nextDay(server); // day 1 burns the only fuel
    await nextDay(server); // day 1 paid; day 2 has no fuel
    expect(await miner(id)).toMatchObject({ fuelShort: true, fuel: '0', fuelDays: 0, daysProduced: 1 });
    const refuelled = await post<Miner>(
      server,
      '/mapi/mining/refuel',
      { minerId: id, amount: '0.1', requestId: rid() },
      { token: alice.token },
    );
    expect(refuelled.body.data).toMatchObject({ fuel: '0.1', fuelDays: 2 });
    await nextDay(server); // day 2 missed; day 3 burns
    await nextDay(server); // day 3 paid
    const detail = await miner(id);
    expect(detail).toMatchObject({ daysDone: 3, daysProduced: 2, daysMissed: 1, produced: '0.000032' });
    expect(detail.days.map((d) => d.outcome)).toEqual(['produced', 'no_fuel', 'produced']);
    expectMiningConsistent(server.ctx);
  });

  it('ends after its term: unused fuel back to spot, the missed output back to the pool, then collected', async () => {
    const { id } = (await buy(server, alice, TRIAL, '0.3')).body.data; // six days of fuel for seven
    const pool = () => server.ctx.mining.pool().rows.find((r) => r.asset === 'BTC');
    const before = pool();
    await nextDay(server);
    await downFor(server, 7);
    // A week later the test's login has expired: read and collect through the service.
    const ended = server.ctx.mining.miner(alice.uid, id, 'en');
    expect(ended).toMatchObject({ status: 'ended', daysDone: 7, daysProduced: 6, daysMissed: 1, nextAt: null });
    expect(ended.uncollected).toBe('0.000096');
    expect(ledgerFuel()).toBe(0n);
    // What the seventh day would have paid is free again for new machines.
    expect(pool()?.reserved).toBe('0');
    expect(units(pool()?.available ?? '0')).toBe(
      units(before?.available ?? '0') + units('0.000112') - units('0.000096'),
    );
    server.ctx.mining.collect(alice.uid, { minerId: id, requestId: rid() }, () => undefined);
    expect(server.ctx.mining.miner(alice.uid, id, 'en').status).toBe('collected');
    expect(spot(server.ctx, alice.uid, 'BTC').available).toBe(units('0.000096'));
    expectMiningConsistent(server.ctx);

    function ledgerFuel(): bigint {
      return miningWallet(server.ctx, alice.uid, 'USDT').frozen;
    }
  });
});
