import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { APP_VERSION, IDENTITY_PHOTO_MAX_BYTES } from '@bourse/contract';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import type { AppContext, Router } from './app-context';
import type { Config } from './config';
import { startCheckpointer } from './db/checkpointer';
import { migrate, openDatabase } from './db/database';
import { installAuth } from './http/auth';
import { installCipherEnvelope } from './http/cipher';
import { installCors } from './http/cors';
import { installEnvelope } from './http/envelope';
import { type Clock, systemClock } from './lib/clock';
import { EventBus } from './lib/events';
import { Transactions } from './lib/tx';
import { FileStore } from './lib/uploads';
import { VerificationCodes } from './modules/account/codes';
import { FailureLimiter } from './modules/account/limiter';
import { createAccountRepo } from './modules/account/repo';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { SessionService } from './modules/account/sessions';
import { adminRoutes } from './modules/admin/routes';
import { OperatorService } from './modules/admin/service';
import { SimulatedChain } from './modules/chain/simulated';
import { createContentRepo } from './modules/content/repo';
import { contentRoutes } from './modules/content/routes';
import { ContentService } from './modules/content/service';
import { ledgerRoutes } from './modules/ledger/routes';
import { LedgerService } from './modules/ledger/service';
import { registerMarketChannels } from './modules/market/channels';
import { marketRoutes } from './modules/market/routes';
import { createMarketService } from './modules/market/wiring';
import { createNotifier } from './modules/notify/notifier';
import { DeviceService } from './modules/security/devices';
import { IdentityService } from './modules/security/identity';
import { createSecurityRepo } from './modules/security/repo';
import { securityRoutes } from './modules/security/routes';
import { SecretBox } from './modules/security/secret-box';
import { SecurityService } from './modules/security/service';
import { spotRoutes } from './modules/spot/routes';
import { SpotService } from './modules/spot/service';
import { TwoFactorService } from './modules/security/two-factor';
import { walletAdminRoutes } from './modules/wallet/admin-routes';
import { createWalletRepo } from './modules/wallet/repo';
import { walletRoutes } from './modules/wallet/routes';
import { WalletService } from './modules/wallet/service';
import { Hub } from './ws/hub';

export interface BuildOptions {
  clock?: Clock;
  logger?: Logger;
}

export interface BuiltApp {
  app: Router;
  ctx: AppContext;
}

/**
 * Boot order, in one place: config → storage → domain services → HTTP plumbing → routes → live channel → web app.
 * Nothing does work at import time.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const log = options.logger ?? pino({ level: config.logLevel });
  const clock = options.clock ?? systemClock;

  // Storage
  const db = openDatabase(config.dbFile);
  const migrations = migrate(db, path.join(config.repoRoot, 'apps/server/migrations'));
  if (migrations.applied.length > 0) log.info({ applied: migrations.applied }, 'database migrated');
  const checkpointer = startCheckpointer(db, config.dbFile, 250, (error) => log.warn({ error }, 'WAL checkpoint'));

  // Domain services
  const tx = new Transactions(db);
  const events = new EventBus();
  const notifier = createNotifier({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log });
  const accountRepo = createAccountRepo(db);
  const sessions = new SessionService(accountRepo, clock, events, config.sessionTtlMs);
  const accounts = new AccountService(
    tx,
    accountRepo,
    sessions,
    new VerificationCodes(accountRepo, notifier, clock),
    clock,
    events,
    {
      perAccount: new FailureLimiter(clock, config.login.maxFailures, config.login.lockMs),
      perAddress: new FailureLimiter(clock, config.login.maxFailuresPerAddress, config.login.lockMs),
    },
    { maxFailures: 5, lockMs: 60 * 60_000 },
  );
  const operators = new OperatorService(
    db,
    clock,
    new FailureLimiter(clock, config.login.maxFailures, config.login.lockMs),
  );
  const ledger = new LedgerService(db, tx, clock);
  const chain = new SimulatedChain(db, tx, clock, log, config.chain.blockMs);
  const wallet = new WalletService(tx, createWalletRepo(db), ledger, accounts, operators, chain, clock, log);
  const uploads = new FileStore(config.uploadsDir);
  const securityRepo = createSecurityRepo(db);
  const security = new SecurityService(
    new TwoFactorService(
      tx,
      securityRepo,
      clock,
      accounts,
      new SecretBox(config.secretKey, 'two-factor'),
      new FailureLimiter(clock, 5, 15 * 60_000),
    ),
    new IdentityService(tx, securityRepo, clock, uploads, accounts, operators, events),
    new DeviceService(tx, sessions),
    accounts,
    ledger,
    wallet,
  );
  security.install();
  const hub = new Hub(sessions, clock, log);
  events.on('session.revoked', ({ sessionId }) => hub.revokeSession(sessionId));
  const content = new ContentService(tx, createContentRepo(db), clock, operators, hub, config);
  const spot = new SpotService({ db, tx, clock, log, ledger, hub, operators });
  wallet.usePriceSource(spot);
  const market = createMarketService(
    { db, tx, clock, log, hub, ledger, spot, accounts, wallet, chainBlockMs: config.chain.blockMs },
    config.market,
  );

  const ctx: AppContext = {
    config,
    db,
    tx,
    log,
    clock,
    events,
    notifier,
    hub,
    accounts,
    operators,
    ledger,
    chain,
    wallet,
    content,
    uploads,
    security,
    spot,
    market,
  };

  // HTTP plumbing
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance,
    trustProxy: config.trustProxy,
    // Per-request log lines would cost more than the orders themselves at exchange rates; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by their schemas at compile time; at run time plain JSON.stringify is enough (and fast).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installEnvelope(app);
  installCors(app);
  installCipherEnvelope(app, config.clientKey);
  installAuth(app, sessions, operators);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // Uploads stream past the 1 MB JSON body limit under their own limits; each route narrows them (readImageForm).
  await app.register(fastifyMultipart, {
    limits: { fileSize: IDENTITY_PHOTO_MAX_BYTES, files: 3, fields: 10, fieldSize: 1024, parts: 13, headerPairs: 100 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Bourse API',
        version: APP_VERSION,
        description:
          'Every answer is {code, msg, data}; code 200 is success. `msg` follows the `lang` header. POST bodies may be sent in the AES-128-ECB envelope (see docs/protocol.md). `/mapi/` routes need the login token in `Authorization`.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  // Routes
  accountRoutes(app, ctx);
  adminRoutes(app, ctx);
  ledgerRoutes(app, ctx);
  contentRoutes(app, ctx);
  walletRoutes(app, ctx);
  walletAdminRoutes(app, ctx);
  securityRoutes(app, ctx);
  spotRoutes(app, ctx);
  marketRoutes(app, ctx);

  // Live channel
  hub.register(content.homeChannel());
  hub.register(spot.depthChannel());
  hub.register(spot.entrustChannel());
  hub.register(spot.historyChannel());
  registerMarketChannels(hub, market.data);
  hub.attach(app);

  // The built web app and the shipped static files
  const publicDir = path.join(config.repoRoot, 'apps/server/public');
  if (existsSync(publicDir)) {
    await app.register(fastifyStatic, { root: publicDir, prefix: '/static/', decorateReply: false, maxAge: '7d' });
  }
  if (existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      // Look files up per request, so a rebuilt web app is served without restarting the server.
      wildcard: true,
      setHeaders(res, filePath) {
        // Hashed bundles never change; the page itself must always be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // Blocks start once the server is up; tests set CHAIN_BLOCK_MS=0 and mine themselves.
  app.addHook('onReady', async () => chain.start());
  app.addHook('onClose', async () => {
    await market.close();
    chain.stop();
    hub.close();
    notifier.close();
    await checkpointer.close();
    db.close();
  });

  return { app, ctx };
}
