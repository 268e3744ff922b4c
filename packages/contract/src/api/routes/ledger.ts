import {
  AccountQuery,
  Adjustment,
  AdjustmentIdParam,
  AdjustmentQuery,
  DecideAdjustmentBody,
  Holds,
  JournalQuery,
  PagedJournal,
  PagedAdjustments,
  ProposeAdjustmentBody,
  ReconcileReport,
  Statement,
  StatementQuery,
  SystemAccounts,
} from '../../schemas/ledger';
import { operator } from '../access';
import { route } from '../define';

const adminTags = ['operator: ledger'];

/** The operator's ledger: reconciliation, statements, holds, balance adjustments (maker-checker). */
export const ledgerAdminApi = {
  reconcile: route({
    method: 'GET',
    path: '/admin/api/ledger/reconcile',
    access: operator('ledger.read'),
    tags: adminTags,
    summary:
      'Reconcile the ledger: journal replay equals balances, entries balance, holds = frozen, the negative-balance policy per account type, held = deposits − withdrawals + adjustments',
    data: ReconcileReport,
  }),
  statement: route({
    method: 'GET',
    path: '/admin/api/ledger/statement',
    access: operator('ledger.read'),
    tags: adminTags,
    summary: 'An account’s statement, newest first, page by page: each movement with its entry and the balances after',
    query: StatementQuery,
    data: Statement,
  }),
  systemAccounts: route({
    method: 'GET',
    path: '/admin/api/ledger/system-accounts',
    access: operator('ledger.read'),
    tags: adminTags,
    summary: 'Every system account (owner, wallet, asset, sub-account) with its type and balances',
    data: SystemAccounts,
  }),
  journal: route({
    method: 'GET',
    path: '/admin/api/ledger/journal',
    access: operator('ledger.read'),
    tags: adminTags,
    summary: 'Journal entries by reference (exact, or a prefix ending with `*`), newest first, with their legs',
    query: JournalQuery,
    data: PagedJournal,
  }),
  holds: route({
    method: 'GET',
    path: '/admin/api/ledger/holds',
    access: operator('ledger.read'),
    tags: adminTags,
    summary: 'The open holds of an account: who holds each frozen unit (orders, withdrawals…)',
    query: AccountQuery,
    data: Holds,
  }),
  adjustments: route({
    method: 'GET',
    path: '/admin/api/ledger/adjustments',
    access: operator('ledger.read'),
    tags: adminTags,
    summary: 'Balance adjustments, newest first, by status and user',
    query: AdjustmentQuery,
    data: PagedAdjustments,
  }),
  proposeAdjustment: route({
    method: 'POST',
    path: '/admin/api/ledger/adjustments',
    access: operator('ledger.adjust'),
    tags: adminTags,
    summary: 'Propose a balance adjustment (user, wallet, asset, signed amount, reason); another operator decides',
    body: ProposeAdjustmentBody,
    data: Adjustment,
  }),
  approveAdjustment: route({
    method: 'POST',
    path: '/admin/api/ledger/adjustments/:id/approve',
    access: operator('ledger.adjust'),
    tags: adminTags,
    summary:
      'Approve another operator’s proposal: one ledger posting against the adjustments system account (an external flow)',
    params: AdjustmentIdParam,
    body: DecideAdjustmentBody,
    data: Adjustment,
  }),
  rejectAdjustment: route({
    method: 'POST',
    path: '/admin/api/ledger/adjustments/:id/reject',
    access: operator('ledger.adjust'),
    tags: adminTags,
    summary: 'Reject another operator’s proposal',
    params: AdjustmentIdParam,
    body: DecideAdjustmentBody,
    data: Adjustment,
  }),
} as const;
