import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile } from '../../test/console';

beforeAll(loadTexts);
afterEach(closeConsole);

describe('my password', { timeout: 30_000 }, () => {
  it('sends the current password, the new one and a code; every role has the page', async () => {
    const calls = openConsole(operatorProfile('content'), '#/me/password');
    const current = await screen.findByTestId('password-current', {}, { timeout: 15_000 });
    fireEvent.change(current, { target: { value: 'first-pass-2026' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'second-pass-26' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'second-pass-2' } });
    fireEvent.change(screen.getByTestId('password-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('The two new passwords differ.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'second-pass-26' } });
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/admin/api/me/password',
        body: { currentPassword: 'first-pass-2026', newPassword: 'second-pass-26', code: '123456' },
      }),
    );
  });
});
