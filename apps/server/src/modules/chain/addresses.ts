import { createHash } from 'node:crypto';
import type { AddressFormat } from '@bourse/contract';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Address codecs of the networks we serve: base58check (Tron, Dogecoin, legacy Bitcoin/Litecoin, XRP with its own
 * alphabet), bech32/bech32m (SegWit Bitcoin and Litecoin), plain base58 (Solana) and hex (EVM). `isValidAddress`
 * checks the checksum where the format has one (for EVM the EIP-55 mixed-case checksum, when the address is written
 * in mixed case); `canonicalAddress` gives the form we store and compare (EVM and bech32 are case-insensitive, so they
 * are lower-cased).
 */

const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

export function base58Encode(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  let value = 0n;
  for (const b of bytes) value = value * 256n + BigInt(b);
  let out = '';
  while (value > 0n) {
    out = alphabet[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0] + out;
  }
  return out;
}

export function base58Decode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  if (text.length === 0) return null;
  let value = 0n;
  for (const ch of text) {
    const digit = alphabet.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value % 256n));
    value /= 256n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === alphabet[0]) zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

/** version byte(s) ‖ payload ‖ first 4 bytes of double SHA-256. */
export function base58CheckEncode(payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...checksum]), alphabet);
}

export function base58CheckDecode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  const raw = base58Decode(text, alphabet);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  for (let i = 0; i < 4; i++) if (raw[raw.length - 4 + i] !== checksum[i]) return null;
  return payload;
}

// ---- bech32 / bech32m (BIP 173, BIP 350) ----

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generators[i] as number;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return null;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) {
    return null;
  }
  return out;
}

/** A SegWit address: witness version 0 uses bech32, versions 1–16 bech32m. */
export function segwitEncode(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...(convertBits([...program], 8, 5, true) ?? [])];
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST;
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum: number[] = [];
  for (let i = 0; i < 6; i++) checksum.push((mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

export function segwitDecode(hrp: string, address: string): { version: number; program: Uint8Array } | null {
  if (address.length > 90) return null;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const text = address.toLowerCase();
  const sep = text.lastIndexOf('1');
  if (sep < 1 || sep + 7 > text.length || text.slice(0, sep) !== hrp) return null;
  const data: number[] = [];
  for (const c of text.slice(sep + 1)) {
    const d = BECH32_CHARSET.indexOf(c);
    if (d < 0) return null;
    data.push(d);
  }
  const version = data[0];
  if (version === undefined || version > 16) return null;
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST;
  if (polymod([...hrpExpand(hrp), ...data]) !== constant) return null;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program: Uint8Array.from(program) };
}

// ---- per format ----

const BASE58_VERSIONS: Partial<Record<AddressFormat, readonly number[]>> = {
  // P2PKH 1…, P2SH 3…
  bitcoin: [0x00, 0x05],
  // L…, M…, legacy 3…
  litecoin: [0x30, 0x32, 0x05],
  // D…, 9…/A…
  dogecoin: [0x1e, 0x16],
  // T…
  tron: [0x41],
  // r…
  xrp: [0x00],
};

const SEGWIT_HRP: Partial<Record<AddressFormat, string>> = { bitcoin: 'bc', litecoin: 'ltc' };

function validBase58Check(format: AddressFormat, address: string): boolean {
  const versions = BASE58_VERSIONS[format];
  if (!versions) return false;
  const payload = base58CheckDecode(address, format === 'xrp' ? RIPPLE_ALPHABET : BITCOIN_ALPHABET);
  return payload !== null && payload.length === 21 && versions.includes(payload[0] as number);
}

/**
 * An EVM address with its EIP-55 checksum: each hex letter upper-cased where the matching nibble of
 * keccak-256(lower-case hex, as ASCII) is 8 or more.
 */
export function evmChecksum(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 15;
    const char = hex[i] as string;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** All lower or all upper case carries no checksum; mixed case must be the EIP-55 checksum exactly. */
function validEvm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return evmChecksum(address) === address;
}

/** Whether `address` is a well-formed address of this format, checksum included. */
export function isValidAddress(format: AddressFormat, address: string): boolean {
  switch (format) {
    case 'evm':
      return validEvm(address);
    case 'solana': {
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
      return base58Decode(address)?.length === 32;
    }
    case 'bitcoin':
    case 'litecoin': {
      const hrp = SEGWIT_HRP[format] as string;
      if (address.toLowerCase().startsWith(`${hrp}1`)) return segwitDecode(hrp, address) !== null;
      return validBase58Check(format, address);
    }
    case 'tron':
    case 'dogecoin':
    case 'xrp':
      return validBase58Check(format, address);
  }
}

/** The stored and compared form: case-insensitive formats lower-cased. Assumes a valid address. */
export function canonicalAddress(format: AddressFormat, address: string): string {
  const trimmed = address.trim();
  if (format === 'evm') return trimmed.toLowerCase();
  if ((format === 'bitcoin' || format === 'litecoin') && /^(bc|ltc)1/i.test(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}

/**
 * Encodes 32 bytes of key material as an address of this format, the way a wallet derives one from a public key
 * hash: 20 bytes for the hash-based formats, all 32 for Solana.
 */
export function encodeAddress(format: AddressFormat, material: Uint8Array): string {
  const hash20 = material.subarray(0, 20);
  switch (format) {
    case 'evm':
      return `0x${Buffer.from(hash20).toString('hex')}`;
    case 'tron':
      return base58CheckEncode(Uint8Array.from([0x41, ...hash20]));
    case 'bitcoin':
      return segwitEncode('bc', 0, hash20);
    case 'litecoin':
      return segwitEncode('ltc', 0, hash20);
    case 'dogecoin':
      return base58CheckEncode(Uint8Array.from([0x1e, ...hash20]));
    case 'xrp':
      return base58CheckEncode(Uint8Array.from([0x00, ...hash20]), RIPPLE_ALPHABET);
    case 'solana':
      return base58Encode(material.subarray(0, 32));
  }
}
