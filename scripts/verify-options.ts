// Recomputes finished up/down option rounds from the public 1-second index series, with no login and nothing from
// the exchange but its public answers (docs/options.md, "Verifying rounds"):
//
//   node --import tsx scripts/verify-options.ts --url http://127.0.0.1:8080 --symbol BTC_USDT --period 30 [--hours 1]
//   node --import tsx scripts/verify-options.ts --url … --symbol … --period … --from <ms> --to <ms>
//
// For every round opening in [from, to): its open and close prices must be the series' values at its open and close
// instants (void exactly when one is missing), its outcome must follow from them, and every bet's result and payout
// must be what the pure settlement rule (`settleOptionBet`, packages/engine) gives for (open, close, side, stake,
// fee, payout ratio); the round's pool result is the sum. Exits 1 on the first round that does not recompute.
import { optionOutcome, settleOptionBet } from '@bourse/engine';
import { parseDecimal, parseSignedDecimal } from '@bourse/money';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Round {
  id: number | null;
  number: number;
  openAt: number;
  closeAt: number;
  state: string;
  openPrice: string | null;
  closePrice: string | null;
  outcome: string | null;
  poolResult: string;
}
interface Bet {
  id: number;
  side: 'up' | 'down';
  amount: string;
  fee: string;
  payoutRatio: string;
  state: string;
  payout: string | null;
}
interface VerifyPage {
  items: { round: Round; bets: Bet[] }[];
  next: number | null;
}
interface Series {
  pricePrecision: number;
  points: { t: number; price: string; indexAt: number; source: string }[];
}

/** Amounts compared at 8 decimals (the ledger's scale): stakes have 2 and ratios 6, so nothing rounds here. */
const AMOUNT_SCALE = 8;
const HOUR = 3_600_000;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const url = (arg('url') ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const symbol = arg('symbol') ?? 'BTC_USDT';
const period = Number(arg('period') ?? '30');
const to = Number(arg('to') ?? Date.now());
const from = Number(arg('from') ?? to - Number(arg('hours') ?? '1') * HOUR);

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${url}${path}`, { headers: { lang: 'en' } });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The series from `start` to `end` inclusive, an hour per call. */
async function seriesOf(start: number, end: number): Promise<{ scale: number; prices: Map<number, string> }> {
  const prices = new Map<number, string>();
  let scale = 0;
  for (let t = start; t <= end; t += HOUR) {
    const part = await get<Series>(
      `/api/common/option/series?symbol=${symbol}&from=${t}&to=${Math.min(end, t + HOUR - 1000)}`,
    );
    scale = part.pricePrecision;
    for (const p of part.points) prices.set(p.t, p.price);
  }
  return { scale, prices };
}

const problems: string[] = [];
let rounds = 0;
let bets = 0;
const series = await seriesOf(Math.floor(from / 1000) * 1000, to + period * 1000);
const price = (t: number) => {
  const p = series.prices.get(t);
  return p === undefined ? null : parseDecimal(p, series.scale);
};
const same = (a: string | null, b: bigint | null) =>
  a === null ? b === null : b !== null && parseDecimal(a, series.scale) === b;

let after: number | undefined;
for (;;) {
  const page = await get<VerifyPage>(
    `/api/common/option/verify?symbol=${symbol}&period=${period}&from=${from}&to=${to}&limit=200${after === undefined ? '' : `&after=${after}`}`,
  );
  for (const { round, bets: roundBets } of page.items) {
    rounds++;
    const where = `${symbol} ${period}s round ${round.number}`;
    const open = price(round.openAt);
    const close = price(round.closeAt);
    const missing = open === null || close === null;
    if (missing !== (round.state === 'void'))
      problems.push(`${where}: state ${round.state}, series prices ${open}/${close}`);
    if (!missing) {
      if (!same(round.openPrice, open)) problems.push(`${where}: open ${round.openPrice} ≠ series ${open}`);
      if (!same(round.closePrice, close)) problems.push(`${where}: close ${round.closePrice} ≠ series ${close}`);
      const outcome = optionOutcome(open, close);
      if (round.outcome !== outcome) problems.push(`${where}: outcome ${round.outcome} ≠ ${outcome}`);
    }
    let pool = 0n;
    for (const bet of roundBets) {
      bets++;
      const settled = settleOptionBet(missing ? null : open, missing ? null : close, {
        side: bet.side,
        stake: parseDecimal(bet.amount, AMOUNT_SCALE),
        fee: parseDecimal(bet.fee, AMOUNT_SCALE),
        payoutPpm: Number(parseDecimal(bet.payoutRatio, 6)),
      });
      pool += settled.pool;
      if (bet.state !== settled.result) problems.push(`${where} bet ${bet.id}: ${bet.state} ≠ ${settled.result}`);
      if (bet.payout === null || parseDecimal(bet.payout, AMOUNT_SCALE) !== settled.payout) {
        problems.push(`${where} bet ${bet.id}: payout ${bet.payout} ≠ ${settled.payout}`);
      }
    }
    if (parseSignedDecimal(round.poolResult, AMOUNT_SCALE) !== pool) {
      problems.push(`${where}: pool result ${round.poolResult} ≠ the bets' ${pool}`);
    }
  }
  if (page.next === null) break;
  after = page.next;
}

console.log(
  `${symbol} ${period}s, ${new Date(from).toISOString()} – ${new Date(to).toISOString()}: ${rounds} rounds, ${bets} bets recomputed from ${series.prices.size} series points`,
);
for (const p of problems) console.log(`MISMATCH ${p}`);
console.log(problems.length === 0 ? 'every round recomputes' : `${problems.length} mismatches`);
process.exit(problems.length === 0 ? 0 : 1);
