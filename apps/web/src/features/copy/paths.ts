/** The copy-trading pages' public URLs (spec §2: `/pages/documentary/*`). */
export const COPY_PATHS = {
  index: '/pages/documentary/index',
  detail: '/pages/documentary/detail',
  mine: '/pages/documentary/my-documentary',
  records: '/pages/documentary/record-details',
  become: '/pages/documentary/become-trader',
  configuration: '/pages/documentary/configuration',
  pairs: '/pages/documentary/select-right',
  orders: '/pages/documentary/order-management',
} as const;

export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
