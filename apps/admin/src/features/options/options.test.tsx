import type { OptionAdminRoundDetail, OptionRound, OptionSeries } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';
import { checkRound, outcomeOf } from './verify';

const OPEN = Date.UTC(2026, 10, 23, 12, 0, 30);
const CLOSE = OPEN + 30_000;

function round(change: Partial<OptionRound> = {}): OptionRound {
  return {
    id: 7,
    symbol: 'BTC_USDT',
    period: 30,
    number: OPEN / 30_000,
    openAt: OPEN,
    closeAt: CLOSE,
    state: 'settled',
    openPrice: '100000.00',
    openIndexAt: OPEN + 12,
    closePrice: '100123.45',
    closeIndexAt: CLOSE + 8,
    source: 'simulator',
    outcome: 'up',
    voidReason: null,
    bets: 2,
    upAmount: '100',
    downAmount: '50',
    payout: '180',
    fees: '0',
    poolResult: '-30',
    settledAt: CLOSE + 1000,
    ...change,
  };
}

function series(points: [number, string][]): OptionSeries {
  return {
    symbol: 'BTC_USDT',
    pricePrecision: 2,
    from: OPEN,
    to: CLOSE,
    points: points.map(([t, price]) => ({ t, price, indexAt: t + 10, source: 'simulator' })),
  };
}

const SERIES = series([
  [OPEN, '100000.00'],
  [OPEN + 1000, '100050.00'],
  [CLOSE, '100123.45'],
]);

describe('recomputing a round from the series', () => {
  it('derives the outcome from open and close only', () => {
    expect(outcomeOf('100000.00', '100123.45', 2)).toBe('up');
    expect(outcomeOf('100000.00', '99999.99', 2)).toBe('down');
    expect(outcomeOf('100000', '100000.00', 2)).toBe('flat');
  });

  it('accepts a round whose prices are the series at its instants, and catches any other', () => {
    expect(checkRound(round(), SERIES)).toBe('matches');
    expect(checkRound(round({ closePrice: '100123.44' }), SERIES)).toBe('differs');
    expect(checkRound(round({ outcome: 'down' }), SERIES)).toBe('differs');
    expect(checkRound(round(), series([[OPEN, '100000.00']]))).toBe('missing');
    expect(checkRound(round({ state: 'in_progress', outcome: null, closePrice: null }), SERIES)).toBe('pending');
    // Void is right only when a price is missing.
    const voided = round({ state: 'void', outcome: null, voidReason: 'no_close_price', closePrice: null });
    expect(checkRound(voided, series([[OPEN, '100000.00']]))).toBe('missing');
    expect(checkRound(voided, SERIES)).toBe('differs');
  });
});

const DETAIL: OptionAdminRoundDetail = {
  round: round(),
  bets: [
    {
      id: 1,
      uid: 42,
      side: 'up',
      amount: '100',
      fee: '0',
      payoutRatio: '0.8',
      state: 'win',
      payout: '180',
      createdAt: OPEN - 5000,
    },
    {
      id: 2,
      uid: 43,
      side: 'down',
      amount: '50',
      fee: '0',
      payoutRatio: '0.8',
      state: 'loss',
      payout: '0',
      createdAt: OPEN - 4000,
    },
  ],
  series: SERIES,
};

function server(call: SeenCall) {
  if (call.url === '/admin/api/options/config') {
    return { asset: 'USDT', amountPrecision: 2, pairs: [], periods: [], candidates: [] };
  }
  if (call.url.startsWith('/admin/api/options/rounds?')) return { list: [round()], total: 1, page: 1, size: 20 };
  if (call.url === '/admin/api/options/rounds/7') return DETAIL;
  return undefined;
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the option rounds page', { timeout: 30_000 }, () => {
  it('lists joined rounds and opens one on its verification data, bets with users and series', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/options/rounds', server);
    const table = await screen.findByTestId('option-rounds', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.textContent).toContain('100,123.45'));
    expect(calls.some((c) => c.url.startsWith('/admin/api/options/rounds?') && c.url.includes('joined=true'))).toBe(
      true,
    );
    fireEvent.click(await screen.findByTestId('option-round-7'));
    const check = await screen.findByTestId('option-series-check', {}, { timeout: 10_000 });
    expect(check.textContent).toContain('Open and close match the series');
    expect(document.body.textContent).toContain('simulator');
    expect(document.body.textContent).toContain('Series (3 seconds)');
  });
});
