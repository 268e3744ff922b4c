import {
  AdminMembersQuery,
  BenefitsReceived,
  MembershipBuyBody,
  MembershipOverview,
  MembershipPurchase,
  MembershipSettings,
  MembershipSettingsBody,
  PagedAdminMembers,
} from '../../schemas/membership';
import { operator, USER } from '../access';
import { route } from '../define';

export * from '../../schemas/membership';

const tags = ['membership'];
const adminTags = ['operator: membership'];

/** Membership levels, their purchase and the benefits received (product key `membership`). */
export const membershipApi = {
  overview: route({
    method: 'GET',
    path: '/mapi/member/info',
    access: USER,
    product: 'membership',
    tags,
    summary: 'The levels with their benefits, my level (held or bought), my holdings and the way to the next level',
    data: MembershipOverview,
  }),
  buy: route({
    method: 'POST',
    path: '/mapi/member/buy',
    access: USER,
    product: 'membership',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Buy a level for its days: the price (USDT) from my spot wallet; the same level again extends it',
    body: MembershipBuyBody,
    data: MembershipPurchase,
  }),
  benefits: route({
    method: 'GET',
    path: '/mapi/member/benefits',
    access: USER,
    product: 'membership',
    tags,
    summary: 'The benefits I received: fee and box discounts actually given, my withdrawal limit, my purchases',
    data: BenefitsReceived,
  }),
} as const;

/** The operators' side (permission `products.manage`). */
export const membershipAdminApi = {
  settings: route({
    method: 'GET',
    path: '/admin/api/membership/settings',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'The levels with their benefits and members, the hold asset, the base withdrawal limit, sales revenue',
    data: MembershipSettings,
  }),
  updateSettings: route({
    method: 'POST',
    path: '/admin/api/membership/settings',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Replace the levels (holdings rising level by level) and the base withdrawal limit',
    body: MembershipSettingsBody,
    data: MembershipSettings,
  }),
  members: route({
    method: 'GET',
    path: '/admin/api/membership/members',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Members (level above 0), highest level first, with what their discounts saved',
    query: AdminMembersQuery,
    data: PagedAdminMembers,
  }),
} as const;
