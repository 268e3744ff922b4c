import { z } from 'zod';
import { readEnv } from '../../lib/env';
import { FailureLimiter } from '../../lib/limiter';
import { defineModule } from '../../platform/module';
import { VerificationCodes } from './codes';
import { DEMO_ACCOUNT } from './demo';
import { createAccountRepo } from './repo';
import { accountRoutes } from './routes';
import { AccountService } from './service';
import { SessionService } from './sessions';

const Env = z.object({
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  // Verification codes one client address may ask for per hour, and to how many destinations.
  CODES_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(30),
  CODE_DESTINATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(5),
});

export interface AccountConfig {
  sessionTtlMs: number;
  login: { maxFailures: number; maxFailuresPerAddress: number; lockMs: number };
  codes: { perAddressHour: number; destinationsPerAddressHour: number };
}

/** Users, their credentials, login sessions and verification codes. */
export const accountModule = defineModule({
  name: 'account',
  config: (env): AccountConfig => {
    const e = readEnv(Env, env);
    return {
      sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
      login: {
        maxFailures: e.LOGIN_MAX_FAILURES,
        maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
        lockMs: e.LOGIN_LOCK_MINUTES * 60_000,
      },
      codes: {
        perAddressHour: e.CODES_PER_ADDRESS_HOUR,
        destinationsPerAddressHour: e.CODE_DESTINATIONS_PER_ADDRESS_HOUR,
      },
    };
  },
  create(kit) {
    const settings = kit.config.account;
    const repo = createAccountRepo(kit.db);
    const sessions = new SessionService(repo, kit.clock, kit.events, settings.sessionTtlMs);
    const accounts = new AccountService(
      kit.tx,
      repo,
      sessions,
      new VerificationCodes(repo, kit.notifier, kit.clock, settings.codes),
      kit.clock,
      kit.events,
      {
        perAccount: new FailureLimiter(kit.clock, settings.login.maxFailures, settings.login.lockMs),
        perAddress: new FailureLimiter(kit.clock, settings.login.maxFailuresPerAddress, settings.login.lockMs),
      },
      { maxFailures: 5, lockMs: 60 * 60_000 },
    );
    // The route layer and the live channel ask this module who a token belongs to, and whether a user's account is
    // frozen (money-moving calls are refused then).
    accounts.loadFrozen();
    kit.access.user = (token) => sessions.resolve(token);
    kit.access.userFrozen = (uid) => accounts.isFrozen(uid);
    kit.events.on('session.revoked', ({ sessionId }) => kit.hub.revokeSession(sessionId));
    return accounts;
  },
  routes: accountRoutes,
  async seed(accounts, { demoData }) {
    if (!demoData || accounts.findByAccount(DEMO_ACCOUNT.account)) return;
    await accounts.createUser({
      account: DEMO_ACCOUNT.account,
      password: DEMO_ACCOUNT.password,
      inviteCode: DEMO_ACCOUNT.inviteCode,
      nickname: DEMO_ACCOUNT.nickname,
    });
  },
});
