import type { JournalEntry, SystemAccount } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const accounts: SystemAccount[] = [
  { system: 'fees', wallet: 'spot', asset: 'USDT', sub: '', type: 'revenue', available: '7.5', frozen: '0' },
  { system: 'market_maker:1', wallet: 'spot', asset: 'BTC', sub: '', type: 'equity', available: '2', frozen: '0.5' },
];

const line = (entryId: number, reference: string, available: string, availableAfter: string) => ({
  entryId,
  reference,
  reason: 'spot.fee',
  createdAt: Date.UTC(2026, 10, 24, 6, entryId),
  available,
  frozen: '0',
  availableAfter,
  frozenAfter: '0',
  meta: null,
});

const entry: JournalEntry = {
  id: 41,
  reference: 'spot:trade:9',
  reason: 'spot.trade',
  createdAt: Date.UTC(2026, 10, 24, 6, 0),
  meta: { market: 'BTC_USDT' },
  legs: [
    {
      owner: 'user',
      uid: 1007,
      system: null,
      wallet: 'spot',
      asset: 'USDT',
      sub: '',
      bucket: 'frozen',
      amount: '-101.25',
      holder: 'order:77',
    },
    {
      owner: 'system',
      uid: null,
      system: 'fees',
      wallet: 'spot',
      asset: 'USDT',
      sub: '',
      bucket: 'available',
      amount: '1.25',
      holder: null,
    },
  ],
};

function server() {
  return (call: SeenCall) => {
    const url = new URL(call.url, 'http://console');
    if (url.pathname === '/admin/api/ledger/system-accounts') return { list: accounts };
    if (url.pathname === '/admin/api/ledger/statement') {
      const older = url.searchParams.get('before') === '3';
      return {
        account: { id: 5, type: 'revenue', available: '7.5', frozen: '0' },
        list: older
          ? [line(2, 'console:fee:1', '1.25', '1.25')]
          : [line(4, 'console:fee:3', '3.75', '7.5'), line(3, 'console:fee:2', '2.5', '3.75')],
        next: older ? null : 3,
      };
    }
    if (url.pathname === '/admin/api/ledger/holds') {
      return { frozen: '0.5', list: [{ holder: 'order:88', amount: '0.5', createdAt: Date.UTC(2026, 10, 24) }] };
    }
    if (url.pathname === '/admin/api/ledger/journal') return { list: [entry], total: 21, page: 1, size: 20 };
    return undefined;
  };
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the ledger’s system accounts and journal pages', { timeout: 30_000 }, () => {
  it('lists the system accounts; a click shows the statement page by page and the open holds', async () => {
    const calls = openConsole(operatorProfile('finance'), '#/finance/ledger/system-accounts', server());
    const table = await screen.findByTestId('system-accounts-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.textContent).toContain('market_maker:1'));
    expect(table.textContent).toContain('Revenue');
    expect(table.textContent).toContain('7.5');

    fireEvent.click([...table.querySelectorAll('tr')].find((r) => r.textContent?.includes('fees')) as HTMLElement);
    const statement = await screen.findByTestId('system-statement');
    await waitFor(() => expect(statement.textContent).toContain('console:fee:3'));
    expect(statement.textContent).toContain('3.75');
    const first = calls.find((c) => c.url.startsWith('/admin/api/ledger/statement'));
    expect(new URL(first?.url ?? '', 'http://console').searchParams.get('system')).toBe('fees');
    const holds = await screen.findByTestId('system-holds');
    await waitFor(() => expect(holds.textContent).toContain('order:88'));

    fireEvent.click(screen.getByTestId('statement-older'));
    await waitFor(() => expect(statement.textContent).toContain('console:fee:1'));
    expect(statement.textContent).not.toContain('console:fee:3');
    expect(calls.some((c) => c.url.includes('/admin/api/ledger/statement') && c.url.includes('before=3'))).toBe(true);
  });

  it('searches the journal by reference and shows each entry’s legs', async () => {
    const calls = openConsole(operatorProfile('finance'), '#/finance/ledger/journal', server());
    const search = await screen.findByTestId('journal-search', {}, { timeout: 15_000 });
    const input = search.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'sp' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Type at least 3 characters (a prefix ends with *).');
    expect(calls.some((c) => c.url.startsWith('/admin/api/ledger/journal'))).toBe(false);

    const again = (await screen.findByTestId('journal-search')).querySelector('input') as HTMLInputElement;
    fireEvent.change(again, { target: { value: 'spot:trade:*' } });
    fireEvent.keyDown(again, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const table = await screen.findByTestId('journal-table');
    await waitFor(() => expect(table.textContent).toContain('spot:trade:9'));
    const legs = await screen.findByTestId('journal-legs-41');
    expect(legs.textContent).toContain('-101.25');
    expect(legs.textContent).toContain('order:77');
    expect(legs.textContent).toContain('fees');
    const asked = calls.find((c) => c.url.startsWith('/admin/api/ledger/journal'));
    expect(new URL(asked?.url ?? '', 'http://console').searchParams.get('reference')).toBe('spot:trade:*');
  });
});
