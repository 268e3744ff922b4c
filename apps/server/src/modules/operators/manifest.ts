import { z } from 'zod';
import { readEnv } from '../../lib/env';
import { FailureLimiter } from '../../lib/limiter';
import { SecretBox } from '../../lib/secret-box';
import { defineModule } from '../../platform/module';
import { operatorRoutes } from './routes';
import { OperatorService } from './service';

const Env = z.object({
  ADMIN_EMAIL: z.string().trim().toLowerCase().default('admin@bourse.local'),
  // No default: without it, the first start generates one, prints it once and keeps only its hash.
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
});

export interface OperatorsConfig {
  /** The first operator; `password` undefined: generate one on first start. */
  email: string;
  password: string | undefined;
  login: { maxFailures: number; lockMs: number };
}

/** Operators, their roles and sessions, and the audit log the route layer writes. */
export const operatorsModule = defineModule({
  name: 'operators',
  config: (env): OperatorsConfig => {
    const e = readEnv(Env, env);
    return {
      email: e.ADMIN_EMAIL,
      password: e.ADMIN_PASSWORD,
      login: { maxFailures: e.LOGIN_MAX_FAILURES, lockMs: e.LOGIN_LOCK_MINUTES * 60_000 },
    };
  },
  create(kit) {
    const settings = kit.config.operators;
    const operators = new OperatorService(
      kit.db,
      kit.tx,
      kit.clock,
      new FailureLimiter(kit.clock, settings.login.maxFailures, settings.login.lockMs),
      new SecretBox(kit.config.secretKey, 'operator-two-factor'),
      settings,
    );
    kit.access.operator = (token) => operators.resolve(token);
    kit.access.audit = operators;
    return operators;
  },
  operatorRoutes,
  async seed(operators) {
    await operators.ensureFirstOperator();
  },
});
