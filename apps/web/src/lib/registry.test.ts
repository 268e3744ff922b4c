import { AppstoreOutline } from 'antd-mobile-icons';
import { describe, expect, it } from 'vitest';
import type { Feature, PageModule } from './feature';
import { createRegistry } from './registry';

const page = (): Promise<PageModule> => Promise.resolve({ default: () => null });
const label = { ns: 't', key: 'x' };
const section = () => Promise.resolve({ default: () => null });

const features: Feature[] = [
  {
    name: 'wallet',
    routes: [{ path: '/pages/usreMei/property', page }],
    services: [{ id: 'assets', path: '/pages/usreMei/property', label, icon: AppstoreOutline, group: 'assets' }],
    locales: [],
  },
  {
    name: 'futures',
    product: 'futures',
    routes: [{ path: '/pages/lever/lever', page, tab: 'futures' }],
    services: [{ id: 'futures', path: '/pages/lever/lever', label, icon: AppstoreOutline, group: 'trade' }],
    homeSections: [{ id: 'futures-hot', order: 1, load: section }],
    locales: [],
  },
];

describe('the registry without closed products', () => {
  it('keeps everything while every product is available', () => {
    const registry = createRegistry(features);
    expect(registry.routes.map((r) => r.path)).toEqual(['/pages/usreMei/property', '/pages/lever/lever']);
    expect(registry.hasRoute('/pages/lever/lever?symbol=BTC')).toBe(true);
    expect(registry.homeSections.map((s) => s.id)).toEqual(['futures-hot']);
    expect(registry.closedProduct(features[1]!.routes[0]!)).toBeUndefined();
  });

  it('drops a closed product’s routes, shortcuts, tab and home blocks, and keeps the same objects for the rest', () => {
    const registry = createRegistry(features);
    const closed = registry.without(new Set(['futures']));
    expect(closed.routes.map((r) => r.path)).toEqual(['/pages/usreMei/property']);
    expect(closed.services.map((s) => s.id)).toEqual(['assets']);
    expect(closed.homeSections).toEqual([]);
    expect(closed.hasRoute('/pages/lever/lever')).toBe(false);
    expect(closed.hasRoute('/pages/usreMei/property')).toBe(true);
    expect(closed.closedProduct(features[1]!.routes[0]!)).toBe('futures');
    // The same view for the same set (no remounts), and the full one again once it reopens.
    expect(registry.without(new Set(['futures']))).toBe(closed);
    expect(closed.without(new Set()).homeSections[0]).toBe(registry.homeSections[0]);
  });
});
