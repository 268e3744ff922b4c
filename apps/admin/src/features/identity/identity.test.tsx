import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const ROW = {
  id: 11,
  uid: 10000042,
  type: 'id_card',
  familyName: 'Lovelace',
  givenName: 'Ada',
  number: 'E2E1815121',
  status: 'pending',
  submittedAt: Date.UTC(2026, 4, 1),
  reviewedAt: null,
};

function server(call: SeenCall) {
  if (call.url.startsWith('/admin/api/identity/list')) return { list: [ROW], total: 1, page: 1, size: 20 };
  return undefined;
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the identity queue', { timeout: 30_000 }, () => {
  it('leads from a submission’s uid to the user’s page', async () => {
    openConsole(operatorProfile('compliance'), '#/reviews/identity', server);
    const table = await screen.findByTestId('identity-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.querySelector('a[href="#/users/10000042"]')).not.toBeNull());
  });

  it('shows the uid as text to a role that may not look users up', async () => {
    openConsole(
      operatorProfile('compliance', ['session', 'dashboard.read', 'identity.review']),
      '#/reviews/identity',
      server,
    );
    const table = await screen.findByTestId('identity-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.textContent).toContain('10000042'));
    expect(table.querySelector('a[href="#/users/10000042"]')).toBeNull();
  });
});
