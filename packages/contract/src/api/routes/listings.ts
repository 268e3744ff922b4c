import { IdParam } from '../../schemas/common';
import {
  AdminListing,
  AdminListingsQuery,
  ListingApplication,
  ListingInput,
  ListingRejectBody,
  ListingsQuery,
  PagedAdminListings,
  PagedListings,
} from '../../schemas/listings';
import { operator, USER } from '../access';
import { route } from '../define';

export * from '../../schemas/listings';

const tags = ['listings'];
const adminTags = ['operator: listings'];

/** Coin-listing applications (`/pages/usreMei/report`). Not a product of its own: always open to logged-in users. */
export const listingsApi = {
  apply: route({
    method: 'POST',
    path: '/mapi/listing/apply',
    access: USER,
    tags,
    summary: 'Apply for a coin listing (one application per coin under review at a time)',
    body: ListingInput,
    data: ListingApplication,
  }),
  mine: route({
    method: 'GET',
    path: '/mapi/listing/mine',
    access: USER,
    tags,
    summary: 'My applications, newest first, with their status and the reason of a rejection',
    query: ListingsQuery,
    data: PagedListings,
  }),
} as const;

/** The review queue (permission `markets.manage`: listing a coin is the markets desk’s decision). */
export const listingsAdminApi = {
  list: route({
    method: 'GET',
    path: '/admin/api/listings',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Applications, oldest pending first (or by status)',
    query: AdminListingsQuery,
    data: PagedAdminListings,
  }),
  approve: route({
    method: 'POST',
    path: '/admin/api/listings/:id/approve',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Approve a pending application (the coin itself is then added under Markets)',
    params: IdParam,
    data: AdminListing,
  }),
  reject: route({
    method: 'POST',
    path: '/admin/api/listings/:id/reject',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Reject a pending application with a reason the applicant sees',
    params: IdParam,
    body: ListingRejectBody,
    data: AdminListing,
  }),
} as const;
