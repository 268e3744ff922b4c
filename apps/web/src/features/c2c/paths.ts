/** The C2C pages (decisions.md: `/pages/c2c/*` added; quick buy/sell is the spec's `quicpass`). */
export const C2C_PATHS = {
  offers: '/pages/c2c/index',
  order: '/pages/c2c/order',
  appeal: '/pages/c2c/appeal',
  orders: '/pages/c2c/orders',
  merchant: '/pages/c2c/merchant',
  payments: '/pages/c2c/payments',
  ads: '/pages/c2c/ads',
  quick: '/pages/usreMei/quicpass',
} as const;

export function orderPath(id: number): string {
  return `${C2C_PATHS.order}?id=${id}`;
}

export function appealPath(id: number): string {
  return `${C2C_PATHS.appeal}?id=${id}`;
}
