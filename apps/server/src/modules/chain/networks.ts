import { createHash } from 'node:crypto';
import type { AddressFormat } from '@bourse/contract';
import { encodeAddress } from './addresses';

export interface NetworkSpec {
  code: string;
  name: string;
  addressFormat: AddressFormat;
}

/** The networks the exchange knows how to address. Which coins travel on which network is operator configuration. */
export const NETWORKS: Readonly<Record<string, NetworkSpec>> = {
  TRC20: { code: 'TRC20', name: 'Tron (TRC20)', addressFormat: 'tron' },
  ERC20: { code: 'ERC20', name: 'Ethereum (ERC20)', addressFormat: 'evm' },
  BEP20: { code: 'BEP20', name: 'BNB Smart Chain (BEP20)', addressFormat: 'evm' },
  BTC: { code: 'BTC', name: 'Bitcoin', addressFormat: 'bitcoin' },
  SOL: { code: 'SOL', name: 'Solana', addressFormat: 'solana' },
  XRP: { code: 'XRP', name: 'XRP Ledger', addressFormat: 'xrp' },
  DOGE: { code: 'DOGE', name: 'Dogecoin', addressFormat: 'dogecoin' },
  LTC: { code: 'LTC', name: 'Litecoin', addressFormat: 'litecoin' },
};

export function networkSpec(code: string): NetworkSpec | undefined {
  return Object.hasOwn(NETWORKS, code) ? NETWORKS[code] : undefined;
}

const examples = new Map<AddressFormat, string>();
/** An address of the right shape, for input placeholders. */
export function addressExample(format: AddressFormat): string {
  let example = examples.get(format);
  if (!example) {
    example = encodeAddress(format, createHash('sha256').update(`example:${format}`).digest());
    examples.set(format, example);
  }
  return example;
}

/** Per coin and network, as a fresh install configures it (amounts as decimal strings in the coin). */
export interface NetworkSettings {
  asset: string;
  network: string;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string | null;
  /** Decimal places a withdrawal may carry (USDT on Tron and Ethereum has 6). */
  withdrawPrecision: number;
  depositMin: string;
  /** Confirmations to credit a deposit, to call it done, and for a withdrawal to succeed (spec §9). */
  depositConfirmations: number;
  depositDoneConfirmations: number;
  withdrawConfirmations: number;
  sort: number;
}

/**
 * Spec §9: minimum withdrawal 1, deposits credited at 1 confirmation, withdrawals done at 6 (2 for USDT). A minimum
 * of one whole coin is kept where a coin is worth little (USDT, XRP, DOGE, TRX, BRS); for BTC, ETH, BNB, SOL and LTC
 * one coin would be hundreds to tens of thousands of dollars, so their minimums are the usual small amounts. The
 * flat fees are of the order the large exchanges charge. Everything here is an operator setting afterwards.
 */
export const DEFAULT_NETWORK_SETTINGS: readonly NetworkSettings[] = [
  usdt('TRC20', '1', 1),
  usdt('ERC20', '3', 2),
  coin('BTC', 'BTC', { fee: '0.0002', min: '0.001', max: '100', depositMin: '0.0001' }),
  coin('ETH', 'ERC20', { fee: '0.002', min: '0.01', max: '2000', depositMin: '0.001' }),
  coin('BNB', 'BEP20', { fee: '0.0005', min: '0.01', max: '5000', depositMin: '0.001' }),
  coin('SOL', 'SOL', { fee: '0.01', min: '0.1', max: '50000', depositMin: '0.01' }),
  coin('XRP', 'XRP', { fee: '0.25', min: '1', max: '1000000', depositMin: '0.1', precision: 6 }),
  coin('DOGE', 'DOGE', { fee: '4', min: '1', max: '10000000', depositMin: '1' }),
  coin('TRX', 'TRC20', { fee: '1', min: '1', max: '10000000', depositMin: '1', precision: 6 }),
  coin('LTC', 'LTC', { fee: '0.001', min: '0.01', max: '10000', depositMin: '0.001' }),
  coin('BRS', 'ERC20', { fee: '2', min: '1', max: '10000000', depositMin: '1' }),
];

function usdt(network: string, fee: string, sort: number): NetworkSettings {
  return {
    asset: 'USDT',
    network,
    withdrawFee: fee,
    withdrawMin: '1',
    withdrawMax: '1000000',
    withdrawPrecision: 6,
    depositMin: '0.01',
    depositConfirmations: 1,
    depositDoneConfirmations: 2,
    withdrawConfirmations: 2,
    sort,
  };
}

function coin(
  asset: string,
  network: string,
  o: { fee: string; min: string; max: string; depositMin: string; precision?: number },
): NetworkSettings {
  return {
    asset,
    network,
    withdrawFee: o.fee,
    withdrawMin: o.min,
    withdrawMax: o.max,
    withdrawPrecision: o.precision ?? 8,
    depositMin: o.depositMin,
    depositConfirmations: 1,
    depositDoneConfirmations: 6,
    withdrawConfirmations: 6,
    sort: 1,
  };
}
