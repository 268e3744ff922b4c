import { z } from 'zod';
import { err, PageQuery, paged, Timestamp } from './common';

/**
 * Coin-listing applications (`/pages/usreMei/report`): a project applies, operators review (approve or reject with a
 * reason) in the console. Server: apps/server/src/modules/listings/README.md.
 */

export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

const text = (max: number) =>
  z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(max, err('INVALID_PARAMS'));
const optionalText = (max: number) =>
  z.string(err('INVALID_PARAMS')).trim().max(max, err('INVALID_PARAMS')).optional().default('');
const Url = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .max(200, err('INVALID_PARAMS'))
  .regex(/^https?:\/\/[^\s/$.?#].[^\s]*$/i, err('INVALID_PARAMS'));

export const ListingInput = z.object({
  projectName: text(60),
  symbol: z
    .string(err('INVALID_PARAMS'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, err('INVALID_PARAMS'))
    .describe('the coin’s ticker'),
  chain: text(30).describe('the network the token lives on (e.g. ERC20, TRC20, its own chain)'),
  contractAddress: optionalText(128),
  website: Url,
  whitepaper: z
    .union([Url, z.literal('')])
    .optional()
    .default(''),
  totalSupply: z
    .string(err('INVALID_PARAMS'))
    .trim()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, err('INVALID_PARAMS')),
  contactName: text(40),
  contact: text(80).describe('e-mail, Telegram or phone'),
  description: text(1000),
});
export type ListingInput = z.input<typeof ListingInput>;

export const ListingApplication = z.object({
  id: z.number().int(),
  projectName: z.string(),
  symbol: z.string(),
  chain: z.string(),
  contractAddress: z.string(),
  website: z.string(),
  whitepaper: z.string(),
  totalSupply: z.string(),
  contactName: z.string(),
  contact: z.string(),
  description: z.string(),
  status: z.enum(LISTING_STATUSES),
  reason: z.string().nullable().describe('why it was rejected'),
  createdAt: Timestamp,
  reviewedAt: Timestamp.nullable(),
});
export type ListingApplication = z.infer<typeof ListingApplication>;

export const ListingsQuery = PageQuery;
export const PagedListings = paged(ListingApplication);

export const AdminListing = ListingApplication.extend({
  uid: z.number().int(),
  account: z.string(),
  reviewedBy: z.number().int().nullable().describe('the operator who decided'),
});
export type AdminListing = z.infer<typeof AdminListing>;
export const AdminListingsQuery = PageQuery.extend({
  status: z.enum(LISTING_STATUSES, err('INVALID_PARAMS')).optional(),
});
export const PagedAdminListings = paged(AdminListing);

export const ListingRejectBody = z.object({
  reason: z
    .string(err('LISTING_REASON_REQUIRED'))
    .trim()
    .min(1, err('LISTING_REASON_REQUIRED'))
    .max(300, err('INVALID_PARAMS')),
});
