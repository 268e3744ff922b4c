import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AppstoreOutline } from 'antd-mobile-icons';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureService, ServiceBadgeProps } from '../lib/feature';
import { createQueryClient } from '../lib/query';
import { createRegistry, RegistryProvider } from '../lib/registry';
import { ServiceBadge } from './ServiceBadge';

const label = { ns: 't', key: 'x' };

function Count({ children }: ServiceBadgeProps) {
  return <span data-testid="badge">3{children}</span>;
}

const counted: FeatureService = {
  id: 'counted',
  path: '/a',
  label,
  icon: AppstoreOutline,
  group: 'support',
  badge: async () => ({ default: Count }),
};
const plain: FeatureService = { id: 'plain', path: '/b', label, icon: AppstoreOutline, group: 'support' };
const broken: FeatureService = {
  ...plain,
  id: 'broken',
  badge: () => Promise.reject(new Error('chunk failed')),
};

function renderBadges() {
  const registry = createRegistry([{ name: 't', routes: [], services: [counted, plain, broken], locales: [] }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RegistryProvider registry={registry}>
        {[counted, plain, broken].map((service) => (
          <ServiceBadge key={service.id} service={service}>
            <i>{service.id}</i>
          </ServiceBadge>
        ))}
      </RegistryProvider>
    </QueryClientProvider>,
  );
}

describe('shortcut badges', () => {
  it('loads the feature’s badge around the icon; a shortcut without one, or whose badge fails, shows the icon', async () => {
    // The failed chunk is reported (as a page's would be), not shown.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBadges();
    expect(screen.getByText('plain')).toBeTruthy();
    // Until the badge's code arrives, the icon alone.
    expect(screen.getByText('counted')).toBeTruthy();
    expect((await screen.findByTestId('badge')).textContent).toBe('3counted');
    expect(await screen.findByText('broken')).toBeTruthy();
    expect(reported).toHaveBeenCalled();
    reported.mockRestore();
  });
});
