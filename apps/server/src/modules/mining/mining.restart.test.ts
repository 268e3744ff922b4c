import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/harness';
import { DAY_MS } from './service';
import { buy, expectMiningConsistent, fundUsdt, nextDay, spot, startMiningServer, units } from './testing';

const TRIAL = 1; // 10 USDT, 7 days, 0.000016 BTC a day, 0.05 USDT of fuel a day

describe('mining across a restart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-mining-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pays each day missed while stopped once and ends a machine whose term ran out meanwhile', async () => {
    const first = await startMiningServer({ dataDir });
    const alice = await registerUser({ ...first, dataDir });
    await fundUsdt(first.ctx, alice.uid, '100');
    const { id } = (await buy(first, alice, TRIAL, '0.35')).body.data;
    await nextDay(first); // day 1 begins (its fuel burns)
    const ahead = first.clock.now() - Date.now();
    await first.close();

    // Eight days later, on the same data: days 1–7 are paid once each and the machine has ended.
    const second = await startMiningServer({ dataDir, aheadMs: ahead + 8 * DAY_MS });
    try {
      await second.runDue();
      const ended = second.ctx.mining.miner(alice.uid, id, 'en');
      expect(ended).toMatchObject({ status: 'ended', daysDone: 7, daysProduced: 7, daysMissed: 0 });
      expect(ended.produced).toBe('0.000112');
      expect(ended.days.map((d) => d.day)).toEqual([7, 6, 5, 4, 3, 2, 1]);
      await second.runDue();
      expect(second.ctx.mining.miner(alice.uid, id, 'en').produced).toBe('0.000112');
      // Bought for 10 with 0.35 of fuel, all burnt.
      expect(spot(second.ctx, alice.uid, 'USDT').available).toBe(units('89.65'));
      expectMiningConsistent(second.ctx);
    } finally {
      await second.close();
    }
  });
});
