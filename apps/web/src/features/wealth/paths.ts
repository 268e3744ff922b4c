/** The wealth pages' public URLs (spec §2). A product's detail is the list page with `?id=`. */
export const WEALTH_PATHS = {
  financial: '/pages/financial/financial',
  records: '/pages/financial/records',
} as const;

export function productPath(id: number): string {
  return `${WEALTH_PATHS.financial}?id=${id}`;
}

export function recordsPath(tab?: 'holdings' | 'returns' | 'redemptions', positionId?: number): string {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  if (positionId !== undefined) params.set('position', String(positionId));
  const text = params.toString();
  return text ? `${WEALTH_PATHS.records}?${text}` : WEALTH_PATHS.records;
}
