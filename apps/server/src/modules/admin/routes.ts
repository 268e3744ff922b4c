import { EmptyData, envelope } from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { operatorOf } from '../../http/types';

const OperatorProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'reviewer', 'support']),
});

export function adminRoutes(app: Router, ctx: AppContext): void {
  const tags = ['operator'];

  app.post(
    '/admin/api/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Operator login (separate from user accounts)',
        body: z.object({ email: z.string().trim().toLowerCase().max(254), password: z.string().min(1).max(128) }),
        response: {
          200: envelope(z.object({ token: z.string(), expiresAt: z.number().int(), operator: OperatorProfile })),
        },
      },
    },
    async (request) => ok(await ctx.operators.login(request.body.email, request.body.password, request.ip)),
  );

  app.post(
    '/admin/api/logout',
    { schema: { tags, summary: 'Operator logout', response: { 200: envelope(EmptyData) } } },
    async (request) => {
      ctx.operators.logout(operatorOf(request).sessionId);
      return ok(null);
    },
  );

  app.get(
    '/admin/api/me',
    { schema: { tags, summary: 'The logged-in operator', response: { 200: envelope(OperatorProfile) } } },
    async (request) => ok(ctx.operators.profile(operatorOf(request).operatorId)),
  );
}
