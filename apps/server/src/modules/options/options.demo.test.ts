import { afterEach, describe, expect, it } from 'vitest';
import { seed, startServer, type TestServer } from '../../test/harness';
import { DEMO_ACCOUNT } from '../account';
import { user } from '../ledger';
import { DEMO_OPTION_PAIRS, DEMO_OPTIONS_FUNDS } from './demo';
import { usdt } from './testing';

describe('options demo data', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('offers the demo pairs and periods and funds the demo account’s options wallet once, from its spot USDT', async () => {
    server = await startServer({ DEMO_DATA: 'true' });
    await seed(server);
    const { ctx } = server;
    const demo = ctx.account.findByAccount(DEMO_ACCOUNT.account);
    expect(demo).toBeTruthy();
    const uid = demo?.uid ?? 0;
    expect(ctx.options.config().pairs.map((p) => p.symbol)).toEqual([...DEMO_OPTION_PAIRS]);
    expect(ctx.options.config().periods.map((p) => [p.period, p.payoutRatio])).toEqual([
      [30, '0.8'],
      [60, '0.85'],
      [180, '0.85'],
      [300, '0.9'],
    ]);
    const options = ctx.ledger.balance(user(uid, 'options', 'USDT'));
    expect(options).toEqual({ available: usdt(DEMO_OPTIONS_FUNDS.amount), frozen: 0n });
    const spotBefore = ctx.ledger.balance(user(uid, 'spot', 'USDT')).available;
    // A second start seeds again: nothing moves twice.
    await seed(server);
    expect(ctx.ledger.balance(user(uid, 'options', 'USDT'))).toEqual(options);
    expect(ctx.ledger.balance(user(uid, 'spot', 'USDT')).available).toBe(spotBefore);
    expect(ctx.ledger.reconcile().ok).toBe(true);
  }, 60_000);
});
