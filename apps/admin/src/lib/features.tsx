import { createContext, type ReactNode, useContext } from 'react';
import type { ConsoleFeature } from './registry';

const FeaturesContext = createContext<readonly ConsoleFeature[]>([]);

/** The console's features, for the shell (menu, routes) and the dashboard (cards) — provided once by the app. */
export function FeaturesProvider({ features, children }: { features: readonly ConsoleFeature[]; children: ReactNode }) {
  return <FeaturesContext value={features}>{children}</FeaturesContext>;
}

export function useFeatures(): readonly ConsoleFeature[] {
  return useContext(FeaturesContext);
}
