import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oddsPpm, prizeIndex, rollOf, verifyDraw } from './fair';

describe('the verify view', () => {
  it('recomputes a draw exactly as the server does', async () => {
    const serverSeed = 'f'.repeat(64);
    const hash = createHash('sha256').update(serverSeed).digest('hex');
    const hmac = createHmac('sha256', serverSeed).update('client:7').digest('hex');
    const roll = Number((BigInt(`0x${hmac.slice(0, 13)}`) * 1_000_000n) / 2n ** 52n);
    expect(rollOf(hmac)).toBe(roll);
    await expect(
      verifyDraw({ serverSeed, serverSeedHash: hash, clientSeed: 'client', nonce: 7, roll }),
    ).resolves.toEqual({ hashOk: true, roll, rollOk: true });
    const wrong = await verifyDraw({
      serverSeed,
      serverSeedHash: hash.replace(/^./, '0'),
      clientSeed: 'x',
      nonce: 7,
      roll,
    });
    expect(wrong.hashOk).toBe(false);
  });

  it('maps rolls onto the published odds', () => {
    expect(oddsPpm('12.5')).toBe(125_000);
    expect(oddsPpm('0.0001')).toBe(1);
    expect(prizeIndex(0, ['40', '35', '15', '8', '2'])).toBe(0);
    expect(prizeIndex(400_000, ['40', '35', '15', '8', '2'])).toBe(1);
    expect(prizeIndex(999_999, ['40', '35', '15', '8', '2'])).toBe(4);
  });
});
