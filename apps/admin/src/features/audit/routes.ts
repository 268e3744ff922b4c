import { API_ROUTES } from '@bourse/contract';

/**
 * Route prefixes worth filtering the log by: each operator route (`POST /admin/api/wallet/withdrawals/approve`) and
 * each of its parent paths (`POST /admin/api/wallet`), from the route table itself.
 */
export function auditRoutePrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const route of API_ROUTES) {
    if (route.access.kind !== 'operator') continue;
    const parts = route.path.split('/').filter(Boolean);
    for (let end = 3; end <= parts.length; end++) {
      prefixes.add(`${route.method} /${parts.slice(0, end).join('/')}`);
    }
  }
  return [...prefixes].sort();
}
