import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../account';
import { seed } from '../../test/harness';
import { startServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ DEMO_DATA: 'true' });
  await seed(server);
});
afterAll(async () => {
  await server.close();
});

describe('demo data', () => {
  it('funds the demo account through the simulated chain, once, and the ledger reconciles', async () => {
    const demo = server.ctx.account.findByAccount(DEMO_ACCOUNT.account);
    expect(demo).toBeDefined();
    const uid = demo?.uid ?? 0;
    const { ledger, wallet } = server.ctx;
    const deposits = wallet.deposits(uid, { page: 1, size: 10 });
    expect(deposits.list.map((d) => `${d.amount} ${d.asset} ${d.status}`).sort()).toEqual([
      '0.5 BTC done',
      '10000 USDT done',
      '5 ETH done',
    ]);
    expect(ledger.userHasReason(uid, 'wallet.deposit')).toBe(true);

    await seed(server);
    expect(wallet.deposits(uid, { page: 1, size: 10 }).total).toBe(3);
    const report = ledger.reconcile();
    expect(report.problems).toEqual([]);
    expect(report.assets.find((a) => a.asset === 'USDT')?.deposited).toBe('10000');
  });
});
