import { OPERATOR_ROLES, type Permission, ROLE_PERMISSIONS } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { consoleFeatures } from '../app/features';
import { activeEntry, allPages, firstPage, menuBadges, visibleCards, visibleMenu, visibleQueues } from './menu';

const may = (role: (typeof OPERATOR_ROLES)[number]): ReadonlySet<Permission> => new Set(ROLE_PERMISSIONS[role]);
const paths = (role: (typeof OPERATOR_ROLES)[number]) =>
  visibleMenu(consoleFeatures, may(role)).flatMap((group) => group.entries.map((entry) => entry.path));

describe('the menu an operator sees', () => {
  it('shows a content operator the dashboard, the content pages and the scheduler, and no queue, market or ledger', () => {
    expect(paths('content')).toEqual([
      '/',
      '/content/banners',
      '/content/articles',
      '/content/app-versions',
      '/system/scheduler',
      '/me/password',
    ]);
  });

  it('shows support the user lookup, the customer-service inbox, chat moderation and C2C appeals, and no other review queue', () => {
    expect(paths('support')).toEqual([
      '/',
      '/users',
      '/users/two-factor-resets',
      '/support',
      '/chat',
      '/c2c',
      '/system/scheduler',
      '/me/password',
    ]);
  });

  it('shows operators only to a role that manages them', () => {
    expect(paths('admin')).toContain('/system/operators');
    for (const role of ['compliance', 'finance', 'risk', 'content', 'support'] as const) {
      expect(paths(role), role).not.toContain('/system/operators');
    }
  });

  it('shows finance the withdrawal queue, the ledger and the chain, not identity reviews', () => {
    const finance = paths('finance');
    expect(finance).toContain('/reviews/withdrawals');
    expect(finance).toContain('/finance/ledger');
    expect(finance).toContain('/finance/chain');
    expect(finance).toContain('/finance/networks');
    expect(finance).not.toContain('/reviews/identity');
    expect(finance).not.toContain('/system/audit');
  });

  it('shows compliance identity reviews and not withdrawals', () => {
    expect(paths('compliance')).toEqual([
      '/',
      '/users',
      '/users/two-factor-resets',
      '/reviews/identity',
      '/system/scheduler',
      '/me/password',
    ]);
  });

  it('shows every role exactly the pages its permissions allow, and the admin every page', () => {
    for (const role of OPERATOR_ROLES) {
      const expected = allPages(consoleFeatures)
        .filter((page) => page.menu && ROLE_PERMISSIONS[role].includes(page.permission))
        .map((page) => page.path);
      expect(new Set(paths(role)), role).toEqual(new Set(expected));
    }
    expect(paths('admin')).toHaveLength(allPages(consoleFeatures).filter((page) => page.menu).length);
  });

  it('keeps the sections in order and leaves out the empty ones', () => {
    const sections = (role: (typeof OPERATOR_ROLES)[number]) =>
      visibleMenu(consoleFeatures, may(role)).map((group) => group.section);
    expect(sections('admin')).toEqual(['overview', 'users', 'reviews', 'markets', 'content', 'finance', 'system']);
    expect(sections('content')).toEqual(['overview', 'content', 'system']);
    expect(sections('support')).toEqual(['overview', 'users', 'reviews', 'system']);
  });

  it('gives every card and page a permission that a role holds (nothing is unreachable)', () => {
    const granted = new Set(OPERATOR_ROLES.flatMap((role) => ROLE_PERMISSIONS[role]));
    for (const page of allPages(consoleFeatures)) expect(granted.has(page.permission), page.path).toBe(true);
    expect(visibleCards(consoleFeatures, may('content')).map((card) => card.id)).toEqual([
      'users',
      'depositsToday',
      'withdrawalsToday',
      'tradingToday',
      'reconciliation',
      'scheduler',
    ]);
    expect(visibleCards(consoleFeatures, may('finance')).map((card) => card.id)).toEqual([
      'users',
      'depositsToday',
      'withdrawalsToday',
      'tradingToday',
      'reconciliation',
      'chain',
      'scheduler',
    ]);
  });

  it('lights the entry of a page opened from it, and lands where the role may go', () => {
    const menu = visibleMenu(consoleFeatures, may('admin'));
    expect(activeEntry(menu, '/content/articles/12')).toBe('/content/articles');
    expect(activeEntry(menu, '/reviews/identity/3')).toBe('/reviews/identity');
    expect(activeEntry(menu, '/users/10001')).toBe('/users');
    expect(activeEntry(menu, '/support/4')).toBe('/support');
    expect(activeEntry(menu, '/')).toBe('/');
    expect(activeEntry(menu, '/nowhere')).toBeUndefined();
    expect(firstPage(visibleMenu(consoleFeatures, new Set<Permission>(['content.manage'])))).toBe('/content/banners');
  });

  it('gives each review queue the server counts a card for the roles that work it, linked to its page', () => {
    const counted = [
      { key: 'support', pending: 2, permission: 'support.chat' },
      { key: 'withdrawals', pending: 1, permission: 'withdrawals.review' },
      { key: 'identity', pending: 0, permission: 'identity.review' },
      { key: 'approvals', pending: 4, permission: 'ledger.adjust' },
      { key: 'mystery', pending: 1, permission: 'no.such.permission' },
    ];
    const cards = (role: (typeof OPERATOR_ROLES)[number]) =>
      visibleQueues(consoleFeatures, may(role), counted).map((q) => [q.key, q.pending, q.queue?.path ?? null]);
    expect(cards('compliance')).toEqual([['identity', 0, '/reviews/identity']]);
    expect(cards('support')).toEqual([['support', 2, '/support']]);
    // A queue no feature works yet still shows its count (without a link), after the known ones.
    expect(cards('finance')).toEqual([
      ['withdrawals', 1, '/reviews/withdrawals'],
      ['approvals', 4, null],
    ]);
    expect(cards('content')).toEqual([]);
    expect(cards('admin').map(([key]) => key)).toEqual(['identity', 'withdrawals', 'support', 'approvals']);
  });

  it('links every queue card to a page of the console that needs no more than the queue', () => {
    const paths = new Set(allPages(consoleFeatures).map((page) => page.path));
    for (const queue of consoleFeatures.flatMap((feature) => feature.queues ?? [])) {
      // A card may open a tab of its page (`/c2c?tab=merchants`).
      expect(paths.has(queue.path.split('?')[0] ?? ''), queue.key).toBe(true);
    }
  });

  it('has one page per path', () => {
    const all = allPages(consoleFeatures).map((page) => page.path);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('the menu badges', () => {
  it('puts each queue’s waiting count on the entry that leads to it, summing queues that share one', () => {
    const menu = visibleMenu(consoleFeatures, may('admin'));
    const badges = menuBadges(consoleFeatures, menu, [
      { key: 'support', pending: 3 },
      { key: 'identity', pending: 0 },
      { key: 'withdrawals', pending: 2 },
      { key: 'c2c-appeals', pending: 1 },
      { key: 'c2c-merchants', pending: 2 },
      { key: 'unknown-queue', pending: 9 },
    ]);
    expect(Object.fromEntries(badges)).toEqual({ '/support': 3, '/reviews/withdrawals': 2, '/c2c': 3 });
  });

  it('shows nothing for a queue whose page the role cannot open', () => {
    const menu = visibleMenu(consoleFeatures, may('content'));
    expect(menuBadges(consoleFeatures, menu, [{ key: 'support', pending: 3 }]).size).toBe(0);
  });
});
