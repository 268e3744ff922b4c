import type { ProductKey } from '@bourse/contract';
import type { ComponentType, ReactNode } from 'react';
import type { AnyLocaleBundle, MessageRef } from './i18n';

/** The five tabs of the bottom bar (decisions.md); a tab shows only when a feature registers its route. */
export const TAB_KEYS = ['home', 'markets', 'trade', 'futures', 'me'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** Query parameters of the route, handed to every page. */
export type QueryParams = Readonly<Record<string, string>>;

export interface PageProps {
  query: QueryParams;
}

export interface PageModule {
  default: ComponentType<PageProps>;
}

/** One public URL of the spec and the page behind it. */
export interface FeatureRoute {
  /** The spec's path, spelled as the spec spells it (e.g. `/pages/usreMei/usreMei`). */
  path: string;
  /** Other paths showing the same page (e.g. `/` for home). */
  aliases?: readonly string[];
  /** Lazy page module: `() => import('./pages/LoginPage')`. */
  page: () => Promise<PageModule>;
  /** Title in the navigation bar. */
  title?: MessageRef;
  /** A bottom-bar tab: no back button, tab bar shown, scroll position remembered. */
  tab?: TabKey;
  /** (R) in the spec: pull down to refresh the page's queries. */
  refreshable?: boolean;
  /** Sends to the login page (and back here afterwards) when no login is stored. */
  requiresLogin?: boolean;
  /** Hide the shell's navigation bar (the page draws its own header). Tabs have none by default. */
  navBar?: boolean;
}

export const SERVICE_GROUPS = ['trade', 'assets', 'rewards', 'account', 'support', 'settings'] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

/** A shortcut to a feature, shown on the home grid and the all-services page. */
export interface FeatureService {
  id: string;
  path: string;
  label: MessageRef;
  icon: ComponentType<{ className?: string }>;
  group: ServiceGroup;
  /** Position on the home shortcut grid; left out = only on the all-services page. */
  home?: number;
  /** Position of a row on the Me page; below 500 above Preferences (account, assets), 500+ below (help, about). */
  me?: number;
  /** Show only to visitors who are not logged in (e.g. register). */
  guestOnly?: boolean;
  /**
   * A count on the shortcut (e.g. support's unread answers), wherever it shows (home grid, all services, Me).
   * Loaded lazily, after the page that shows the shortcut: `() => import('./components/UnreadBadge')`.
   */
  badge?: () => Promise<{ default: ComponentType<ServiceBadgeProps> }>;
}

/**
 * What a shortcut's badge component receives: the icon to put the badge on (home grid), or nothing (a Me row: the
 * badge stands alone). With nothing to count it renders just its children.
 */
export interface ServiceBadgeProps {
  children?: ReactNode;
}

/**
 * A block a feature adds to the home page, below the shortcuts (e.g. hot pairs). Its code loads lazily, together with
 * the feature's texts, so the home page never imports another feature.
 */
export interface FeatureHomeSection {
  id: string;
  /** Position among the home sections of every feature (smaller first). */
  order: number;
  /** `() => import('./components/HomeMarkets')`: a component without props. */
  load: () => Promise<{ default: ComponentType }>;
}

/** What a feature folder exports from its `index.ts`. */
export interface Feature {
  name: string;
  /**
   * The product the feature belongs to (`PRODUCTS` in the contract). While the server says it is not available
   * (GET /api/common/products), its shortcuts, home blocks and tab are hidden and its pages say it is closed.
   */
  product?: ProductKey;
  routes: readonly FeatureRoute[];
  services?: readonly FeatureService[];
  /** Blocks on the home page (below the shortcuts). */
  homeSections?: readonly FeatureHomeSection[];
  /**
   * Route titles and shortcut labels — what the shell shows before any of the feature's code loads. Loaded at start,
   * in the active language only: keep it small.
   */
  labels?: AnyLocaleBundle;
  /**
   * The texts of the feature's pages (and of shared components they use, e.g. the trading kit's), loaded in the
   * active language together with the feature's first page.
   */
  locales: readonly AnyLocaleBundle[];
}
