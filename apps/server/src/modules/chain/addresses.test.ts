import { createHash } from 'node:crypto';
import { ADDRESS_FORMATS } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, encodeAddress, evmChecksum, isValidAddress, segwitDecode } from './addresses';
import { addressExample, NETWORKS } from './networks';

describe('address formats', () => {
  it('accepts well-known real addresses of every format', () => {
    // BIP 173 vectors, the genesis coinbase address, Tron's USDT contract, the XRP genesis account, Solana programs.
    expect(isValidAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidAddress('bitcoin', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true);
    expect(isValidAddress('bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    expect(isValidAddress('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(true);
    expect(isValidAddress('solana', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true);
    expect(isValidAddress('solana', '11111111111111111111111111111111')).toBe(true);
    expect(isValidAddress('evm', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
  });

  it('refuses broken checksums, wrong networks and wrong shapes', () => {
    expect(isValidAddress('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    // Mixed case is not bech32.
    expect(isValidAddress('bitcoin', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    // A v1 program with the v0 checksum (BIP 350).
    expect(
      isValidAddress('bitcoin', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'),
    ).toBe(false);
    expect(isValidAddress('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isValidAddress('litecoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi')).toBe(false);
    expect(isValidAddress('evm', '0xdAC17F958D2ee523a2206206994597C13D831ec')).toBe(false);
    expect(isValidAddress('evm', 'dAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isValidAddress('solana', '0OIl')).toBe(false);
    expect(isValidAddress('dogecoin', '')).toBe(false);
  });

  it('checks the EIP-55 checksum of a mixed-case EVM address (the vectors of EIP-55); one case carries none', () => {
    const vectors = [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ];
    for (const address of vectors) {
      expect(isValidAddress('evm', address)).toBe(true);
      expect(isValidAddress('evm', address.toLowerCase())).toBe(true);
      expect(isValidAddress('evm', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
    for (const address of vectors.slice(4)) expect(evmChecksum(address.toLowerCase())).toBe(address);
    // One letter's case flipped: a typo the checksum catches.
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('evm', '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(false);
  });

  it('derives addresses that look real and validate, for every format', () => {
    const material = createHash('sha256').update('test').digest();
    const shapes: Record<(typeof ADDRESS_FORMATS)[number], RegExp> = {
      evm: /^0x[0-9a-f]{40}$/,
      tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
      bitcoin: /^bc1q[02-9ac-hj-np-z]{38}$/,
      litecoin: /^ltc1q[02-9ac-hj-np-z]{38}$/,
      dogecoin: /^D[1-9A-HJ-NP-Za-km-z]{33}$/,
      solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
      xrp: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    };
    for (const format of ADDRESS_FORMATS) {
      const address = encodeAddress(format, material);
      expect(address, format).toMatch(shapes[format]);
      expect(isValidAddress(format, address), format).toBe(true);
      expect(isValidAddress(format, addressExample(format)), format).toBe(true);
    }
    const decoded = segwitDecode('bc', encodeAddress('bitcoin', material));
    expect(decoded?.version).toBe(0);
    expect(Buffer.from(decoded?.program ?? []).equals(material.subarray(0, 20))).toBe(true);
  });

  it('compares case-insensitive formats in lower case', () => {
    expect(canonicalAddress('evm', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(
      '0xdac17f958d2ee523a2206206994597c13d831ec7',
    );
    expect(canonicalAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(canonicalAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('knows every network the defaults use', () => {
    for (const code of ['TRC20', 'ERC20', 'BEP20', 'BTC', 'SOL', 'XRP', 'DOGE', 'LTC']) {
      expect(NETWORKS[code]?.code).toBe(code);
    }
  });
});
