import { z } from 'zod';
import { IdParam } from '../../schemas/common';
import { Candle } from '../../schemas/spot';
import {
  OptionAdminRoundDetail,
  OptionAdminRoundsQuery,
  OptionBalance,
  OptionBet,
  OptionHistoryQuery,
  OptionHouse,
  OptionHouseQuery,
  OptionJoinBody,
  OptionKlineQuery,
  OptionPairInput,
  OptionPeriodInput,
  OptionRound,
  OptionRoundDetail,
  OptionRoundsQuery,
  OptionsAdminConfig,
  OptionsConfig,
  OptionSeries,
  OptionSeriesQuery,
  OptionSymbolQuery,
  OptionTicker,
  OptionVerifyPage,
  OptionVerifyQuery,
  PagedOptionBets,
  PagedOptionRounds,
} from '../../schemas/options';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

const market = ['options: rounds and series'];
const bets = ['options: my bets'];
const admin = ['operator: options'];

/**
 * Up/down options. Everything needed to check a round is public (`/api/common/option/…`, no login): the rounds,
 * their bets without users, and the 1-second index series they were settled from.
 */
export const optionsApi = {
  config: route({
    method: 'GET',
    path: '/api/common/option/config',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary: 'Option pairs (with market hours and the newest index) and periods (payout ratio, fee, limits, cap)',
    data: OptionsConfig,
  }),
  current: route({
    method: 'GET',
    path: '/api/common/option/current',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary: 'A pair now: the index, and per period the round in progress and the next one (joinable until it opens)',
    query: OptionSymbolQuery,
    data: OptionTicker,
  }),
  rounds: route({
    method: 'GET',
    path: '/api/common/option/rounds',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary: 'A pair’s round history for one period, newest first (`before` = the oldest openAt seen)',
    query: OptionRoundsQuery,
    data: z.array(OptionRound),
  }),
  round: route({
    method: 'GET',
    path: '/api/common/option/round/:id',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary: 'One round with its bets (once it is over, without users) and the series from its open to its close',
    params: IdParam,
    data: OptionRoundDetail,
  }),
  verify: route({
    method: 'GET',
    path: '/api/common/option/verify',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary:
      'Finished rounds (settled or void) opening in [from, to), oldest first, each with its bets: recompute them from the series',
    query: OptionVerifyQuery,
    data: OptionVerifyPage,
  }),
  series: route({
    method: 'GET',
    path: '/api/common/option/series',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary:
      'The public 1-second index series of a pair from `from` to `to` (at most an hour), with timestamps and source',
    query: OptionSeriesQuery,
    data: OptionSeries,
  }),
  kline: route({
    method: 'GET',
    path: '/api/common/option/kline',
    access: PUBLIC,
    product: 'options',
    tags: market,
    summary: '1-second candles of the index (open = the previous second), oldest first; `option-kline` continues them',
    query: OptionKlineQuery,
    data: z.array(Candle),
  }),

  join: route({
    method: 'POST',
    path: '/mapi/option/join',
    access: USER,
    movesMoney: { requestId: 'requestId' },
    product: 'options',
    tags: bets,
    summary:
      'Join the next round of a pair and period, up or down: the amount and its fee are held from the options wallet until it settles',
    body: OptionJoinBody,
    data: OptionBet,
  }),
  open: route({
    method: 'GET',
    path: '/mapi/option/open',
    access: USER,
    product: 'options',
    tags: bets,
    summary: 'My bets whose round has not settled yet (waiting to open, in progress, settling), soonest first',
    data: z.array(OptionBet),
  }),
  history: route({
    method: 'GET',
    path: '/mapi/option/history',
    access: USER,
    product: 'options',
    tags: bets,
    summary: 'My settled bets of the last 3 months with their result and profit, newest first',
    query: OptionHistoryQuery,
    data: PagedOptionBets,
  }),
  balance: route({
    method: 'GET',
    path: '/mapi/option/balance',
    access: USER,
    product: 'options',
    tags: bets,
    summary: 'My options wallet in the settlement asset: available and held for open bets',
    data: OptionBalance,
  }),
} as const;

/** Up/down options for operators: terms (`products.manage`), the rounds, and the house's result (`ledger.read`). */
export const optionsAdminApi = {
  config: route({
    method: 'GET',
    path: '/admin/api/options/config',
    access: operator('products.manage'),
    tags: admin,
    summary: 'Option pairs (hours, switch, order) and periods (payout ratio, fee, limits, round cap)',
    data: OptionsAdminConfig,
  }),
  savePair: route({
    method: 'POST',
    path: '/admin/api/options/pairs',
    access: operator('products.manage'),
    tags: admin,
    summary: 'Add an option pair (a spot market quoted in the settlement asset) or change its switch, order and hours',
    body: OptionPairInput,
    data: OptionsAdminConfig,
  }),
  savePeriod: route({
    method: 'POST',
    path: '/admin/api/options/periods',
    access: operator('products.manage'),
    tags: admin,
    summary:
      'Add a period or change its terms; new terms apply to bets placed from now on (a bet keeps the ratio it was placed at)',
    body: OptionPeriodInput,
    data: OptionsAdminConfig,
  }),
  rounds: route({
    method: 'GET',
    path: '/admin/api/options/rounds',
    access: operator('products.manage'),
    tags: admin,
    summary: 'Rounds by pair, period, state and time, newest first',
    query: OptionAdminRoundsQuery,
    data: PagedOptionRounds,
  }),
  round: route({
    method: 'GET',
    path: '/admin/api/options/rounds/:id',
    access: operator('products.manage'),
    tags: admin,
    summary: 'One round with every bet and its user, and its series',
    params: IdParam,
    data: OptionAdminRoundDetail,
  }),
  house: route({
    method: 'GET',
    path: '/admin/api/options/house',
    access: operator('ledger.read'),
    tags: admin,
    summary: 'The house’s result per pair and period over a time range (stakes, payouts, fees, pool result)',
    query: OptionHouseQuery,
    data: OptionHouse,
  }),
} as const;
