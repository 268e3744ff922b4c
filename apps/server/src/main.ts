import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemo } from './demo';

const started = performance.now();
const config = loadConfig();
const { app, ctx } = await buildApp(config);
await seedDemo(ctx);
// Index prices, market makers, and the first-start chart history (written in the background).
await ctx.market.start();
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.publicUrl ?? `http://localhost:${port}`;
console.log(
  `\n  Bourse is running: ${url}\n  API reference:     ${url}/docs\n  Data directory:    ${config.dataDir}\n  Started in ${Math.round(performance.now() - started)} ms\n`,
);
if (config.admin.isDefault) {
  console.log(
    `  Operator login: ${config.admin.email} / ${config.admin.password} (set ADMIN_PASSWORD in production)\n`,
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        ctx.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
