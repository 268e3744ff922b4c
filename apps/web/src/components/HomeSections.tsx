import { Suspense } from 'react';
import type { HomeSection } from '../lib/registry';
import { PageErrorBoundary } from './LazyPage';

/**
 * The blocks other features add to the home page. Each loads on its own and quietly: the home page never waits for
 * one, and a block that fails to load or to render leaves the rest of the page alone.
 */
export function HomeSections({ sections }: { sections: readonly HomeSection[] }) {
  return (
    <>
      {sections.map(({ id, Component }) => (
        <PageErrorBoundary key={id} fallback={() => null}>
          <Suspense fallback={null}>
            <Component />
          </Suspense>
        </PageErrorBoundary>
      ))}
    </>
  );
}
