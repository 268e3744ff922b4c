/** New-coin subscription's public URL (spec §2). A project's detail is the same page with `?id=`. */
export const SUBSCRIPTION_PATHS = {
  purchase: '/pages/purchase/purchase',
} as const;

export function projectPath(id: number): string {
  return `${SUBSCRIPTION_PATHS.purchase}?id=${id}`;
}
