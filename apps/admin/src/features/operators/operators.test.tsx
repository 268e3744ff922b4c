import type { OperatorSummary } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buttonIn,
  closeConsole,
  findModal,
  loadTexts,
  openConsole,
  operatorProfile,
  type SeenCall,
} from '../../test/console';

const PASSWORD = 'Qx7_generated-once-9';

function row(id: number, change: Partial<OperatorSummary> = {}): OperatorSummary {
  return {
    id,
    email: `op${id}@bourse.local`,
    name: `Operator ${id}`,
    role: 'support',
    status: 'active',
    twoFactor: true,
    createdAt: Date.UTC(2026, 0, 1),
    lastLoginAt: null,
    ...change,
  };
}

function server() {
  const list = [row(7, { role: 'admin', name: 'Me' }), row(8)];
  return (call: SeenCall) => {
    const update = /^\/admin\/api\/operators\/(\d+)\/update$/.exec(call.url);
    if (update) {
      const index = list.findIndex((r) => r.id === Number(update[1]));
      list[index] = { ...(list[index] as OperatorSummary), ...(call.body as Partial<OperatorSummary>) };
      return list[index];
    }
    if (call.url === '/admin/api/operators/8/resetPassword') return { operator: list[1], password: PASSWORD };
    if (call.url === '/admin/api/operators' && call.method === 'GET') return list;
    if (call.url === '/admin/api/operators' && call.method === 'POST') {
      const body = call.body as { email: string; name: string; role: OperatorSummary['role'] };
      const created = row(9, { ...body, twoFactor: false });
      list.push(created);
      return { operator: created, password: PASSWORD };
    }
    return undefined;
  };
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the operators page', { timeout: 30_000 }, () => {
  it('disables every control on one’s own row, and not on the others', async () => {
    openConsole(operatorProfile('admin'), '#/system/operators', server());
    const own = await screen.findByTestId('operator-status-7', {}, { timeout: 15_000 });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('operator-reset-password-7') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('operator-role-7').className).toContain('disabled');
    expect((screen.getByTestId('operator-status-8') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('operator-role-8').className).not.toContain('disabled');
  });

  it('creates an operator and shows the generated password once', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/system/operators', server());
    fireEvent.click(await screen.findByTestId('operator-new', {}, { timeout: 15_000 }));
    const form = await findModal();
    fireEvent.change(form.querySelector('input[name="email"]') as Element, { target: { value: 'mei@bourse.local' } });
    fireEvent.change(form.querySelector('input[name="name"]') as Element, { target: { value: 'Mei' } });
    // The default role's permissions are spelled out under the field (once the form has set its default role).
    await waitFor(() => expect(form.textContent).toContain('Answer the customer-service chat'));
    fireEvent.click(buttonIn(form, 'Create'));

    const once = await screen.findByTestId('operator-password-once', {}, { timeout: 10_000 });
    expect(once.textContent).toContain('Shown only this once');
    expect(screen.getByTestId('operator-password').textContent).toBe(PASSWORD);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'mei@bourse.local',
      name: 'Mei',
      role: 'support',
    });

    fireEvent.click(screen.getByTestId('operator-password-done'));
    await waitFor(() => expect(document.body.textContent).not.toContain(PASSWORD));
    expect(document.body.textContent).toContain('mei@bourse.local');
  });

  it('disables an operator after a confirmation', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/system/operators', server());
    fireEvent.click(await screen.findByTestId('operator-status-8', {}, { timeout: 15_000 }));
    const confirm = await waitFor(() => {
      const popover = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!popover) throw new Error('no confirmation');
      return popover;
    });
    expect(confirm.textContent).toContain('Disable Operator 8?');
    fireEvent.click(buttonIn(confirm, 'Disable'));
    await waitFor(() => expect(screen.getByTestId('operator-status-8').textContent).toBe('Enable'));
    expect(calls.find((call) => call.url === '/admin/api/operators/8/update')?.body).toEqual({ status: 'disabled' });
  });

  it('shows a reset password once too', async () => {
    openConsole(operatorProfile('admin'), '#/system/operators', server());
    fireEvent.click(await screen.findByTestId('operator-reset-password-8', {}, { timeout: 15_000 }));
    const confirm = await waitFor(() => {
      const popover = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!popover) throw new Error('no confirmation');
      return popover;
    });
    fireEvent.click(buttonIn(confirm, 'Reset password'));
    const once = await screen.findByTestId('operator-password-once', {}, { timeout: 10_000 });
    expect(once.textContent).toContain('They sign in with it and their authenticator app.');
    expect(screen.getByTestId('operator-password').textContent).toBe(PASSWORD);
  });
});
