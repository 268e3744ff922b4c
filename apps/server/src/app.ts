import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { APP_VERSION, IDENTITY_PHOTO_MAX_BYTES, PUBLIC } from '@bourse/contract';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { startCheckpointer } from './db/checkpointer';
import { type Db, migrate, openDatabase } from './db/database';
import { migrationSources } from './db/migrate-all';
import { installCipherEnvelope } from './http/cipher';
import { installCors } from './http/cors';
import { answerClientError, answerFrameworkError, installEnvelope } from './http/envelope';
import { installSecurityHeaders, installWebAppPolicy } from './http/headers';
import type { Router } from './http/router';
import { emptyAccessResolvers, installAccess, PLUGIN_ACCESS } from './http/routes';
import { type Clock, OffsetClock, systemClock } from './lib/clock';
import { EventBus } from './lib/events';
import { createNotifier } from './lib/notifier';
import { Transactions } from './lib/tx';
import { FileStore } from './lib/uploads';
import { type AnyModule, MODULES } from './modules';
import type { ModuleKit, ModuleName, Platform, Services } from './platform/module';
import { Hub } from './ws/hub';

export interface BuildOptions {
  clock?: Clock;
  logger?: Logger;
  /** The modules to boot (all of them by default), in order. */
  modules?: readonly AnyModule[];
}

export interface BuiltApp {
  app: Router;
  platform: Platform;
  services: Services;
  modules: readonly AnyModule[];
  /** For tests and tools only: no module or route receives it except its own factory. */
  db: Db;
}

/**
 * Boot order, in one place: config → storage (each module's migrations, in list order) → platform → modules (each
 * built from the platform and the services of the modules before it) → HTTP plumbing → every module's routes →
 * live channels → web app. Nothing does work at import time.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const log = options.logger ?? pino({ level: config.logLevel });
  const clock = options.clock ?? (config.testClock ? new OffsetClock() : systemClock);
  const modules = options.modules ?? MODULES;

  // Storage
  const db = openDatabase(config.dbFile);
  const { applied } = migrate(db, migrationSources(config.repoRoot, modules));
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  const checkpointer = startCheckpointer(db, config.dbFile, 250, (error) => log.warn({ error }, 'WAL checkpoint'));

  // Platform
  const access = emptyAccessResolvers();
  const platform: Platform = {
    config,
    tx: new Transactions(db),
    clock,
    log,
    events: new EventBus(),
    hub: new Hub({ resolve: (token) => access.user(token) }, clock, log),
    notifier: createNotifier({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log }),
    uploads: new FileStore(config.uploadsDir),
    access,
    queues: [],
    activity: [],
  };

  // Modules, in order
  const built = new Map<ModuleName, unknown>();
  for (const module of modules) {
    const kit: ModuleKit = {
      ...platform,
      db,
      use: <N extends ModuleName>(name: N): Services[N] => {
        if (!built.has(name)) {
          throw new Error(`module ${module.name} uses ${name}, which is not built before it: see modules/index.ts`);
        }
        return built.get(name) as Services[N];
      },
    };
    built.set(module.name, (module.create as (kit: ModuleKit) => unknown)(kit));
  }
  const services = Object.fromEntries(built) as unknown as Services;
  services.products.declareBuilt(modules.flatMap((m) => m.provides ?? []));
  const serviceOf = (module: AnyModule) => built.get(module.name) as never;

  // Every module's time-driven rules, with the one scheduler (its timer starts with the modules' background work)
  const scheduler = built.get('scheduler') as Services['scheduler'] | undefined;
  for (const module of modules) {
    const jobs = module.jobs?.(serviceOf(module), platform) ?? [];
    if (jobs.length > 0 && !scheduler) {
      throw new Error(`module ${module.name} declares jobs: boot the scheduler module`);
    }
    for (const job of jobs) scheduler?.register(module.name, job);
  }

  // HTTP plumbing
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance,
    trustProxy: config.trustProxy,
    // Per-request log lines would cost more than the orders themselves at exchange rates; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by their schemas at compile time; at run time plain JSON.stringify is enough (and fast).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installEnvelope(app);
  installSecurityHeaders(app);
  installCors(app);
  installCipherEnvelope(app, config.clientKey);
  installAccess(app, { tx: platform.tx, resolvers: access });
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
          'Every answer is {code, msg, data}; code 200 is success. `msg` follows the `lang` header. POST bodies may be sent in the AES-128-ECB envelope (see docs/protocol.md). Each route says who may call it: public, a logged-in user (the login token in `Authorization`) or an operator with a named permission.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    // The API reference is public, as every route's own description says who may call it.
    scope[PLUGIN_ACCESS] = PUBLIC;
    await scope.register(fastifySwaggerUi, { routePrefix: '/docs' });
  });

  // Every module's routes, then its live channels
  for (const module of modules) {
    module.routes?.(app, serviceOf(module), platform);
    module.operatorRoutes?.(app, serviceOf(module), platform);
  }
  for (const module of modules) module.channels?.(serviceOf(module), platform.hub);
  platform.hub.attach(app);

  // The built web app and the shipped static files
  const publicDir = path.join(config.repoRoot, 'apps/server/public');
  await app.register(async (scope) => {
    scope[PLUGIN_ACCESS] = PUBLIC;
    if (existsSync(publicDir)) {
      await scope.register(fastifyStatic, { root: publicDir, prefix: '/static/', decorateReply: false, maxAge: '7d' });
    }
  });
  if (existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(async (scope) => {
      scope[PLUGIN_ACCESS] = PUBLIC;
      installWebAppPolicy(scope, config.lines);
      await scope.register(fastifyStatic, {
        root: config.webDist,
        prefix: '/',
        // Look files up per request, so a rebuilt web app is served without restarting the server.
        wildcard: true,
        // No file has a NUL in its name: such a path is simply not found (not a 400 from the file sender).
        allowedPath: (pathname) => !pathname.includes('\0'),
        setHeaders(res, filePath) {
          // Hashed bundles never change; the page itself must always be revalidated.
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }

  // The built operator console at /admin/ (its API is /admin/api/…, matched first as exact routes), under the same
  // policy; it talks only to this origin, so no service line is allowed to it.
  if (existsSync(path.join(config.adminDist, 'index.html'))) {
    await app.register(async (scope) => {
      scope[PLUGIN_ACCESS] = PUBLIC;
      installWebAppPolicy(scope, []);
      await scope.register(fastifyStatic, {
        root: config.adminDist,
        // `/admin` redirects to `/admin/`; files are served under `/admin/`.
        prefix: '/admin',
        redirect: true,
        wildcard: true,
        decorateReply: false,
        // No file has a NUL or a `..` segment in its path: `/admin/%2e%2e/…` is simply not found (not a 400).
        allowedPath: (pathname) => !pathname.includes('\0') && !/(^|[\\/])\.\.([\\/]|$)/.test(pathname),
        setHeaders(res, filePath) {
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }

  // Modules' background work (started by `startModules`) stops, last started first, when the server closes.
  app.addHook('onClose', async () => {
    // No job may start once a module has begun to stop: the scheduler stops first (and waits for the jobs in flight).
    await scheduler?.stop();
    for (const module of [...modules].reverse()) await module.stop?.(serviceOf(module));
    platform.hub.close();
    platform.notifier.close();
    await checkpointer.close();
    db.close();
  });

  return { app, platform, services, modules, db };
}

/**
 * Starts the modules' background work in list order — the scheduler's timer first (every module's jobs: blocks, price
 * steps, market makers' rounds…), then the market (funding the bots, the first-start history) — all of them, or only
 * those named (tests leave the scheduler out to drive time with `runDue`, and start the market when they need it).
 */
export async function startModules(built: BuiltApp, only?: readonly ModuleName[]): Promise<void> {
  for (const module of built.modules) {
    if (only && !only.includes(module.name)) continue;
    const start = module.start as ((service: unknown) => Promise<void> | void) | undefined;
    await start?.(built.services[module.name]);
  }
}

/** Every module's first-start data, in list order (idempotent: a restart changes nothing). */
export async function seedModules(built: BuiltApp): Promise<void> {
  const use = <N extends ModuleName>(name: N): Services[N] => built.services[name];
  for (const module of built.modules) {
    const seed = module.seed as
      ((service: unknown, context: { demoData: boolean; use: typeof use }) => Promise<void> | void) | undefined;
    await seed?.(built.services[module.name], { demoData: built.platform.config.demoData, use });
  }
}
