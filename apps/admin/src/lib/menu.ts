import { type Permission, PERMISSIONS } from '@bourse/contract';
import type { ComponentType } from 'react';
import type { MessageRef } from './i18n';
import {
  type ConsoleFeature,
  type ConsolePage,
  type DashboardCard,
  MENU_SECTIONS,
  type MenuSection,
  type ReviewQueue,
} from './registry';

export interface MenuEntry {
  path: string;
  title: MessageRef;
  icon: ComponentType;
}

export interface MenuGroup {
  section: MenuSection;
  entries: MenuEntry[];
}

/**
 * The sider for an operator: every page with a menu entry whose permission the role holds, grouped by section in
 * the sections' order, each section in its entries' order; a section with nothing to show is left out.
 */
export function visibleMenu(features: readonly ConsoleFeature[], permissions: ReadonlySet<Permission>): MenuGroup[] {
  const bySection = new Map<MenuSection, { order: number; entry: MenuEntry }[]>();
  for (const page of allPages(features)) {
    if (!page.menu || !permissions.has(page.permission)) continue;
    const list = bySection.get(page.menu.section) ?? [];
    list.push({ order: page.menu.order, entry: { path: page.path, title: page.title, icon: page.menu.icon } });
    bySection.set(page.menu.section, list);
  }
  return MENU_SECTIONS.flatMap((section) => {
    const list = bySection.get(section);
    if (!list) return [];
    return [{ section, entries: list.sort((a, b) => a.order - b.order).map((item) => item.entry) }];
  });
}

export function allPages(features: readonly ConsoleFeature[]): ConsolePage[] {
  return features.flatMap((feature) => feature.pages);
}

/** The dashboard's cards an operator may see, in order. */
export function visibleCards(
  features: readonly ConsoleFeature[],
  permissions: ReadonlySet<Permission>,
): DashboardCard[] {
  return features
    .flatMap((feature) => feature.dashboardCards ?? [])
    .filter((card) => permissions.has(card.permission))
    .sort((a, b) => a.order - b.order);
}

/**
 * The menu entry to highlight for a location: the longest entry path that is the location or a parent of it
 * (`/content/articles/12` lights "Articles"). The dashboard (`/`) matches only itself.
 */
export function activeEntry(menu: readonly MenuGroup[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const group of menu) {
    for (const { path } of group.entries) {
      const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
      if (matches && (best === undefined || path.length > best.length)) best = path;
    }
  }
  return best;
}

/** The first page an operator may open (where the console lands when the dashboard is not theirs). */
export function firstPage(menu: readonly MenuGroup[]): string | undefined {
  return menu[0]?.entries[0]?.path;
}

/** A review queue as the server counts it (`GET /admin/api/dashboard` → `queues`). */
export interface CountedQueue {
  key: string;
  pending: number;
  permission: string;
}

/** A queue's card on the dashboard: the server's count, and the feature's page for it when the console has one. */
export interface QueueCardModel {
  key: string;
  pending: number;
  order: number;
  /** Undefined: the server counts a queue no feature of this console works yet (shown, without a link). */
  queue?: ReviewQueue;
}

const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

/**
 * The queues an operator works: those whose permission (as the server names it) the role holds, each with the page of
 * the feature that works it, in the features' order (queues no feature knows come last).
 */
export function visibleQueues(
  features: readonly ConsoleFeature[],
  permissions: ReadonlySet<Permission>,
  counted: readonly CountedQueue[],
): QueueCardModel[] {
  const known = new Map(features.flatMap((feature) => feature.queues ?? []).map((queue) => [queue.key, queue]));
  return counted
    .filter((queue) => isPermission(queue.permission) && permissions.has(queue.permission))
    .map((queue) => {
      const entry = known.get(queue.key);
      return { key: queue.key, pending: queue.pending, order: entry?.order ?? 800, queue: entry };
    })
    .sort((a, b) => a.order - b.order);
}

/**
 * The badge of each menu entry: what waits in the queues it leads to (a queue's page may carry a tab in its query,
 * `/c2c?tab=merchants`; the entry is the one `activeEntry` would light for that page). Entries with nothing waiting
 * have no badge.
 */
export function menuBadges(
  features: readonly ConsoleFeature[],
  menu: readonly MenuGroup[],
  pending: readonly { key: string; pending: number }[],
): Map<string, number> {
  const known = new Map(features.flatMap((feature) => feature.queues ?? []).map((queue) => [queue.key, queue]));
  const badges = new Map<string, number>();
  for (const queue of pending) {
    const page = known.get(queue.key)?.path.split('?')[0];
    if (!page || queue.pending <= 0) continue;
    const entry = activeEntry(menu, page);
    if (entry && entry !== '/') badges.set(entry, (badges.get(entry) ?? 0) + queue.pending);
  }
  return badges;
}
