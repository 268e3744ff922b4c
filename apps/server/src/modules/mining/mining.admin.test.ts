import {
  ERRORS,
  type MiningAdminMiner,
  type MiningMachineAdmin,
  type MiningPool,
  type MiningTotals,
} from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestServer } from '../../test/harness';
import { buy, fundUsdt, nextDay, startMiningServer } from './testing';

describe('mining in the console', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startMiningServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('creates a model, funds its pool, and shows machines and what is owed', async () => {
    let op = await loginOperator(server, 'admin');
    const created = await post<MiningMachineAdmin>(
      server,
      '/admin/api/mining/machines',
      {
        names: { en: 'Doge rig', zh_CN: '狗狗币矿机' },
        hashrate: '1 GH/s',
        priceAsset: 'USDT',
        price: '50',
        termDays: 10,
        outputAsset: 'DOGE',
        dailyOutput: '2',
        fuelAsset: 'USDT',
        dailyFuel: '0.1',
        perUserLimit: 2,
        stock: 10,
      },
      { token: op.token },
    );
    expect(created.body.data).toMatchObject({ name: 'Doge rig', onSale: false, holding: 0, reserved: '0' });
    const id = created.body.data.id;
    // Not on sale until the pool can reserve a whole term's output.
    const pool = await post<MiningPool>(
      server,
      '/admin/api/mining/pool',
      { asset: 'DOGE', amount: '100' },
      { token: op.token },
    );
    expect(pool.body.data.rows.find((r) => r.asset === 'DOGE')).toEqual({
      asset: 'DOGE',
      available: '100',
      reserved: '0',
    });

    const alice = await registerUser(server);
    await fundUsdt(server.ctx, alice.uid, '100');
    expect((await buy(server, alice, id, '1')).body.code).toBe(200);
    await nextDay(server);
    await nextDay(server);
    op = await loginOperator(server, 'admin'); // an operator's session does not last two days

    const miners = await get<{ list: MiningAdminMiner[]; total: number }>(
      server,
      `/admin/api/mining/miners?uid=${alice.uid}`,
      {
        token: op.token,
      },
    );
    expect(miners.body.data.list).toEqual([
      expect.objectContaining({ uid: alice.uid, machineId: id, status: 'running', produced: '2' }),
    ]);
    const totals = (await get<MiningTotals>(server, '/admin/api/mining/totals', { token: op.token })).body.data;
    expect(totals.miners).toEqual({ notStarted: 0, running: 1, ended: 0 });
    expect(totals.rows.find((r) => r.asset === 'DOGE')).toMatchObject({
      reserved: '18',
      uncollected: '2',
      produced: '2',
    });
    expect(totals.rows.find((r) => r.asset === 'USDT')).toMatchObject({ fuelTanks: '0.8', revenue: '50.2' });

    const paused = await post<MiningMachineAdmin>(
      server,
      `/admin/api/mining/machines/${id}`,
      { status: 'paused' },
      { token: op.token },
    );
    expect(paused.body.data).toMatchObject({ status: 'paused', holding: 1, reserved: '18' });
    expect((await buy(server, alice, id, '1')).body.code).toBe(ERRORS.MINING_MACHINE_UNAVAILABLE.code);
    const below = await post(server, `/admin/api/mining/machines/${id}`, { stock: 0 }, { token: op.token });
    expect(below.body.code).toBe(ERRORS.MINING_SETTINGS_INVALID.code);
  });

  it('keeps the console closed to a role without products.manage', async () => {
    const support = await loginOperator(server, 'support');
    const answer = await get(server, '/admin/api/mining/totals', { token: support.token });
    expect(answer.status).toBe(403);
  });
});
