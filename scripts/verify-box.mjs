#!/usr/bin/env node
// Recomputes a mystery-box draw from its revealed seeds, independently of the server (docs/rewards.md).
//
//   node scripts/verify-box.mjs <serverSeed> <clientSeed> <nonce> [odds% ...] [--hash <serverSeedHash>]
//
// Prints sha256(serverSeed) (compare it with the commitment shown before the purchase), the HMAC, the roll
// (0–999,999) and, given the box's published odds in table order, the prize index the roll lands on.
import { createHash, createHmac } from 'node:crypto';

const args = process.argv.slice(2);
const hashAt = args.indexOf('--hash');
const expectedHash = hashAt >= 0 ? args.splice(hashAt, 2)[1] : undefined;
const [serverSeed, clientSeed, nonceText, ...odds] = args;
if (!serverSeed || clientSeed === undefined || !/^\d+$/.test(nonceText ?? '')) {
  console.error('usage: node scripts/verify-box.mjs <serverSeed> <clientSeed> <nonce> [odds% ...] [--hash <hash>]');
  process.exit(2);
}
const nonce = Number(nonceText);
const hash = createHash('sha256').update(serverSeed).digest('hex');
const hmac = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex');
const roll = Number((BigInt(`0x${hmac.slice(0, 13)}`) * 1_000_000n) / 2n ** 52n);
const out = { serverSeedHash: hash, hmac, roll };
if (expectedHash !== undefined) out.commitmentMatches = expectedHash === hash;
if (odds.length > 0) {
  // Odds in percent with up to 4 decimals, as millionths.
  const ppm = odds.map((o) => {
    const [whole, frac = ''] = o.split('.');
    return Number(whole) * 10_000 + Number(frac.padEnd(4, '0').slice(0, 4));
  });
  const sum = ppm.reduce((a, b) => a + b, 0);
  if (sum !== 1_000_000) {
    console.error(`the odds add up to ${sum / 10_000}%, not 100%`);
    process.exit(2);
  }
  let cumulative = 0;
  out.prizeIndex = ppm.findIndex((p) => {
    cumulative += p;
    return roll < cumulative;
  });
}
console.log(JSON.stringify(out, null, 2));
if (out.commitmentMatches === false) process.exit(1);
