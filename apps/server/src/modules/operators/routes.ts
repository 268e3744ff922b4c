import { operatorApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { OperatorService } from './service';

export function operatorRoutes(app: Router, operators: OperatorService): void {
  const api = operatorApi;
  serve(app, api.login, ({ body, ip }) => operators.login(body.email, body.password, ip, body.totp));
  serveAction(app, api.logout, {
    apply: ({ operator }) => {
      operators.logout(operator.sessionId);
      return null;
    },
  });
  serve(app, api.me, ({ operator }) => operators.profile(operator.operatorId));
  serveAction(app, api.twoFactorSetup, { apply: ({ operator }) => operators.setupTwoFactor(operator.operatorId) });
  serveAction(app, api.twoFactorEnable, {
    apply: ({ operator, body }) => operators.enableTwoFactor(operator.operatorId, operator.sessionId, body.code),
  });
  serveAction(app, api.changePassword, {
    prepare: ({ operator, body }) =>
      operators.preparePasswordChange(operator.operatorId, body.currentPassword, body.newPassword),
    apply: ({ operator, body }, hash) =>
      operators.changePassword(operator.operatorId, operator.sessionId, body.code, hash),
  });
  serve(app, api.operators, () => operators.list());
  // The password hash is slow: made before the transaction that stores it with its audit row.
  serveAction(app, api.createOperator, {
    prepare: () => operators.generatePassword(),
    apply: ({ body }, generated) => operators.create(body, generated),
  });
  serveAction(app, api.updateOperator, {
    apply: ({ operator, params, body }) => operators.update(operator.operatorId, params.id, body),
  });
  serveAction(app, api.resetOperatorPassword, {
    prepare: () => operators.generatePassword(),
    apply: ({ params }, generated) => operators.resetPassword(params.id, generated),
  });
  serveAction(app, api.resetOperatorTwoFactor, { apply: ({ params }) => operators.resetTwoFactor(params.id) });
  serve(app, api.audit, ({ query }) => operators.auditLog(query));
}
