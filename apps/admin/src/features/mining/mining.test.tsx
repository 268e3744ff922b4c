import type { MiningMachineAdmin } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const TRIAL: MiningMachineAdmin = {
  id: 1,
  name: 'Trial miner',
  names: { en: 'Trial miner' },
  hashrate: '1 TH/s',
  priceAsset: 'USDT',
  price: '10',
  termDays: 3,
  outputAsset: 'BTC',
  dailyOutput: '0.000016',
  totalOutput: '0.000048',
  fuelAsset: 'USDT',
  dailyFuel: '0.1',
  perUserLimit: 1,
  stock: null,
  sold: 0,
  remaining: null,
  onSale: true,
  status: 'active',
  sort: 0,
  holding: 0,
  reserved: '0',
  createdAt: 0,
  updatedAt: 0,
};

function server() {
  const machines = [TRIAL];
  return (call: SeenCall) => {
    if (call.url === '/admin/api/mining/machines' && call.method === 'POST') {
      const body = call.body as { names: { en: string } };
      const made = { ...TRIAL, id: 2, name: body.names.en, names: body.names };
      machines.push(made);
      return made;
    }
    if (call.url === '/admin/api/mining/machines/1') return { ...TRIAL, ...(call.body as object) };
    if (call.url === '/admin/api/mining/machines') return machines;
    if (call.url === '/admin/api/mining/pool') return { account: 'mining_pool', rows: [] };
    if (call.url === '/admin/api/mining/totals')
      return { miners: { running: 0, notStarted: 0, ended: 0 }, users: 0, rows: [] };
    if (call.url.startsWith('/admin/api/mining/miners')) return { list: [], total: 0, page: 1, size: 50 };
    return undefined;
  };
}

/** A field of the open drawer by its name. */
function input(name: string): HTMLInputElement {
  const field = document.querySelector<HTMLInputElement>(`.ant-drawer-open input[name="${name}"]`);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the mining page', { timeout: 120_000 }, () => {
  it('creates a machine model and edits one', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/markets/mining', server());
    const table = await screen.findByTestId('mining-machines', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.textContent).toContain('Trial miner'));

    fireEvent.click(screen.getByTestId('machine-create'));
    const name = await waitFor(() => input('names.en'));
    fireEvent.change(name, { target: { value: 'S21 Pro' } });
    fireEvent.click(screen.getByTestId('machine-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/admin/api/mining/machines' && c.method === 'POST')?.body).toEqual({
        names: { en: 'S21 Pro' },
        hashrate: '',
        priceAsset: 'USDT',
        price: '100',
        termDays: 30,
        outputAsset: 'BTC',
        dailyOutput: '0.00005',
        fuelAsset: 'USDT',
        dailyFuel: '0.5',
        perUserLimit: 5,
        stock: null,
        status: 'active',
        sort: 0,
      }),
    );

    fireEvent.click(await screen.findByTestId('machine-1-edit'));
    const price = await waitFor(() => {
      const field = input('price');
      expect(field.value).toBe('10');
      return field;
    });
    fireEvent.change(price, { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('machine-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/admin/api/mining/machines/1')?.body).toMatchObject({
        names: { en: 'Trial miner' },
        price: '12.5',
        termDays: 3,
      }),
    );
  });
});
