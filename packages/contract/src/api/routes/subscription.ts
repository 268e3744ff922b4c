import { z } from 'zod';
import { IdParam } from '../../schemas/common';
import {
  AdminSubscriptionApplicationsQuery,
  AdminSubscriptionProject,
  PagedAdminSubscriptionApplications,
  PagedSubscriptionApplications,
  SubscriptionApplication,
  SubscriptionApplicationsQuery,
  SubscriptionApplyBody,
  SubscriptionProject,
  SubscriptionProjectInput,
  SubscriptionProjectUpdate,
  SubscriptionWithdrawBody,
} from '../../schemas/subscription';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

export * from '../../schemas/subscription';

const tags = ['new-coin subscription'];
const adminTags = ['operator: new-coin subscription'];

/** New-coin subscription (`/pages/purchase/purchase`), product key `subscription`. */
export const subscriptionApi = {
  projects: route({
    method: 'GET',
    path: '/mapi/subscription/projects',
    access: PUBLIC,
    product: 'subscription',
    tags,
    summary: 'Subscription projects: open and upcoming first, then finished; terms, totals, phase',
    data: z.array(SubscriptionProject),
  }),
  applications: route({
    method: 'GET',
    path: '/mapi/subscription/applications',
    access: USER,
    product: 'subscription',
    tags,
    summary: 'My applications (of one project with `projectId`), newest first, with allocation, cost and refund',
    query: SubscriptionApplicationsQuery,
    data: PagedSubscriptionApplications,
  }),
  apply: route({
    method: 'POST',
    path: '/mapi/subscription/apply',
    access: USER,
    product: 'subscription',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary:
      'Commit the quote coin to a project during its window (held in the spot wallet until allocation); one application per project',
    body: SubscriptionApplyBody,
    data: SubscriptionApplication,
  }),
  withdraw: route({
    method: 'POST',
    path: '/mapi/subscription/withdraw',
    access: USER,
    product: 'subscription',
    movesMoney: { requestId: 'requestId' },
    tags,
    summary: 'Take back a pending application while the window is open (the commitment is released)',
    body: SubscriptionWithdrawBody,
    data: SubscriptionApplication,
  }),
} as const;

/** The operators' side (permission `products.manage`). */
export const subscriptionAdminApi = {
  projects: route({
    method: 'GET',
    path: '/admin/api/subscription/projects',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Every project with its totals: committed, applicants, allocated, raised, refunded',
    data: z.array(AdminSubscriptionProject),
  }),
  createProject: route({
    method: 'POST',
    path: '/admin/api/subscription/projects',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Create a project; its token becomes a new coin of the ledger (no networks: it arrives by allocation)',
    body: SubscriptionProjectInput,
    data: AdminSubscriptionProject,
  }),
  updateProject: route({
    method: 'POST',
    path: '/admin/api/subscription/projects/:id',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Change a project: every term before its window opens; afterwards pause/resume, intro, a later end',
    params: IdParam,
    body: SubscriptionProjectUpdate,
    data: AdminSubscriptionProject,
  }),
  cancelProject: route({
    method: 'POST',
    path: '/admin/api/subscription/projects/:id/cancel',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'Call a project off before it is settled: every pending commitment is released',
    params: IdParam,
    data: AdminSubscriptionProject,
  }),
  applications: route({
    method: 'GET',
    path: '/admin/api/subscription/projects/:id/applications',
    access: operator('products.manage'),
    tags: adminTags,
    summary: 'A project’s applications by user, largest commitment first',
    params: IdParam,
    query: AdminSubscriptionApplicationsQuery,
    data: PagedAdminSubscriptionApplications,
  }),
} as const;
