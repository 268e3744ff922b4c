import { AppOutline, HistogramOutline, LoopOutline, PieOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import type { TabKey } from './feature';
import type { MessageRef } from './i18n';
import { commonLocales } from './locales';

export interface TabMeta {
  key: TabKey;
  label: MessageRef;
  icon: ComponentType<{ className?: string }>;
}

/** Bottom-bar order and look (decisions.md: Home, Markets, Trade, Futures, Me). */
export const TABS: readonly TabMeta[] = [
  { key: 'home', label: commonLocales.ref('tabHome'), icon: AppOutline },
  { key: 'markets', label: commonLocales.ref('tabMarkets'), icon: HistogramOutline },
  { key: 'trade', label: commonLocales.ref('tabTrade'), icon: LoopOutline },
  { key: 'futures', label: commonLocales.ref('tabFutures'), icon: PieOutline },
  { key: 'me', label: commonLocales.ref('tabMe'), icon: UserOutline },
];
