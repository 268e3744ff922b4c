import { envelope } from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';

const Report = z.object({
  ok: z.boolean(),
  checkedAt: z.number().int(),
  ms: z.number(),
  entries: z.number().int(),
  legs: z.number().int(),
  accounts: z.number().int(),
  assets: z.array(
    z.object({
      asset: z.string(),
      held: z.string(),
      hotWallet: z.string(),
      deposited: z.string().nullable(),
      withdrawn: z.string().nullable(),
      ok: z.boolean(),
    }),
  ),
  problems: z.array(z.string()),
});

export function ledgerRoutes(app: Router, ctx: AppContext): void {
  app.get(
    '/admin/api/ledger/reconcile',
    {
      schema: {
        tags: ['operator'],
        summary:
          'Reconcile the ledger: journal replay equals balances, entries balance, nothing negative, held = deposits − withdrawals',
        response: { 200: envelope(Report) },
      },
    },
    async () => ok(await ctx.ledger.reconcileInBackground()),
  );
}
