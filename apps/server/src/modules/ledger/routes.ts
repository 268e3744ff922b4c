import { type AccountQuery, formatDecimal, ledgerAdminApi } from '@bourse/contract';
import type { z } from 'zod';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { LedgerService } from './service';
import { type AccountRef, system, user } from './types';

/** The operator's ledger: reconciliation, statements, holds, balance adjustments (maker-checker). */
export function ledgerRoutes(app: Router, ledger: LedgerService): void {
  const api = ledgerAdminApi;
  serve(app, api.reconcile, () => ledger.reconcileInBackground());
  serve(app, api.statement, ({ query }) => {
    const ref = accountOf(query);
    const scale = ledger.asset(ref.asset).scale;
    const fmt = (v: bigint) => formatDecimal(v, scale);
    const page = ledger.statement(ref, { before: query.before, limit: query.limit });
    return {
      account: {
        id: page.id,
        type: page.type,
        available: fmt(page.balance.available),
        frozen: fmt(page.balance.frozen),
      },
      list: page.list.map((l) => ({
        ...l,
        available: fmt(l.available),
        frozen: fmt(l.frozen),
        availableAfter: fmt(l.availableAfter),
        frozenAfter: fmt(l.frozenAfter),
      })),
      next: page.next,
    };
  });
  serve(app, api.systemAccounts, () => ({
    list: ledger.systemAccounts().map((a) => {
      const scale = ledger.asset(a.asset).scale;
      return { ...a, available: formatDecimal(a.available, scale), frozen: formatDecimal(a.frozen, scale) };
    }),
  }));
  serve(app, api.journal, ({ query }) => {
    const prefix = query.reference.endsWith('*');
    const reference = prefix ? query.reference.slice(0, -1) : query.reference;
    const { total, list } = ledger.journal(
      { reference, prefix },
      { offset: (query.page - 1) * query.size, limit: query.size },
    );
    return {
      total,
      page: query.page,
      size: query.size,
      list: list.map((e) => ({
        ...e,
        legs: e.legs.map((l) => ({ ...l, amount: formatDecimal(l.amount, ledger.asset(l.asset).scale) })),
      })),
    };
  });
  serve(app, api.holds, ({ query }) => {
    const ref = accountOf(query);
    const scale = ledger.asset(ref.asset).scale;
    return {
      frozen: formatDecimal(ledger.balance(ref).frozen, scale),
      list: ledger.holdsOf(ref).map((h) => ({
        holder: h.holder,
        amount: formatDecimal(h.amount, scale),
        createdAt: h.createdAt,
      })),
    };
  });
  serve(app, api.adjustments, ({ query }) => ledger.adjustments.list(query));
  serveAction(app, api.proposeAdjustment, {
    apply: ({ operator, body }) => ledger.adjustments.propose(operator.operatorId, body),
  });
  serveAction(app, api.approveAdjustment, {
    apply: ({ operator, params, body }) => ledger.adjustments.approve(operator.operatorId, params.id, body.note),
  });
  serveAction(app, api.rejectAdjustment, {
    apply: ({ operator, params, body }) => ledger.adjustments.reject(operator.operatorId, params.id, body.note),
  });
}

function accountOf(query: z.output<typeof AccountQuery>): AccountRef {
  return query.uid !== undefined
    ? user(query.uid, query.wallet, query.asset, query.sub)
    : system(query.system ?? '', query.asset, query.wallet, query.sub);
}
