import { type ReactNode, Suspense } from 'react';
import type { FeatureService } from '../lib/feature';
import { useRegistry } from '../lib/registry';
import { PageErrorBoundary } from './LazyPage';

/**
 * A shortcut's badge (support's unread answers…) from the feature that owns the shortcut, without importing it. It
 * loads on its own and quietly: until then, or if it fails, the shortcut shows just its children.
 */
export function ServiceBadge({ service, children }: { service: FeatureService; children?: ReactNode }) {
  const Badge = useRegistry().serviceBadge(service);
  if (!Badge) return children;
  return (
    <PageErrorBoundary fallback={() => children ?? null}>
      <Suspense fallback={children ?? null}>
        <Badge>{children}</Badge>
      </Suspense>
    </PageErrorBoundary>
  );
}
