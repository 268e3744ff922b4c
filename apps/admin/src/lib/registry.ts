import type { Permission } from '@bourse/contract';
import type { ComponentType } from 'react';
import type { AnyLocaleBundle, MessageRef } from './i18n';

/** The sider's sections, in their order. */
export const MENU_SECTIONS = ['overview', 'users', 'reviews', 'markets', 'content', 'finance', 'system'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface PageModule {
  default: ComponentType;
}

/** One page of the console: where it lives, what it needs, and its menu entry if it has one. */
export interface ConsolePage {
  /** A react-router pattern under the console's hash: `/reviews/identity/:id`. */
  path: string;
  /** What the operator's role must hold to see the page; the server checks each call again. */
  permission: Permission;
  /** Browser tab title and header title. */
  title: MessageRef;
  /** Always lazy: `() => import('./pages/IdentityListPage')`. */
  page: () => Promise<PageModule>;
  /** A sider entry (pages opened from another page — a detail, an editor — have none). */
  menu?: { section: MenuSection; order: number; icon: ComponentType };
}

/** A card on the dashboard, fed by its own queries. */
export interface DashboardCard {
  id: string;
  permission: Permission;
  /** Smaller first. */
  order: number;
  /** Columns of the dashboard's 24-column grid at desktop width (default 8: three cards a row). */
  span?: 8 | 12 | 16 | 24;
  load: () => Promise<PageModule>;
}

/**
 * A review queue the server counts on the dashboard (`GET /admin/api/dashboard` → `queues[].key`) and the page where
 * it is worked. The dashboard shows a card per queue whose permission (the server's answer) the role holds.
 */
export interface ReviewQueue {
  /** The server's queue key: `identity`, `withdrawals`, `support`… */
  key: string;
  /** The card's title. */
  title: MessageRef;
  /** Where the queue is worked. */
  path: string;
  icon: ComponentType;
  /** Among the dashboard's cards (smaller first). */
  order: number;
}

/** What a feature folder exports from its `index.ts`: the console is the list of these (`app/features.ts`). */
export interface ConsoleFeature {
  name: string;
  /** Every text of the feature's pages, menu entries and cards (namespace = the feature's name). */
  locales: AnyLocaleBundle;
  pages: readonly ConsolePage[];
  dashboardCards?: readonly DashboardCard[];
  /** The review queues this feature works (their cards on the dashboard link to them). */
  queues?: readonly ReviewQueue[];
}
