import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { draw, newServerSeed, prizeIndex, ROLL_SPACE, rollOf, seedHash } from './fairness';
import { DEMO_BOXES } from './demo';

const ODDS = DEMO_BOXES[0]?.prizes.map((p) => Math.round(Number(p.odds) * 10_000)) ?? [];

describe('provably fair draws', () => {
  it('the demo starter box’s odds are whole millionths adding up to a million', () => {
    expect(ODDS).toEqual([400_000, 350_000, 150_000, 80_000, 20_000]);
    expect(ODDS.reduce((a, b) => a + b, 0)).toBe(ROLL_SPACE);
  });

  it('maps rolls onto cumulative odds at the exact edges, never drawing a prize with zero odds', () => {
    expect(prizeIndex(0, ODDS)).toBe(0);
    expect(prizeIndex(399_999, ODDS)).toBe(0);
    expect(prizeIndex(400_000, ODDS)).toBe(1);
    expect(prizeIndex(749_999, ODDS)).toBe(1);
    expect(prizeIndex(750_000, ODDS)).toBe(2);
    expect(prizeIndex(999_999, ODDS)).toBe(4);
    expect(prizeIndex(500_000, [0, 1_000_000, 0])).toBe(1);
    expect(rollOf('0000000000000')).toBe(0);
    expect(rollOf('fffffffffffff')).toBe(999_999);
    expect(rollOf('8000000000000')).toBe(500_000);
  });

  it('100,000 draws: frequencies match the published odds (chi-square) and every draw recomputes from the revealed seed', () => {
    // A fixed seed keeps the test deterministic (a fresh one is just as good: see the HTTP test).
    const serverSeed = createHash('sha256').update('bourse fairness test').digest('hex');
    expect(newServerSeed()).toMatch(/^[0-9a-f]{64}$/);
    const commitment = seedHash(serverSeed);
    const clientSeed = 'bourse-test';
    const counts = new Array<number>(ODDS.length).fill(0);
    const N = 100_000;
    for (let nonce = 0; nonce < N; nonce += 1) {
      const result = draw(serverSeed, clientSeed, nonce, ODDS);
      counts[result.index] = (counts[result.index] ?? 0) + 1;
      // Recompute independently, as a verifier would: HMAC, first 13 hex digits, scaled onto a million.
      if (nonce % 97 === 0) {
        const hmac = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex');
        expect(hmac).toBe(result.hmac);
        const roll = Math.floor((parseInt(hmac.slice(0, 13), 16) / 2 ** 52) * 1_000_000);
        expect(roll).toBe(result.roll);
      }
    }
    // The commitment published before the draws is the hash of the seed revealed after them.
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(commitment);
    const chi = counts.reduce((sum, observed, i) => {
      const expected = (N * (ODDS[i] ?? 0)) / ROLL_SPACE;
      return sum + (observed - expected) ** 2 / expected;
    }, 0);
    // 4 degrees of freedom: P(chi² > 18.47) = 0.001.
    expect(chi).toBeLessThan(18.47);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(N);
  });
});
