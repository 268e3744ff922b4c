import type { ProductKey } from '@bourse/contract';
import type { AccountRef } from '../ledger';

/** Parts per million: 1,000,000 = 100%. Fee rates and discounts are whole ppm, like the markets' own rates. */
export const PPM = 1_000_000;

/** One fee a user was charged, as the trading module booked it. */
export interface FeeCharge {
  uid: number;
  /** The product whose trade charged it (`spot`, `futures`). */
  product: ProductKey;
  /** The fee's asset and amount, in the asset's ledger units. */
  asset: string;
  amount: bigint;
  /** The ledger account the fee was credited to (the exchange's fee income in that asset). */
  account: AccountRef;
  /** The journal entry that charged it (the trade's). */
  reference: string;
  /** The trade, for records that point back at it (e.g. `spot:t:123`). */
  trade: string;
  /** Maker or taker side of the fill. */
  role: 'maker' | 'taker';
  at: number;
}

/**
 * A user's discount on a product's fees, in ppm of the fee (100,000 = 10% off). Called on the hot path of every fill:
 * answer from memory.
 */
export type FeeDiscount = (uid: number, product: ProductKey) => number;

/**
 * Told of the fees just charged, inside the transaction that charged them, after their entries were posted (so the
 * fee income is already there to pay from). Whatever it writes commits or rolls back with the trade.
 */
export type FeeListener = (charges: readonly FeeCharge[]) => void;

/**
 * Where trading fees meet the products that depend on them, without either knowing the other: the trading modules
 * (spot, perpetuals) ask `rate` for a user's rate and report what they charged with `charged`; membership supplies
 * discounts (`useDiscount`) and invitations pay rebates out of the fees (`onCharged`).
 */
export class FeeService {
  private readonly discounts: FeeDiscount[] = [];
  private readonly listeners: FeeListener[] = [];

  /** Adds a discount source; a user's discounts add up, to at most the whole fee. */
  useDiscount(discount: FeeDiscount): void {
    this.discounts.push(discount);
  }

  /** Adds a listener to every fee charged. */
  onCharged(listener: FeeListener): void {
    this.listeners.push(listener);
  }

  /** Whether anyone listens: a trading module skips building charges when nobody does. */
  get listening(): boolean {
    return this.listeners.length > 0;
  }

  /**
   * The rate (ppm) a user pays where the market charges `basePpm`: the base less the user's discounts. The discount
   * is rounded down, so the rate never falls below what the discount allows (in the exchange's favour, by less than
   * one ppm). System traders (`uid` null) pay the base.
   */
  rate(uid: number | null, product: ProductKey, basePpm: number): number {
    if (uid === null || basePpm === 0 || this.discounts.length === 0) return basePpm;
    let off = 0;
    for (const discount of this.discounts) off += discount(uid, product);
    if (!(off > 0)) return basePpm;
    if (off >= PPM) return 0;
    return basePpm - Math.floor((basePpm * Math.floor(off)) / PPM);
  }

  /** Reports fees just charged (see {@link FeeListener}); a charge of zero is left out. */
  charged(charges: readonly FeeCharge[]): void {
    if (this.listeners.length === 0) return;
    const paid = charges.filter((charge) => charge.amount > 0n);
    if (paid.length === 0) return;
    for (const listener of this.listeners) listener(paid);
  }
}
