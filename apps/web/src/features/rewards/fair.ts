/**
 * The verify view's arithmetic, in the browser (Web Crypto), the same as the server's and scripts/verify-box.mjs:
 * roll = floor(first 52 bits of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`) / 2^52 × 1,000,000).
 */
const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export async function hmacHex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

export function rollOf(hmac: string): number {
  return Number((BigInt(`0x${hmac.slice(0, 13)}`) * 1_000_000n) / 2n ** 52n);
}

/** Odds as percentages (at most 4 decimals) → millionths. */
export function oddsPpm(odds: string): number {
  const [whole = '0', frac = ''] = odds.split('.');
  return Number(whole) * 10_000 + Number(frac.padEnd(4, '0').slice(0, 4));
}

export function prizeIndex(roll: number, odds: readonly string[]): number {
  let cumulative = 0;
  return odds.findIndex((o) => {
    cumulative += oddsPpm(o);
    return roll < cumulative;
  });
}

export async function verifyDraw(input: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  roll: number;
}): Promise<{ hashOk: boolean; roll: number; rollOk: boolean }> {
  const hashOk = (await sha256Hex(input.serverSeed)) === input.serverSeedHash;
  const roll = rollOf(await hmacHex(input.serverSeed, `${input.clientSeed}:${input.nonce}`));
  return { hashOk, roll, rollOk: roll === input.roll };
}

/** A UTC day's date (check-in days are UTC days), yyyy-mm-dd. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
