import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The mystery box's provably fair draw (RULEBOOK "Rewards"): before a user buys, the server commits to a secret
 * server seed by publishing `sha256(serverSeed)`; each draw is `HMAC-SHA256(serverSeed, clientSeed:nonce)`, its first
 * 13 hex digits (52 bits) scaled onto a million (`roll`, 0–999,999) and mapped onto the prize table's odds in
 * millionths (cumulative, in table order). Rotating the pair reveals the seed, and anyone recomputes every draw it
 * decided — `scripts/verify-box.mjs` does it from the command line with the same arithmetic.
 */

export const ROLL_SPACE = 1_000_000;
const TWO_52 = 2n ** 52n;

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export function seedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export function drawHmac(serverSeed: string, clientSeed: string, nonce: number): string {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex');
}

/** The roll of a draw: floor(first 52 bits / 2^52 × 1,000,000), exact in integers. */
export function rollOf(hmac: string): number {
  const value = BigInt(`0x${hmac.slice(0, 13)}`);
  return Number((value * BigInt(ROLL_SPACE)) / TWO_52);
}

/**
 * The prize a roll lands on: the first whose cumulative odds (millionths, summing to 1,000,000) exceed it. Prizes with
 * zero odds are never drawn.
 */
export function prizeIndex(roll: number, oddsPpm: readonly number[]): number {
  let cumulative = 0;
  for (let i = 0; i < oddsPpm.length; i += 1) {
    cumulative += oddsPpm[i] ?? 0;
    if (roll < cumulative) return i;
  }
  throw new Error(`odds add up to ${cumulative}, not ${ROLL_SPACE}`);
}

export function draw(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  oddsPpm: readonly number[],
): { hmac: string; roll: number; index: number } {
  const hmac = drawHmac(serverSeed, clientSeed, nonce);
  const roll = rollOf(hmac);
  return { hmac, roll, index: prizeIndex(roll, oddsPpm) };
}
