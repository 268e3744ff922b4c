import { adlCapacity, adlScore, allocateAdl, rankAdl, type AdlEntry } from '../adl';
import { lotsNotional, type Contract } from '../contract';
import { fundingRate, settleFunding, type FundingParticipant } from '../funding';
import {
  bankruptcyValue,
  closeProtectionPrice,
  insuranceTakeoverLots,
  planLiquidation,
  settleLiquidationClose,
  type LiquidationDecision,
} from '../liquidation';
import { crossPool, isolatedPool, poolRisk, type MarginPool } from '../pool';
import {
  applyCrossPnl,
  applyFill,
  closeLots,
  initialMargin,
  isolatedCloseMoney,
  sideSign,
  type MarginMode,
  type OrderSide,
  type Position,
} from '../position';

/**
 * A miniature perpetuals server over the engine's pure functions: the reference simulation of the property tests,
 * and a sketch of how the server module is meant to use them. Money lives in ledger-like balances: user contract
 * wallets, isolated pots (a position's margin), the fee account, the insurance fund and the PnL clearing account (the
 * counterpart of every realized PnL; it alone may be negative, and the fund only after an insolvency). Every change
 * moves money between them, so their sum stays the deposits; the tests check that and the finer invariant
 *   clearing + Σ unpaid losses = −Σ side × cost over all open positions  (= Σ uPnL, as open interest balances).
 */

export interface SimAccount {
  readonly id: number;
  wallet: bigint;
  unpaidLoss: bigint;
  readonly positions: Map<string, Position>;
  readonly modes: Map<string, MarginMode>;
  readonly leverage: Map<string, number>;
  /** Pool key ('cross' or an isolated symbol) → liquidation flag and close steps. */
  readonly liquidation: Map<string, { inLiquidation: boolean; closes: number }>;
  hasOpenOrders: boolean;
}

export class SimExchange {
  readonly accounts: SimAccount[] = [];
  readonly contracts = new Map<string, Contract>();
  readonly marks = new Map<string, bigint>();
  fees = 0n;
  clearing = 0n;
  deposits = 0n;
  readonly fund: SimAccount;
  readonly maker: SimAccount;
  /** Counters for the report. */
  readonly seen = {
    trades: 0,
    skipped: 0,
    liquidations: 0,
    partial: 0,
    takeovers: 0,
    adl: 0,
    fundings: 0,
    cancels: 0,
    /** The fund made to pay beyond its means (insolvency): a backstop takeover or an unpaid leftover. */
    backstops: 0,
  };

  constructor(contracts: readonly Contract[], marks: readonly bigint[], fundBalance: bigint, makerBalance: bigint) {
    contracts.forEach((c, i) => {
      this.contracts.set(c.symbol, c);
      this.marks.set(c.symbol, marks[i] as bigint);
    });
    this.fund = this.addAccount(fundBalance, 'cross', 1);
    this.maker = this.addAccount(makerBalance, 'cross', 10);
  }

  addAccount(wallet: bigint, mode: MarginMode | ((symbol: string) => MarginMode), leverage: number): SimAccount {
    const a: SimAccount = {
      id: this.accounts.length,
      wallet,
      unpaidLoss: 0n,
      positions: new Map(),
      modes: new Map(),
      leverage: new Map(),
      liquidation: new Map(),
      hasOpenOrders: false,
    };
    for (const symbol of this.contracts.keys()) {
      a.modes.set(symbol, typeof mode === 'function' ? mode(symbol) : mode);
      a.leverage.set(symbol, leverage);
    }
    this.deposits += wallet;
    this.accounts.push(a);
    return a;
  }

  contract(symbol: string): Contract {
    return this.contracts.get(symbol) as Contract;
  }

  mark(symbol: string): bigint {
    return this.marks.get(symbol) as bigint;
  }

  // ---- trading ---------------------------------------------------------------------------------------------------

  /**
   * A book fill between two accounts at `price`. Refused (false) when an opening part is not covered: cross needs
   * equity ≥ Σ IM after the fill, isolated needs IM + fee in the wallet.
   */
  trade(buyer: SimAccount, seller: SimAccount, symbol: string, lots: bigint, price: bigint, fees = true): boolean {
    if (buyer === seller || lots <= 0n || price <= 0n) return false;
    const c = this.contract(symbol);
    const legs = [
      { a: buyer, side: 'buy' as OrderSide, feePpm: fees ? c.takerFeePpm : 0 },
      { a: seller, side: 'sell' as OrderSide, feePpm: fees ? c.makerFeePpm : 0 },
    ];
    const outcomes = legs.map(({ a, side, feePpm }) =>
      applyFill(
        a.positions.get(symbol) ?? null,
        c,
        { side, lots, price },
        {
          leverage: a.leverage.get(symbol) as number,
          mode: a.modes.get(symbol) as MarginMode,
          feePpm,
        },
      ),
    );
    for (const [i, { a, side }] of legs.entries()) {
      const out = outcomes[i]!;
      if (a === this.maker || a === this.fund) continue;
      if (out.closedLots > 0n) {
        // a close never fills beyond the position's bankruptcy price (the server's protection price)
        const held = a.positions.get(symbol) as Position;
        const pool = this.pool(a, held.mode === 'cross' ? 'cross' : symbol) as MarginPool;
        const limit = closeProtectionPrice(
          pool,
          pool.positions.findIndex((e) => e.position === held),
        );
        if (side === 'sell' ? price < (limit ?? 0n) : limit === null || price > limit) return this.skip();
      }
      if (out.openedLots === 0n) continue;
      if (a.modes.get(symbol) === 'isolated') {
        if (a.wallet < out.marginPosted + out.openFee) return this.skip();
      } else {
        const after = new Map(a.positions);
        if (out.position === null) after.delete(symbol);
        else after.set(symbol, out.position);
        const cross = [...after.values()].filter((p) => p.mode === 'cross');
        const pnl = out.realizedPnl - out.closeFee - out.openFee;
        const risk = poolRisk(crossPool({ wallet: a.wallet, unpaidLoss: a.unpaidLoss, positions: cross }, this.marks));
        const im = cross.reduce((s, p) => s + initialMargin(p), 0n);
        if (risk.equity + pnl < im) return this.skip();
      }
    }
    legs.forEach(({ a }, i) => this.post(a, symbol, outcomes[i]!));
    this.seen.trades++;
    return true;
  }

  private skip(): false {
    this.seen.skipped++;
    return false;
  }

  private post(a: SimAccount, symbol: string, out: ReturnType<typeof applyFill>): void {
    const before = a.positions.get(symbol);
    this.setPosition(a, symbol, out.position);
    if (before !== undefined && before.mode === 'isolated' && out.isolated !== null) {
      // isolated close: realized into the pot, the fee out of it, the released part to the wallet
      this.clearing -= out.realizedPnl;
      this.fees += out.isolated.fee;
      a.wallet += out.isolated.toWallet;
      this.payDeficit(out.isolated.deficit, 'an ordinary close');
    } else if (out.closedLots > 0n) {
      this.crossPnl(a, out.realizedPnl - out.closeFee);
      this.feeFromClearing(out.closeFee);
    }
    if (out.openedLots > 0n) {
      if (out.position?.mode === 'isolated') {
        a.wallet -= out.marginPosted + out.openFee; // the margin moves into the pot (position.margin)
        this.fees += out.openFee;
      } else {
        this.crossPnl(a, -out.openFee);
        this.feeFromClearing(out.openFee);
      }
    }
  }

  /**
   * A cross account's PnL (fees, funding, realized) settled against the clearing account: the wallet moves by what
   * it can; a loss it cannot pay becomes an unpaid loss, fronted by the clearing account (a claim on the account).
   */
  private crossPnl(a: SimAccount, amount: bigint): void {
    const w = applyCrossPnl(a.wallet, a.unpaidLoss, amount);
    this.clearing -= w.walletChange;
    a.wallet = w.wallet;
    a.unpaidLoss = w.unpaidLoss;
  }

  /** A fee a cross account paid through crossPnl: from the clearing account to the fee account. */
  private feeFromClearing(fee: bigint): void {
    this.clearing -= fee;
    this.fees += fee;
  }

  /**
   * An isolated pot's shortfall. The engine guarantees none here — liquidation fills stay within the bankruptcy
   * limit, ADL within capacity, ordinary closes within `closeProtectionPrice` — so one is a bug, not a backstop.
   */
  private payDeficit(deficit: bigint, where: string): void {
    if (deficit !== 0n) throw new Error(`unexpected deficit of ${deficit} in ${where}`);
  }

  private setPosition(a: SimAccount, symbol: string, p: Position | null): void {
    if (p === null) a.positions.delete(symbol);
    else a.positions.set(symbol, p);
  }

  // ---- funding ---------------------------------------------------------------------------------------------------

  settleFunding(symbol: string, premium: bigint): void {
    const c = this.contract(symbol);
    const rate = fundingRate(c, premium);
    const holders = this.accounts.filter((a) => a.positions.has(symbol));
    if (holders.length === 0) return;
    const participants: FundingParticipant[] = holders.map((a) => {
      const p = a.positions.get(symbol) as Position;
      return { id: a.id, side: p.side, lots: p.lots, payable: p.mode === 'isolated' ? p.margin : null };
    });
    const s = settleFunding(c, this.mark(symbol), rate, participants, this.fund.wallet);
    s.amounts.forEach(({ amount }, i) => {
      const a = holders[i]!;
      const p = a.positions.get(symbol) as Position;
      if (p.mode === 'isolated') a.positions.set(symbol, { ...p, margin: p.margin + amount });
      else {
        // funding moves between users and the fund; the clearing account only fronts an unpaid part
        this.crossPnl(a, amount);
        this.clearing += amount;
      }
    });
    this.fund.wallet += s.insuranceFund;
    this.seen.fundings++;
  }

  // ---- liquidation -----------------------------------------------------------------------------------------------

  private poolKeys(a: SimAccount): string[] {
    const keys = [...a.positions.values()].filter((p) => p.mode === 'isolated').map((p) => p.contract.symbol);
    if ([...a.positions.values()].some((p) => p.mode === 'cross')) keys.push('cross');
    return keys;
  }

  pool(a: SimAccount, key: string): MarginPool | null {
    if (key === 'cross') {
      const positions = [...a.positions.values()].filter((p) => p.mode === 'cross').sort(bySymbol);
      if (positions.length === 0) return null;
      return crossPool({ wallet: a.wallet, unpaidLoss: a.unpaidLoss, positions }, this.marks);
    }
    const p = a.positions.get(key);
    return p === undefined || p.mode !== 'isolated' ? null : isolatedPool(p, this.mark(key));
  }

  /**
   * Runs the liquidation process on every pool of every user account until each is healthy or flat. `book`
   * decides what the IOC gets from the market maker: a fraction of the lots (0–1000 ‰) and where in [limit, mark]
   * (‰ toward the mark). ADL closes counterparties at a bankrupt's price, which can push them under maintenance in
   * turn, so passes repeat until one acts on nothing. Returns the decisions seen, for the tests.
   */
  sweep(book: () => { filledPermille: number; pricePermille: number }): LiquidationDecision[] {
    const decisions: LiquidationDecision[] = [];
    for (let pass = 0; ; pass++) {
      if (pass > 20) throw new Error('liquidation passes did not settle');
      const before = decisions.length;
      this.sweepOnce(book, decisions);
      if (decisions.slice(before).every((d) => d.action === 'none')) return decisions;
    }
  }

  private sweepOnce(
    book: () => { filledPermille: number; pricePermille: number },
    decisions: LiquidationDecision[],
  ): void {
    for (const a of this.accounts) {
      if (a === this.fund || a === this.maker) continue;
      for (const key of this.poolKeys(a)) {
        for (let guard = 0; ; guard++) {
          if (guard > 10_000) throw new Error('liquidation did not end');
          const pool = this.pool(a, key);
          const state = a.liquidation.get(key) ?? { inLiquidation: false, closes: 0 };
          if (pool === null) {
            a.liquidation.delete(key);
            break;
          }
          const d = planLiquidation(pool, {
            inLiquidation: state.inLiquidation,
            hasOpenOrders: a.hasOpenOrders,
            closesSoFar: state.closes,
          });
          decisions.push(d);
          if (d.action === 'none') {
            a.liquidation.delete(key);
            break;
          }
          a.liquidation.set(key, { inLiquidation: true, closes: state.closes });
          if (d.action === 'cancel_orders') {
            a.hasOpenOrders = false;
            this.seen.cancels++;
            continue;
          }
          this.executeClose(a, key, pool, d, book());
          a.liquidation.set(key, { inLiquidation: true, closes: state.closes + 1 });
        }
        this.settleLeftover(a);
      }
    }
  }

  private executeClose(
    a: SimAccount,
    key: string,
    pool: MarginPool,
    d: Extract<LiquidationDecision, { action: 'close' }>,
    book: { filledPermille: number; pricePermille: number },
  ): void {
    this.seen.liquidations++;
    if (!d.whole) this.seen.partial++;
    const { position } = pool.positions[d.index]!;
    const symbol = position.contract.symbol;
    const c = position.contract;
    const mark = this.mark(symbol);
    let left = d.lots;
    // 1. the IOC into the book (the market maker), never beyond the limit
    if (d.limitPrice !== null) {
      const filled = (d.lots * BigInt(book.filledPermille)) / 1_000n;
      if (filled > 0n) {
        const [lo, hi] =
          position.side === 'long'
            ? [d.limitPrice, maxBig(mark, d.limitPrice)]
            : [minBig(mark, d.limitPrice), d.limitPrice];
        const steps = (hi - lo) / c.tickSize;
        const fromLimit = (steps * BigInt(book.pricePermille)) / 1_000n;
        let price = position.side === 'long' ? lo + fromLimit * c.tickSize : hi - fromLimit * c.tickSize;
        if (price < c.tickSize) price = c.tickSize;
        const value = lotsNotional(c, price, filled);
        this.closeLiquidated(a, key, d, filled, value);
        const mm = applyFill(
          this.maker.positions.get(symbol) ?? null,
          c,
          { side: d.orderSide === 'sell' ? 'buy' : 'sell', lots: filled, price },
          {
            leverage: 10,
            mode: 'cross',
            feePpm: c.makerFeePpm,
          },
        );
        this.post(this.maker, symbol, mm);
        left -= filled;
      }
    }
    if (left === 0n) return;
    // 2. the insurance fund takes what it can carry at the bankruptcy price, and unwinds it at once at the mark
    const fundPool = this.pool(this.fund, 'cross');
    const fundEquity = fundPool === null ? this.fund.wallet : poolRisk(fundPool).equity;
    const fundLots = insuranceTakeoverLots(c, position.side, d.bankruptcyPrice, left, mark, fundEquity);
    if (fundLots > 0n) {
      const value = bankruptcyValue(c, position.side, d.bankruptcyPrice, fundLots);
      this.closeLiquidated(a, key, d, fundLots, value);
      const took = applyFill(
        this.fund.positions.get(symbol) ?? null,
        c,
        { side: d.orderSide === 'sell' ? 'buy' : 'sell', lots: fundLots, value },
        {
          leverage: 1,
          mode: 'cross',
          feePpm: 0,
        },
      );
      this.post(this.fund, symbol, took);
      const unwind = d.orderSide === 'sell';
      this.trade(unwind ? this.maker : this.fund, unwind ? this.fund : this.maker, symbol, fundLots, mark, false);
      this.seen.takeovers++;
      left -= fundLots;
    }
    if (left === 0n) return;
    // 3. ADL against the opposite side, profitable first
    const entries: AdlEntry[] = [];
    const owners = new Map<number, SimAccount>();
    for (const other of this.accounts) {
      if (other === a) continue;
      const p = other.positions.get(symbol);
      if (p === undefined || p.side === position.side) continue;
      const otherPool = this.pool(other, p.mode === 'cross' ? 'cross' : symbol) as MarginPool;
      const index = otherPool.positions.findIndex((e) => e.position.contract.symbol === symbol);
      const risk = poolRisk(otherPool);
      const lots = adlCapacity(otherPool, index, risk, position.side, d.bankruptcyPrice);
      if (lots > 0n) entries.push({ id: other.id, score: adlScore(otherPool, index, risk), lots });
      owners.set(other.id, other);
    }
    const plan = allocateAdl(rankAdl(entries), left);
    for (const fill of plan.fills) {
      const value = bankruptcyValue(c, position.side, d.bankruptcyPrice, fill.lots);
      this.closeLiquidated(a, key, d, fill.lots, value);
      this.closeAdl(owners.get(fill.id) as SimAccount, symbol, fill.lots, value);
      this.seen.adl++;
    }
    if (plan.short > 0n) {
      // insolvent: nobody can absorb the rest at the bankruptcy price; the fund takes it regardless
      this.seen.backstops++;
      const value = bankruptcyValue(c, position.side, d.bankruptcyPrice, plan.short);
      this.closeLiquidated(a, key, d, plan.short, value);
      const took = applyFill(
        this.fund.positions.get(symbol) ?? null,
        c,
        { side: d.orderSide === 'sell' ? 'buy' : 'sell', lots: plan.short, value },
        {
          leverage: 1,
          mode: 'cross',
          feePpm: 0,
        },
      );
      this.post(this.fund, symbol, took);
      const unwind = d.orderSide === 'sell';
      this.trade(unwind ? this.maker : this.fund, unwind ? this.fund : this.maker, symbol, plan.short, mark, false);
    }
  }

  /** Settles lots of the liquidated position (the decision's) for a total value. */
  private closeLiquidated(
    a: SimAccount,
    key: string,
    d: Extract<LiquidationDecision, { action: 'close' }>,
    lots: bigint,
    value: bigint,
  ): void {
    const pool = this.pool(a, key) as MarginPool;
    const out = settleLiquidationClose(pool, d.index, d.bankruptcyPrice, lots, value);
    const symbol = pool.positions[d.index]!.position.contract.symbol;
    this.setPosition(a, symbol, out.remaining);
    this.fund.wallet += out.fee;
    if (key === 'cross') {
      this.crossPnl(a, out.crossPnl); // realized − fee
      this.clearing -= out.fee; // the fee passes through to the fund
    } else {
      this.clearing -= out.realizedPnl;
      a.wallet += out.toWallet;
      this.payDeficit(out.deficit, 'a liquidation close');
    }
  }

  /** An ADL'd position closes `lots` at the bankrupt's value: no fee; isolated margin released as on any close. */
  private closeAdl(a: SimAccount, symbol: string, lots: bigint, value: bigint): void {
    const p = a.positions.get(symbol) as Position;
    const close = closeLots(p, lots, value);
    if (p.mode === 'isolated') {
      this.clearing -= close.realizedPnl;
      const money = isolatedCloseMoney(p, lots, close.realizedPnl, 0n);
      this.setPosition(a, symbol, close.remaining === null ? null : { ...close.remaining, margin: money.keep });
      a.wallet += money.toWallet;
      this.payDeficit(money.deficit, 'an ADL close');
    } else {
      this.setPosition(a, symbol, close.remaining);
      this.crossPnl(a, close.realizedPnl);
    }
  }

  /** A cross account left flat with an unpaid loss: the fund pays the clearing account what it fronted. */
  private settleLeftover(a: SimAccount): void {
    if (a.unpaidLoss === 0n || [...a.positions.values()].some((p) => p.mode === 'cross')) return;
    if (this.fund.wallet < a.unpaidLoss) this.seen.backstops++;
    this.fund.wallet -= a.unpaidLoss;
    this.clearing += a.unpaidLoss;
    a.unpaidLoss = 0n;
  }

  // ---- invariants ------------------------------------------------------------------------------------------------

  /** Σ balances (wallets, pots, fees, fund, clearing) — equals the deposits at every step. */
  ledgerTotal(): bigint {
    let total = this.fees + this.clearing;
    for (const a of this.accounts) {
      total += a.wallet;
      for (const p of a.positions.values()) total += p.margin;
    }
    return total;
  }

  /** −Σ side × cost over open positions, and Σ unpaid: clearing + unpaid must equal the first. */
  openCostBalance(): { signedCost: bigint; unpaid: bigint } {
    let signedCost = 0n;
    let unpaid = 0n;
    for (const a of this.accounts) {
      unpaid += a.unpaidLoss;
      for (const p of a.positions.values()) signedCost -= sideSign(p.side) * p.cost;
    }
    return { signedCost, unpaid };
  }

  /** Long lots − short lots per contract: 0 always. */
  openInterestImbalance(): bigint[] {
    return [...this.contracts.keys()].map((symbol) => {
      let net = 0n;
      for (const a of this.accounts) {
        const p = a.positions.get(symbol);
        if (p !== undefined) net += sideSign(p.side) * p.lots;
      }
      return net;
    });
  }
}

function bySymbol(a: Position, b: Position): number {
  return a.contract.symbol < b.contract.symbol ? -1 : a.contract.symbol > b.contract.symbol ? 1 : 0;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
