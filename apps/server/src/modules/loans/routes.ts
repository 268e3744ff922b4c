import { loansAdminApi, loansApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { LoansService } from './service';

export function loansRoutes(app: Router, loans: LoansService): void {
  const api = loansApi;
  serve(app, api.market, () => loans.market());
  serve(app, api.quote, ({ query }) => loans.quote(query));
  serve(app, api.borrow, ({ user, body, money, lang }) => loans.borrow(user.uid, body, money.claim, lang));
  serve(app, api.loans, ({ user, query }) => loans.loans(user.uid, query));
  serve(app, api.loan, ({ user, params }) => loans.loan(user.uid, params.id));
  serve(app, api.repay, ({ user, body, money }) => loans.repay(user.uid, body, money.claim));
  serve(app, api.addCollateral, ({ user, body, money }) => loans.addCollateral(user.uid, body, money.claim));
  serve(app, api.summary, ({ user }) => loans.summary(user.uid));
}

export function loansAdminRoutes(app: Router, loans: LoansService): void {
  const api = loansAdminApi;
  serve(app, api.assets, () => loans.market(true));
  serveAction(app, api.saveAsset, { apply: ({ body }) => loans.saveAsset(body) });
  serveAction(app, api.saveCollateral, { apply: ({ body }) => loans.saveCollateral(body) });
  serve(app, api.book, () => loans.book());
  serveAction(app, api.budget, {
    apply: ({ body, operator }) => loans.fundBook(body.asset, body.amount, operator.operatorId),
  });
  serve(app, api.loans, ({ query }) => loans.adminLoans(query));
  serve(app, api.loan, ({ params }) => loans.adminLoan(params.id));
  serve(app, api.totals, () => loans.totals());
  serveAction(app, api.testIndex, { apply: ({ body }) => loans.pinTestIndex(body.asset, body.price) });
}
