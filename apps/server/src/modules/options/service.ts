import {
  type Candle,
  decimalPlaces,
  formatDecimal,
  HISTORY_MONTHS,
  MarketSymbol,
  OPTION_SERIES_MAX_SECONDS,
  type OptionAdminRoundDetail,
  type OptionBalance,
  type OptionBet,
  type OptionHouse,
  type OptionHouseFigures,
  type OptionJoinBody,
  type OptionKlineFrame,
  type OptionPairInput,
  type OptionPeriodInput,
  type OptionPeriodRounds,
  type OptionPublicBet,
  type OptionRound,
  type OptionRoundDetail,
  type OptionRoundState,
  type OptionsAdminConfig,
  type OptionsConfig,
  type OptionSeries,
  type OptionTicker,
  type OptionVerifyPage,
  type PagedOptionBets,
  type PagedOptionRounds,
  parseDecimal,
  type SpotMarket,
} from '@bourse/contract';
import { optionFee, optionOutcome, type OptionResult, settleOptionBet } from '@bourse/engine';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { JobDefinition } from '../../platform/jobs';
import type { ChannelSpec, Hub } from '../../ws/hub';
import { type AccountRef, type HoldBatch, type LedgerService, SYSTEM, system, user } from '../ledger';
import type { BetRow, BetWithRoundRow, OptionsRepo, PointRow, RoundRow } from './repo';
import {
  ALL_DAYS,
  daysMask,
  formatPpm,
  hoursView,
  indexAtScale,
  type PairTerms,
  pairTerms,
  parsePpm,
  type PeriodTerms,
  periodTerms,
  withinHours,
} from './terms';

/** Options settle in one asset, held in the options wallet; pairs are spot markets quoted in it. */
export const OPTIONS_ASSET = 'USDT';
/** Decimals a stake may have (10.5 USDT yes, 10.555 no). */
export const AMOUNT_DECIMALS = 2;
const INT64_MAX = 2n ** 63n - 1n;
/** An index older than this when a second is recorded is not that second's value: the second stays empty. */
const STALE_INDEX_MS = 15_000;
const SECOND = 1000;
const symbolParams = z.object({ symbol: MarketSymbol });
/** How many ms of history a trader's list covers. */
const HISTORY_MS = HISTORY_MONTHS * 31 * 86_400_000;

/** Where the index of an option pair comes from (the market module's price source in the server). */
export interface IndexReader {
  /** The newest index of a market: units of 10^-scale of the quote, when it was taken, and by which source. */
  read(symbol: string): { price: bigint; scale: number; ts: number; source: string } | null;
}

/** What the options module needs of the spot module: the markets an option pair may take its index from. */
export interface MarketCatalogue {
  markets(): SpotMarket[];
}

export interface OptionsSettings {
  /** Days the dense 1-second series is kept; after that only the instants a round with bets used. */
  seriesDays: number;
}

export interface OptionsDeps {
  repo: OptionsRepo;
  tx: Transactions;
  clock: Clock;
  log: Logger;
  hub: Hub;
  ledger: LedgerService;
  markets: MarketCatalogue;
  index: IndexReader;
}

interface Point {
  at: number;
  price: bigint;
  indexAt: number;
  source: string;
}

function pointOf(row: PointRow | undefined): Point | null {
  return row ? { at: Number(row.at), price: row.price, indexAt: Number(row.index_at), source: row.source } : null;
}

function int(value: bigint | number): number {
  return Number(value);
}

/**
 * Up/down options (README.md): the public 1-second index series, rounds per pair and period on exact period
 * boundaries, joining (stake and fee held from the options wallet), settlement from the series through the
 * `options_pool` system account, the channels, and the operator's terms, rounds and house result.
 */
export class OptionsService {
  private readonly repo: OptionsRepo;
  private pairs = new Map<string, PairTerms>();
  private periods = new Map<number, PeriodTerms>();
  private index: IndexReader;
  /** The newest recorded point of each pair (for tickers, candles and the config). */
  private readonly latest = new Map<string, Point>();
  /**
   * The bets of the rounds in progress, read once at their open instant (no bet joins after it): the close then
   * settles from memory. A round missing here (the server restarted since its open) is read at its close.
   */
  private readonly inProgress = new Map<number, RoundBets>();
  readonly assetScale: number;

  constructor(
    private readonly deps: OptionsDeps,
    private readonly settings: OptionsSettings,
  ) {
    this.repo = deps.repo;
    this.index = deps.index;
    this.assetScale = deps.ledger.hasAsset(OPTIONS_ASSET) ? deps.ledger.asset(OPTIONS_ASSET).scale : 8;
    this.loadTerms();
    for (const pair of this.pairs.values()) {
      const point = pointOf(this.repo.latestPoint(pair.symbol));
      if (point) this.latest.set(pair.symbol, point);
    }
  }

  /** Another index source (tests; a feed of its own). */
  useIndex(index: IndexReader): void {
    this.index = index;
  }

  private loadTerms(): void {
    this.pairs = new Map(this.repo.pairs().map((row) => [row.symbol, pairTerms(row)]));
    this.periods = new Map(this.repo.periods().map((row) => [Number(row.seconds), periodTerms(row)]));
  }

  private pairList(): PairTerms[] {
    return [...this.pairs.values()].sort((a, b) => a.sort - b.sort || a.symbol.localeCompare(b.symbol));
  }

  private periodList(): PeriodTerms[] {
    return [...this.periods.values()].sort((a, b) => a.seconds - b.seconds);
  }

  private pairOf(symbol: string): PairTerms {
    const pair = this.pairs.get(symbol);
    if (!pair) fail('OPTION_PAIR_NOT_FOUND');
    return pair;
  }

  // ---- accounts ------------------------------------------------------------------------------------------------

  private wallet(uid: number): AccountRef {
    return user(uid, 'options', OPTIONS_ASSET);
  }

  private get pool(): AccountRef {
    return system(SYSTEM.optionsPool, OPTIONS_ASSET, 'options');
  }

  private get feeAccount(): AccountRef {
    return system(SYSTEM.fees, OPTIONS_ASSET, 'options');
  }

  private amount(units: bigint): string {
    return formatDecimal(units, this.assetScale);
  }

  // ---- the series ------------------------------------------------------------------------------------------------

  /**
   * Records each pair's index as the series value of second `at` (the `series` job, every second): rounded to the
   * pair's price precision, with when the index was taken and its source. A pair without a fresh index gets no
   * point for that second — a round that needs it is void.
   */
  recordSeries(at: number): number {
    const recorded: (Point & { symbol: string })[] = [];
    for (const pair of this.pairs.values()) {
      const index = this.index.read(pair.symbol);
      if (!index || index.price <= 0n || index.ts < at - STALE_INDEX_MS) continue;
      const price = indexAtScale(index.price, index.scale, pair.priceScale);
      if (price <= 0n) continue;
      if (this.repo.insertPoint(pair.symbol, at, price, index.ts, index.source)) {
        recorded.push({ symbol: pair.symbol, at, price, indexAt: index.ts, source: index.source });
      }
    }
    if (recorded.length > 0) this.deps.tx.afterCommit(() => this.publishCandles(recorded));
    return recorded.length;
  }

  private point(symbol: string, at: number): Point | null {
    return pointOf(this.repo.point(symbol, at));
  }

  series(symbol: string, from: number, to: number): OptionSeries {
    const pair = this.pairOf(symbol);
    if (to < from || to - from > OPTION_SERIES_MAX_SECONDS * SECOND) {
      fail('INVALID_PARAMS', { detail: `to must be within ${OPTION_SERIES_MAX_SECONDS} s after from` });
    }
    const rows = this.repo.points(symbol, from, to, OPTION_SERIES_MAX_SECONDS + 1);
    return {
      symbol,
      pricePrecision: pair.priceScale,
      from,
      to,
      points: rows.map((row) => ({
        t: int(row.at),
        price: formatDecimal(row.price, pair.priceScale, pair.priceScale),
        indexAt: int(row.index_at),
        source: row.source,
      })),
    };
  }

  /** 1-second candles, oldest first: each second's value closes it, the previous second's opens it. */
  kline(symbol: string, before: number | undefined, limit: number): Candle[] {
    const pair = this.pairOf(symbol);
    const rows = this.repo.pointsBefore(symbol, before ?? Number.MAX_SAFE_INTEGER, limit + 1).reverse();
    const candles: Candle[] = [];
    for (let i = rows.length > limit ? 1 : 0; i < rows.length; i++) {
      const row = rows[i] as PointRow;
      const previous = i > 0 ? rows[i - 1] : undefined;
      const open = previous && previous.at === row.at - BigInt(SECOND) ? previous.price : row.price;
      candles.push(this.candle(pair, int(row.at), open, row.price));
    }
    return candles;
  }

  private candle(pair: PairTerms, t: number, open: bigint, close: bigint): Candle {
    const fmt = (v: bigint) => formatDecimal(v, pair.priceScale, pair.priceScale);
    return {
      t,
      o: fmt(open),
      h: fmt(open > close ? open : close),
      l: fmt(open < close ? open : close),
      c: fmt(close),
      v: '0',
      qv: '0',
    };
  }

  private latestCandle(symbol: string): OptionKlineFrame | undefined {
    const pair = this.pairs.get(symbol);
    const last = this.latest.get(symbol);
    if (!pair || !last) return undefined;
    const previous = this.point(symbol, last.at - SECOND);
    return { symbol, candle: this.candle(pair, last.at, previous?.price ?? last.price, last.price) };
  }

  // ---- rounds ----------------------------------------------------------------------------------------------------

  /**
   * The `rounds` job, every second (`at` = the second it belongs to): settles every round whose close instant has
   * passed, opens every joined round whose open instant has passed, and records the round of each pair and period
   * that opened at `at`. It works from the rounds' own instants and the series — never from "now" — so a round whose
   * close passed while the server was down is settled from the series when it comes back (void if the series has
   * no price then), and the slot's transaction makes each step happen once.
   */
  runRounds(at: number, now: number): { settled: number; opened: number; created: number } {
    let settled = 0;
    let opened = 0;
    let created = 0;
    for (const row of this.repo.dueToSettle(at)) {
      this.settleRound(row, now);
      settled++;
    }
    for (const row of this.repo.dueToOpen(at)) {
      this.openJoinedRound(row, now);
      opened++;
    }
    for (const pair of this.pairs.values()) {
      if (!pair.enabled) continue;
      for (const period of this.periods.values()) {
        if (period.enabled && this.recordOpenedRound(pair, period, at, now)) created++;
      }
    }
    this.deps.tx.afterCommit(() => this.publishTickers());
    return { settled, opened, created };
  }

  /** A joined round reaches its open instant: its open price is the series at that instant, or it is void. */
  private openJoinedRound(row: RoundRow, now: number): void {
    const open = this.point(row.symbol, int(row.open_at));
    if (!open) {
      this.settleRound(row, now);
      return;
    }
    if (!this.repo.openRound(int(row.id), open.price, open.indexAt, open.source)) {
      throw new Error(`round ${row.id} was opened twice`);
    }
    // Its bets are final now: read them here, in the open's slot, so that the close has only the rule and the writes.
    this.inProgress.set(int(row.id), this.readBets(int(row.id), Number(row.bets)));
  }

  /** A round's open bets, in columns (one row at a time from the table: no round's worth of row objects). */
  private readBets(id: number, expected: number): RoundBets {
    const bets = new RoundBets(expected);
    for (const [betId, side, stake, fee, ppm] of this.repo.openBetsOfRound(id)) bets.add(betId, side, stake, fee, ppm);
    return bets;
  }

  /** The round of a pair and period that opened at or before `at` and that nobody joined: recorded at its open. */
  private recordOpenedRound(pair: PairTerms, period: PeriodTerms, at: number, now: number): boolean {
    const ms = period.seconds * SECOND;
    const number = Math.floor(at / ms);
    const openAt = number * ms;
    if (!withinHours(pair, openAt)) return false;
    if (this.repo.round(pair.symbol, period.seconds, number)) return false;
    const open = this.point(pair.symbol, openAt);
    if (!open) return false;
    this.repo.insertRound({
      symbol: pair.symbol,
      period: period.seconds,
      number,
      open_at: openAt,
      close_at: openAt + ms,
      state: 'open',
      price_scale: pair.priceScale,
      open_price: open.price,
      open_index_at: open.indexAt,
      source: open.source,
      created_at: now,
    });
    return true;
  }

  /**
   * Settles a round from the series, set at a time: every bet's result by the pure rule (`settleOptionBet`) in
   * memory, then ONE ledger entry for the round (`options:round:<id>:settle`): each bet's hold lets go of its stake
   * and fee and pays the trader back what the rule says, the pool's and the fees' shares in one aggregated leg each
   * (`LedgerService.settleHolds`); then the bets' rows with one prepared statement. Without a price at the open or the
   * close instant the round is void and every hold is released in full. The entry's reference and the round's state
   * make it happen once; it all belongs to the slot's transaction.
   */
  private settleRound(row: RoundRow, now: number): void {
    const id = int(row.id);
    const open: Point | null =
      row.state === 'open' && row.open_price !== null
        ? {
            at: int(row.open_at),
            price: row.open_price,
            indexAt: int(row.open_index_at ?? row.open_at),
            source: row.source ?? '',
          }
        : this.point(row.symbol, int(row.open_at));
    const close = this.point(row.symbol, int(row.close_at));
    const voidReason = !open ? 'no_open_price' : !close ? 'no_close_price' : null;
    const openPrice = voidReason ? null : (open?.price ?? null);
    const closePrice = voidReason ? null : (close?.price ?? null);
    // Columns, not an object per bet: the ledger reads each bet's holder, what it held and what goes back. The rows
    // are read one at a time and nothing of them is kept, so the young GC has no round's worth of objects to copy.
    // The bets read at the open when the round is in progress here and they still add up to the round's own counts;
    // read now otherwise. Either way they are the table's open bets of the round.
    const kept = this.inProgress.get(id);
    this.inProgress.delete(id);
    const round =
      kept && kept.matches(row.bets, row.up_stake, row.down_stake) ? kept : this.readBets(id, Number(row.bets));
    let bets = new BetColumns(round.count);
    // Every bet of a side has the same result: the bets' rows are written per side, and checked against these.
    const sides: Record<'up' | 'down', OptionResult | null> = { up: null, down: null };
    const totals = new Map<OptionResult, { bets: bigint; paid: bigint }>();
    let payout = 0n;
    let fees = 0n;
    let pool = 0n;
    for (let k = 0; k < round.count; k++) {
      const side = round.side(k);
      const stake = round.stakes[k] as bigint;
      const fee = round.fees[k] as bigint;
      const s = settleOptionBet(openPrice, closePrice, { side, stake, fee, payoutPpm: round.ppm[k] as number });
      if (bets.count === bets.ids.length) bets = bets.grown();
      bets.add(round.ids[k] as number, stake + fee, s.payout);
      if (sides[side] !== s.result) {
        if (sides[side] !== null) throw new Error(`round ${id}: the ${side} side has two results`);
        sides[side] = s.result;
      }
      const total = totals.get(s.result);
      if (total) {
        total.bets++;
        total.paid += s.payout;
      } else totals.set(s.result, { bets: 1n, paid: s.payout });
      payout += s.payout;
      fees += s.fee;
      pool += s.pool;
    }
    const outcome = open && close ? optionOutcome(open.price, close.price) : null;
    if (bets.count > 0) {
      this.deps.ledger.settleHolds({
        reference: roundSettlement(id),
        reason: voidReason ? 'options.refund' : 'options.settle',
        asset: OPTIONS_ASSET,
        holds: bets,
        to: [
          { account: this.pool, amount: pool },
          { account: this.feeAccount, amount: fees },
        ],
        meta: { roundId: id, bets: bets.count, outcome, voidReason },
      });
      this.settleBetRows(id, sides, totals, bets.count, now);
    }
    const done = this.repo.finishRound({
      id,
      state: voidReason ? 'void' : 'settled',
      open_price: open?.price ?? null,
      open_index_at: open?.indexAt ?? null,
      close_price: close?.price ?? null,
      close_index_at: close?.indexAt ?? null,
      source: open?.source ?? close?.source ?? null,
      outcome,
      void_reason: voidReason,
      payout,
      fees,
      pool_result: pool,
      settled_at: now,
    });
    if (!done) throw new Error(`round ${id} was settled twice`);
  }

  /**
   * Writes a round's bets in one statement, each side's result given, and checks what was written against the
   * settlement rule's results in memory (the ledger entry's amounts): the same number of bets per state and the same
   * payouts in total, else the transaction fails. The rule stays the one definition; the SQL only repeats it.
   */
  private settleBetRows(
    id: number,
    sides: Record<'up' | 'down', OptionResult | null>,
    totals: ReadonlyMap<OptionResult, { bets: bigint; paid: bigint }>,
    count: number,
    now: number,
  ): void {
    // A side without bets takes the other's result (no row has it; the statement needs one).
    const up = sides.up ?? sides.down ?? 'void';
    const down = sides.down ?? up;
    if (this.repo.settleRoundBets(id, up, down, now) !== count)
      throw new Error(`a bet of round ${id} was settled twice`);
    const written = this.repo.settledTotals(id);
    const same =
      written.length === totals.size &&
      written.every((row) => {
        const total = totals.get(row.state as OptionResult);
        return total !== undefined && total.bets === row.bets && total.paid === row.paid;
      });
    if (!same) throw new Error(`round ${id}: the bets written differ from the settlement rule's results`);
  }

  // ---- joining ---------------------------------------------------------------------------------------------------

  /**
   * Joins the next round of a pair and period (`body.round`, its number) before its open instant: the amount and
   * its fee are held from the options wallet under `options:bet:<id>`. Every rule is checked before anything is
   * written; `claim` records the request id in the same transaction (the route layer's idempotency).
   */
  join(uid: number, body: OptionJoinBody, claim?: () => void): OptionBet {
    const pair = this.pairOf(body.symbol);
    if (!pair.enabled) fail('PAIR_CLOSED');
    const period = this.periods.get(body.period);
    if (!period?.enabled) fail('OPTION_PERIOD_CLOSED');
    const now = this.deps.clock.now();
    const ms = period.seconds * SECOND;
    const openAt = body.round * ms;
    if (!withinHours(pair, now) || !withinHours(pair, openAt)) fail('OPTION_MARKET_CLOSED');
    // The open price is fixed at the open instant: from then on the round takes no bet.
    if (now >= openAt) fail('OPTION_ROUND_STARTED');
    // Only the next round is open for joining.
    if (openAt - ms > now) fail('OPTION_ROUND_NOT_OPEN');
    if (decimalPlaces(body.amount) > AMOUNT_DECIMALS) fail('AMOUNT_PRECISION', { decimals: AMOUNT_DECIMALS });
    const stake = parseDecimal(body.amount, this.assetScale);
    if (stake < period.minStake || stake > period.maxStake) {
      fail('OPTION_AMOUNT_OUT_OF_RANGE', {
        min: this.amount(period.minStake),
        max: this.amount(period.maxStake),
        asset: OPTIONS_ASSET,
      });
    }
    const fee = optionFee(stake, period.feePpm);
    const { ledger, tx } = this.deps;
    return tx.run(() => {
      const round = this.repo.round(pair.symbol, period.seconds, body.round);
      if (round && round.state !== 'pending') fail('OPTION_ROUND_STARTED');
      if (round && this.repo.betOf(int(round.id), uid)) fail('ALREADY_JOINED_ROUND');
      const staked = round ? round.up_stake + round.down_stake : 0n;
      if (staked + stake > period.roundCap) fail('PRIZE_POOL_FULL');
      if (ledger.balance(this.wallet(uid)).available < stake + fee) fail('INSUFFICIENT_BALANCE');
      claim?.();
      const roundId = round
        ? int(round.id)
        : this.repo.insertRound({
            symbol: pair.symbol,
            period: period.seconds,
            number: body.round,
            open_at: openAt,
            close_at: openAt + ms,
            state: 'pending',
            price_scale: pair.priceScale,
            open_price: null,
            open_index_at: null,
            source: null,
            created_at: now,
          });
      const betId = this.repo.insertBet({
        round_id: roundId,
        uid,
        side: body.side,
        stake,
        fee,
        payout_ppm: period.payoutPpm,
        request_id: body.requestId ?? null,
        created_at: now,
      });
      this.repo.addToRound(roundId, body.side, stake, fee);
      ledger.hold({
        reference: betHolder(betId),
        reason: 'options.stake',
        account: this.wallet(uid),
        holder: betHolder(betId),
        amount: stake + fee,
        meta: { betId, roundId },
      });
      return this.betView(this.requireBet(betId), now);
    });
  }

  private requireBet(id: number): BetWithRoundRow {
    const row = this.repo.betWithRound(id);
    if (!row) throw new Error(`bet ${id} vanished`);
    return row;
  }

  // ---- the trader's reads -------------------------------------------------------------------------------------------

  openBets(uid: number): OptionBet[] {
    const now = this.deps.clock.now();
    return this.repo.openBets(uid).map((row) => this.betView(row, now));
  }

  history(uid: number, query: { symbol?: string; page: number; size: number }): PagedOptionBets {
    const now = this.deps.clock.now();
    const { list, total } = this.repo.userHistory(
      uid,
      query.symbol ?? null,
      now - HISTORY_MS,
      query.size,
      (query.page - 1) * query.size,
    );
    return { list: list.map((row) => this.betView(row, now)), total, page: query.page, size: query.size };
  }

  balance(uid: number): OptionBalance {
    const balance = this.deps.ledger.balance(this.wallet(uid));
    return {
      asset: OPTIONS_ASSET,
      available: this.amount(balance.available),
      frozen: this.amount(balance.frozen),
    };
  }

  // ---- public reads ------------------------------------------------------------------------------------------------

  config(): OptionsConfig {
    const now = this.deps.clock.now();
    return {
      asset: OPTIONS_ASSET,
      amountPrecision: AMOUNT_DECIMALS,
      pairs: this.pairList().map((pair) => this.pairView(pair, now)),
      periods: this.periodList().map((period) => this.periodView(period)),
      serverTime: now,
    };
  }

  /** A pair now: its newest index and, per enabled period, the round in progress and the next one. */
  current(symbol: string): OptionTicker {
    const pair = this.pairOf(symbol);
    const now = this.deps.clock.now();
    const last = this.latest.get(symbol) ?? null;
    const periods: OptionPeriodRounds[] = [];
    for (const period of this.periodList()) {
      if (!period.enabled) continue;
      const ms = period.seconds * SECOND;
      const number = Math.floor(now / ms);
      const currentRow = this.repo.round(symbol, period.seconds, number);
      periods.push({
        period: period.seconds,
        current: currentRow ? this.roundView(currentRow, now) : null,
        next: this.roundOrPlaceholder(pair, period.seconds, number + 1, now),
      });
    }
    return {
      symbol,
      price: last ? formatDecimal(last.price, pair.priceScale, pair.priceScale) : null,
      at: last?.at ?? null,
      serverTime: now,
      open: pair.enabled && withinHours(pair, now),
      periods,
    };
  }

  private roundOrPlaceholder(pair: PairTerms, period: number, number: number, now: number): OptionRound {
    const row = this.repo.round(pair.symbol, period, number);
    if (row) return this.roundView(row, now);
    const ms = period * SECOND;
    return {
      id: null,
      symbol: pair.symbol,
      period,
      number,
      openAt: number * ms,
      closeAt: (number + 1) * ms,
      state: now < number * ms ? 'pending' : now < (number + 1) * ms ? 'in_progress' : 'settling',
      openPrice: null,
      openIndexAt: null,
      closePrice: null,
      closeIndexAt: null,
      source: null,
      outcome: null,
      voidReason: null,
      bets: 0,
      upAmount: '0',
      downAmount: '0',
      payout: '0',
      fees: '0',
      poolResult: '0',
      settledAt: null,
    };
  }

  rounds(symbol: string, period: number, before: number | undefined, limit: number): OptionRound[] {
    this.pairOf(symbol);
    const now = this.deps.clock.now();
    return this.repo
      .history(symbol, period, before ?? Number.MAX_SAFE_INTEGER, limit)
      .map((row) => this.roundView(row, now));
  }

  roundDetail(id: number): OptionRoundDetail {
    const row = this.repo.roundById(id);
    if (!row) fail('NOT_FOUND');
    const now = this.deps.clock.now();
    const finished = row.state === 'settled' || row.state === 'void';
    return {
      round: this.roundView(row, now),
      bets: finished ? this.repo.betsOfRound(id).map((bet) => this.publicBet(bet)) : [],
      series: this.roundSeries(row),
    };
  }

  private roundSeries(row: RoundRow): OptionSeries {
    const from = int(row.open_at);
    const to = int(row.close_at);
    if (to - from <= OPTION_SERIES_MAX_SECONDS * SECOND) return this.series(row.symbol, from, to);
    // A long round: the two instants it was settled from.
    const pair = this.pairOf(row.symbol);
    const points = [this.point(row.symbol, from), this.point(row.symbol, to)].flatMap((p) => (p ? [p] : []));
    return {
      symbol: row.symbol,
      pricePrecision: pair.priceScale,
      from,
      to,
      points: points.map((p) => ({
        t: p.at,
        price: formatDecimal(p.price, pair.priceScale, pair.priceScale),
        indexAt: p.indexAt,
        source: p.source,
      })),
    };
  }

  verifyPage(query: {
    symbol: string;
    period: number;
    from: number;
    to: number;
    after?: number;
    limit: number;
  }): OptionVerifyPage {
    this.pairOf(query.symbol);
    const now = this.deps.clock.now();
    const rows = this.repo.finished({
      symbol: query.symbol,
      period: query.period,
      from: query.from,
      to: query.to,
      after: query.after ?? 0,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      items: page.map((row) => ({
        round: this.roundView(row, now),
        bets: this.repo.betsOfRound(int(row.id)).map((bet) => this.publicBet(bet)),
      })),
      next: rows.length > query.limit && page.length > 0 ? int((page.at(-1) as RoundRow).id) : null,
    };
  }

  // ---- views -------------------------------------------------------------------------------------------------------

  private roundState(row: Pick<RoundRow, 'state' | 'open_at' | 'close_at'>, now: number): OptionRoundState {
    if (row.state === 'settled' || row.state === 'void') return row.state;
    if (now < row.open_at) return 'pending';
    return now < row.close_at ? 'in_progress' : 'settling';
  }

  roundView(row: RoundRow, now: number): OptionRound {
    const scale = int(row.price_scale);
    const price = (v: bigint | null) => (v === null ? null : formatDecimal(v, scale, scale));
    return {
      id: int(row.id),
      symbol: row.symbol,
      period: int(row.period),
      number: int(row.number),
      openAt: int(row.open_at),
      closeAt: int(row.close_at),
      state: this.roundState(row, now),
      openPrice: price(row.open_price),
      openIndexAt: row.open_index_at === null ? null : int(row.open_index_at),
      closePrice: price(row.close_price),
      closeIndexAt: row.close_index_at === null ? null : int(row.close_index_at),
      source: row.source,
      outcome: row.state === 'settled' ? row.outcome : null,
      voidReason: row.void_reason,
      bets: int(row.bets),
      upAmount: this.amount(row.up_stake),
      downAmount: this.amount(row.down_stake),
      payout: this.amount(row.payout),
      fees: this.amount(row.state === 'void' ? 0n : row.fees),
      poolResult: this.amount(row.pool_result),
      settledAt: row.settled_at === null ? null : int(row.settled_at),
    };
  }

  private publicBet(bet: BetRow): OptionPublicBet {
    return {
      id: int(bet.id),
      side: bet.side,
      amount: this.amount(bet.stake),
      fee: this.amount(bet.fee),
      payoutRatio: formatPpm(int(bet.payout_ppm)),
      state: bet.state,
      payout: bet.payout === null ? null : this.amount(bet.payout),
    };
  }

  private betView(row: BetWithRoundRow, now: number): OptionBet {
    const scale = int(row.price_scale);
    const price = (v: bigint | null) => (v === null ? null : formatDecimal(v, scale, scale));
    const finished = row.state !== 'open';
    return {
      id: int(row.id),
      roundId: int(row.round_id),
      symbol: row.symbol,
      period: int(row.period),
      number: int(row.number),
      side: row.side,
      amount: this.amount(row.stake),
      fee: this.amount(row.fee),
      payoutRatio: formatPpm(int(row.payout_ppm)),
      state: row.state,
      payout: row.payout === null ? null : this.amount(row.payout),
      profit: finished && row.payout !== null ? this.amount(row.payout - row.stake - row.fee) : null,
      openAt: int(row.open_at),
      closeAt: int(row.close_at),
      roundState: this.roundState({ state: row.round_state, open_at: row.open_at, close_at: row.close_at }, now),
      openPrice: price(row.open_price),
      closePrice: price(row.close_price),
      outcome: row.round_state === 'settled' ? row.outcome : null,
      createdAt: int(row.created_at),
      settledAt: row.settled_at === null ? null : int(row.settled_at),
    };
  }

  private pairView(pair: PairTerms, now: number) {
    const last = this.latest.get(pair.symbol) ?? null;
    return {
      symbol: pair.symbol,
      base: pair.base,
      quote: pair.quote,
      pricePrecision: pair.priceScale,
      enabled: pair.enabled,
      sort: pair.sort,
      hours: hoursView(pair),
      open: pair.enabled && withinHours(pair, now),
      index: last ? formatDecimal(last.price, pair.priceScale, pair.priceScale) : null,
      indexAt: last?.at ?? null,
    };
  }

  private periodView(period: PeriodTerms) {
    return {
      period: period.seconds,
      payoutRatio: formatPpm(period.payoutPpm),
      feeRate: formatPpm(period.feePpm),
      minAmount: this.amount(period.minStake),
      maxAmount: this.amount(period.maxStake),
      roundCap: this.amount(period.roundCap),
      enabled: period.enabled,
    };
  }

  // ---- operators -------------------------------------------------------------------------------------------------

  adminConfig(): OptionsAdminConfig {
    const now = this.deps.clock.now();
    return {
      asset: OPTIONS_ASSET,
      amountPrecision: AMOUNT_DECIMALS,
      pairs: this.pairList().map((pair) => ({
        ...this.pairView(pair, now),
        createdAt: pair.createdAt,
        updatedAt: pair.updatedAt,
      })),
      periods: this.periodList().map((period) => ({ ...this.periodView(period), updatedAt: period.updatedAt })),
      candidates: this.deps.markets
        .markets()
        .filter((m) => m.quote === OPTIONS_ASSET && !this.pairs.has(m.symbol))
        .map((m) => m.symbol),
    };
  }

  /** Adds a pair (a spot market quoted in the settlement asset) or changes its switch, order and hours. */
  savePair(input: OptionPairInput): OptionsAdminConfig {
    const now = this.deps.clock.now();
    if (input.hours.closeMinute <= input.hours.openMinute) {
      fail('OPTION_SETTINGS_INVALID', { detail: 'hours: the close must come after the open' });
    }
    const existing = this.pairs.get(input.symbol);
    let base = existing?.base;
    let quote = existing?.quote;
    let priceScale = existing?.priceScale;
    if (!existing) {
      const market = this.deps.markets.markets().find((m) => m.symbol === input.symbol);
      if (!market) fail('MARKET_NOT_FOUND');
      if (market.quote !== OPTIONS_ASSET) {
        fail('OPTION_SETTINGS_INVALID', { detail: `an option pair is quoted in ${OPTIONS_ASSET}` });
      }
      ({ base, quote } = market);
      priceScale = Math.min(8, market.pricePrecision);
    }
    this.deps.tx.run(() => {
      this.repo.upsertPair({
        symbol: input.symbol,
        base: base as string,
        quote: quote as string,
        price_scale: priceScale as number,
        enabled: input.enabled ? 1 : 0,
        sort: input.sort,
        days: daysMask(input.hours.days),
        open_minute: input.hours.openMinute,
        close_minute: input.hours.closeMinute,
        created_at: existing?.createdAt ?? now,
        updated_at: now,
      });
      this.deps.tx.afterCommit(() => this.loadTerms());
    });
    return this.adminConfig();
  }

  /** Adds a period or changes its terms; bets already placed keep the ratio and fee they were placed at. */
  savePeriod(input: OptionPeriodInput): OptionsAdminConfig {
    const now = this.deps.clock.now();
    const payoutPpm = parsePpm(input.payoutRatio, 'payoutRatio', 10_000_000);
    const feePpm = parsePpm(input.feeRate, 'feeRate', 100_000);
    const parse = (value: string, field: string) => {
      if (decimalPlaces(value) > AMOUNT_DECIMALS) {
        fail('OPTION_SETTINGS_INVALID', { detail: `${field}: at most ${AMOUNT_DECIMALS} decimals` });
      }
      return parseDecimal(value, this.assetScale);
    };
    const min = parse(input.minAmount, 'minAmount');
    const max = parse(input.maxAmount, 'maxAmount');
    const cap = parse(input.roundCap, 'roundCap');
    if (min <= 0n) fail('OPTION_SETTINGS_INVALID', { detail: 'minAmount must be positive' });
    if (max < min) fail('OPTION_SETTINGS_INVALID', { detail: 'maxAmount must be at least minAmount' });
    if (cap < max) fail('OPTION_SETTINGS_INVALID', { detail: 'roundCap must be at least maxAmount' });
    this.deps.tx.run(() => {
      this.repo.upsertPeriod({
        seconds: input.period,
        payout_ppm: payoutPpm,
        fee_ppm: feePpm,
        min_stake: min,
        max_stake: max,
        round_cap: cap,
        enabled: input.enabled ? 1 : 0,
        updated_at: now,
      });
      this.deps.tx.afterCommit(() => this.loadTerms());
    });
    return this.adminConfig();
  }

  adminRounds(query: {
    symbol?: string;
    period?: number;
    state?: 'pending' | 'open' | 'settled' | 'void';
    joined: boolean;
    from?: number;
    to?: number;
    page: number;
    size: number;
  }): PagedOptionRounds {
    const now = this.deps.clock.now();
    const { list, total } = this.repo.rounds(query, query.size, (query.page - 1) * query.size);
    return { list: list.map((row) => this.roundView(row, now)), total, page: query.page, size: query.size };
  }

  adminRound(id: number): OptionAdminRoundDetail {
    const row = this.repo.roundById(id);
    if (!row) fail('NOT_FOUND');
    return {
      round: this.roundView(row, this.deps.clock.now()),
      bets: this.repo.betsOfRound(id).map((bet) => ({
        ...this.publicBet(bet),
        uid: int(bet.uid),
        createdAt: int(bet.created_at),
      })),
      series: this.roundSeries(row),
    };
  }

  /** The house's result per pair and period over rounds settled in [from, to). */
  house(query: { from?: number; to?: number }): OptionHouse {
    const now = this.deps.clock.now();
    const to = query.to ?? now;
    const from = query.from ?? to - 86_400_000;
    const zero = { rounds: 0, bets: 0, staked: 0n, paid: 0n, fees: 0n, pool: 0n };
    const totals = { ...zero };
    const rows = this.repo.house(from, to).map((row) => {
      const figures = {
        rounds: int(row.rounds),
        bets: int(row.bets),
        staked: row.staked,
        paid: row.paid,
        fees: row.fees,
        pool: row.pool,
      };
      totals.rounds += figures.rounds;
      totals.bets += figures.bets;
      totals.staked += figures.staked;
      totals.paid += figures.paid;
      totals.fees += figures.fees;
      totals.pool += figures.pool;
      return { symbol: row.symbol, period: int(row.period), ...this.houseFigures(figures) };
    });
    return {
      asset: OPTIONS_ASSET,
      from,
      to,
      rows,
      totals: this.houseFigures(totals),
      poolBalance: this.amount(this.deps.ledger.balance(this.pool).available),
      openStakes: this.amount(this.repo.openStakes()),
    };
  }

  private houseFigures(f: {
    rounds: number;
    bets: number;
    staked: bigint;
    paid: bigint;
    fees: bigint;
    pool: bigint;
  }): OptionHouseFigures {
    return {
      rounds: f.rounds,
      bets: f.bets,
      staked: this.amount(f.staked),
      paidOut: this.amount(f.paid),
      fees: this.amount(f.fees),
      poolResult: this.amount(f.pool),
      houseResult: this.amount(f.pool + f.fees),
    };
  }

  // ---- demo terms --------------------------------------------------------------------------------------------------

  /**
   * First start: the demo pairs and periods (RULEBOOK: 30 s 80%, 60 s 85%, 180 s 85%, 300 s 90%; 10–10,000 USDT;
   * no fee), for pairs whose spot market exists. Idempotent: a pair or period already there is left as it is.
   */
  seedDefaults(pairs: readonly string[], periods: readonly DemoPeriod[]): void {
    const markets = new Map(this.deps.markets.markets().map((m) => [m.symbol, m]));
    pairs.forEach((symbol, i) => {
      if (this.pairs.has(symbol) || !markets.has(symbol)) return;
      this.savePair({
        symbol,
        enabled: true,
        sort: i + 1,
        hours: hoursView({ days: ALL_DAYS, openMinute: 0, closeMinute: 1440 }),
      });
    });
    for (const period of periods) {
      if (this.periods.has(period.period)) continue;
      this.savePeriod({ ...period, enabled: true });
    }
  }

  // ---- time ------------------------------------------------------------------------------------------------------

  /** The module's time rules (the scheduler runs them; docs/options.md, "Time"). */
  jobs(): JobDefinition[] {
    return [
      {
        name: 'series',
        description: 'Record each option pair’s index into the public 1-second series',
        everyMs: SECOND,
        catchUp: 'latest',
        run: ({ at }) => {
          this.recordSeries(at);
        },
      },
      {
        name: 'rounds',
        description: 'Open option rounds at their open instant and settle them at their close, from the series',
        everyMs: SECOND,
        catchUp: 'latest',
        run: ({ at, now }) => {
          this.runRounds(at, now);
        },
      },
      {
        name: 'prune',
        description: 'Forget series seconds and rounds without bets older than the retention',
        everyMs: 3_600_000,
        offsetMs: 1_800_000,
        catchUp: 'latest',
        run: ({ at }) => {
          this.repo.prune([...this.pairs.keys()], at - this.settings.seriesDays * 86_400_000);
        },
      },
    ];
  }

  // ---- channels ----------------------------------------------------------------------------------------------------

  private publishTickers(): void {
    const { hub } = this.deps;
    for (const pair of this.pairs.values()) {
      if (hub.subscriberCount('option-ticker', pair.symbol) === 0) continue;
      hub.publish('option-ticker', pair.symbol, this.current(pair.symbol));
    }
  }

  private publishCandles(points: readonly (Point & { symbol: string })[]): void {
    for (const point of points) {
      const previous = this.latest.get(point.symbol);
      this.latest.set(point.symbol, point);
      const pair = this.pairs.get(point.symbol);
      if (!pair || this.deps.hub.subscriberCount('option-kline', point.symbol) === 0) continue;
      const open = previous && previous.at === point.at - SECOND ? previous.price : point.price;
      const frame: OptionKlineFrame = { symbol: point.symbol, candle: this.candle(pair, point.at, open, point.price) };
      this.deps.hub.publish('option-kline', point.symbol, frame);
    }
  }

  tickerChannel(): ChannelSpec<{ symbol: string }> {
    return {
      name: 'option-ticker',
      params: symbolParams,
      topic: ({ symbol }) => symbol,
      snapshot: ({ symbol }) => (this.pairs.has(symbol) ? this.current(symbol) : undefined),
    };
  }

  klineChannel(): ChannelSpec<{ symbol: string }> {
    return {
      name: 'option-kline',
      params: symbolParams,
      topic: ({ symbol }) => symbol,
      snapshot: ({ symbol }) => this.latestCandle(symbol),
    };
  }
}

export interface DemoPeriod {
  period: number;
  payoutRatio: string;
  feeRate: string;
  minAmount: string;
  maxAmount: string;
  roundCap: string;
}

/** A round's open bets as read from the table, in typed arrays: id, side (0 up, 1 down), stake, fee, payout ppm. */
class RoundBets {
  count = 0;
  ids: Float64Array;
  sides: Uint8Array;
  stakes: BigInt64Array;
  fees: BigInt64Array;
  ppm: Float64Array;
  private up = 0n;
  private down = 0n;

  constructor(capacity: number) {
    const n = Math.max(capacity, 16);
    this.ids = new Float64Array(n);
    this.sides = new Uint8Array(n);
    this.stakes = new BigInt64Array(n);
    this.fees = new BigInt64Array(n);
    this.ppm = new Float64Array(n);
  }

  add(id: bigint, side: 'up' | 'down', stake: bigint, fee: bigint, ppm: bigint): void {
    if (this.count === this.ids.length) this.grow();
    const k = this.count++;
    this.ids[k] = Number(id);
    this.sides[k] = side === 'up' ? 0 : 1;
    // The table's CHECKs keep stakes positive and fees non-negative, both within 64 bits (the columns' range).
    this.stakes[k] = stake;
    this.fees[k] = fee;
    this.ppm[k] = Number(ppm);
    if (side === 'up') this.up += stake;
    else this.down += stake;
  }

  side(k: number): 'up' | 'down' {
    return this.sides[k] === 0 ? 'up' : 'down';
  }

  /** Whether these are all the round's bets: the same count and the same stake on each side as the round's row. */
  matches(bets: bigint, up: bigint, down: bigint): boolean {
    return BigInt(this.count) === bets && this.up === up && this.down === down;
  }

  private grow(): void {
    const n = this.ids.length * 2;
    const ids = new Float64Array(n);
    const sides = new Uint8Array(n);
    const stakes = new BigInt64Array(n);
    const fees = new BigInt64Array(n);
    const ppm = new Float64Array(n);
    ids.set(this.ids);
    sides.set(this.sides);
    stakes.set(this.stakes);
    fees.set(this.fees);
    ppm.set(this.ppm);
    this.ids = ids;
    this.sides = sides;
    this.stakes = stakes;
    this.fees = fees;
    this.ppm = ppm;
  }
}

/**
 * A round's bets as the ledger settles them (`HoldBatch`): bet ids, what each hold had (stake + fee) and what goes
 * back, in typed arrays. A 64-bit array wraps silently, so a value is checked before it is stored.
 */
class BetColumns implements HoldBatch {
  count = 0;
  readonly ids: Float64Array;
  private readonly held: BigInt64Array;
  private readonly backs: BigInt64Array;

  constructor(capacity: number) {
    this.ids = new Float64Array(Math.max(capacity, 16));
    this.held = new BigInt64Array(this.ids.length);
    this.backs = new BigInt64Array(this.ids.length);
  }

  add(betId: number, held: bigint, back: bigint): void {
    if (held > INT64_MAX || back > INT64_MAX || held < 0n || back < 0n) {
      throw new RangeError(`bet ${betId}: amount out of range`);
    }
    const k = this.count++;
    this.ids[k] = betId;
    this.held[k] = held;
    this.backs[k] = back;
  }

  /** A copy with twice the room. */
  grown(): BetColumns {
    const next = new BetColumns(this.ids.length * 2);
    next.ids.set(this.ids);
    next.held.set(this.held);
    next.backs.set(this.backs);
    next.count = this.count;
    return next;
  }

  holder(k: number): string {
    return betHolder(this.ids[k] as number);
  }

  amount(k: number): bigint {
    return this.held[k] as bigint;
  }

  back(k: number): bigint {
    return this.backs[k] as bigint;
  }
}

export function betHolder(betId: number): string {
  return `options:bet:${betId}`;
}

/** The reference of a round's settlement entry (one per round). */
export function roundSettlement(roundId: number): string {
  return `options:round:${roundId}:settle`;
}
