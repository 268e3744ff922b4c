import { z } from 'zod';
import { IdParam } from '../../schemas/common';
import {
  AdminWealthPosition,
  AdminWealthPositionsQuery,
  AdminWealthProduct,
  PagedAdminWealthPositions,
  PagedWealthPositions,
  PagedWealthRedemptions,
  PagedWealthReturns,
  WealthPosition,
  WealthPositionsQuery,
  WealthProduct,
  WealthProductInput,
  WealthProductUpdate,
  WealthRedeemBody,
  WealthRedemptionsQuery,
  WealthReturnsQuery,
  WealthRevokeBody,
  WealthSubscribeBody,
  WealthSummary,
  WealthTotals,
} from '../../schemas/wealth';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

export * from '../../schemas/wealth';

const tags = ['wealth'];
const adminTags = ['operator: wealth'];

/** Wealth products (`/pages/financial/financial`, `/pages/financial/records`), product key `earn`. */
export const wealthApi = {
  products: route({
    method: 'GET',
    path: '/mapi/wealth/products',
    access: PUBLIC,
    product: 'earn',
    tags,
    summary: 'Wealth products on offer (flexible and fixed-term), with APR, limits, quota left and key dates',
    data: z.array(WealthProduct),
  }),
  summary: route({
    method: 'GET',
    path: '/mapi/wealth/summary',
    access: USER,
    product: 'earn',
    tags,
    summary: 'My wealth holdings per asset: principal held, returns earned, the newest day’s returns',
    data: WealthSummary,
  }),
  subscribe: route({
    method: 'POST',
    path: '/mapi/wealth/subscribe',
    access: USER,
    product: 'earn',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary:
      'Subscribe to a product: the principal is locked in the spot wallet (hold wealth:<id>); returns accrue from the next day',
    body: WealthSubscribeBody,
    data: WealthPosition,
  }),
  redeem: route({
    method: 'POST',
    path: '/mapi/wealth/redeem',
    access: USER,
    product: 'earn',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary:
      'Redeem a holding: flexible any time (all or part); fixed before maturity only with `early` (principal minus the rewards paid)',
    body: WealthRedeemBody,
    data: WealthPosition,
  }),
  positions: route({
    method: 'GET',
    path: '/mapi/wealth/positions',
    access: USER,
    product: 'earn',
    tags,
    summary: 'My holdings (subscription records), newest first; `state=open|closed` filters',
    query: WealthPositionsQuery,
    data: PagedWealthPositions,
  }),
  returns: route({
    method: 'GET',
    path: '/mapi/wealth/returns',
    access: USER,
    product: 'earn',
    tags,
    summary: 'My daily returns, newest first (of one holding with `positionId`)',
    query: WealthReturnsQuery,
    data: PagedWealthReturns,
  }),
  redemptions: route({
    method: 'GET',
    path: '/mapi/wealth/redemptions',
    access: USER,
    product: 'earn',
    tags,
    summary: 'My redemptions (by me, at maturity, early, revoked), newest first',
    query: WealthRedemptionsQuery,
    data: PagedWealthRedemptions,
  }),
} as const;

/** The operators' side of wealth products (permission `products.manage`). */
export const wealthAdminApi = {
  products: route({
    method: 'GET',
    path: '/admin/api/wealth/products',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Every wealth product with its holders, principal held, interest paid, owed and budget left',
    data: z.array(AdminWealthProduct),
  }),
  createProduct: route({
    method: 'POST',
    path: '/admin/api/wealth/products',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Create a wealth product (flexible, or fixed with a term in days)',
    body: WealthProductInput,
    data: AdminWealthProduct,
  }),
  updateProduct: route({
    method: 'POST',
    path: '/admin/api/wealth/products/:id',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Change a product: APR, limits, quota, interest budget, pause or resume, order',
    params: IdParam,
    body: WealthProductUpdate,
    data: AdminWealthProduct,
  }),
  positions: route({
    method: 'GET',
    path: '/admin/api/wealth/positions',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Holdings by user, product or state, newest first',
    query: AdminWealthPositionsQuery,
    data: PagedAdminWealthPositions,
  }),
  revoke: route({
    method: 'POST',
    path: '/admin/api/wealth/positions/:id/revoke',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'End an open holding: its principal is released in full, returns paid are kept (state revoked)',
    params: IdParam,
    body: WealthRevokeBody,
    data: AdminWealthPosition,
  }),
  totals: route({
    method: 'GET',
    path: '/admin/api/wealth/totals',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Totals owed per asset: principal held, interest paid, owed to maturity, the next day’s interest',
    data: WealthTotals,
  }),
} as const;
