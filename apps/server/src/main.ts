import { buildApp, seedModules, startModules } from './app';
import { loadConfig } from './config';

const started = performance.now();
const config = loadConfig();
const built = await buildApp(config);
const { app } = built;
await seedModules(built);
// The chain's blocks, index prices, market makers, and the first-start chart history (written in the background).
await startModules(built);
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.publicUrl ?? `http://localhost:${port}`;
console.log(
  `\n  Bourse is running: ${url}\n  API reference:     ${url}/docs\n  Data directory:    ${config.dataDir}\n  Started in ${Math.round(performance.now() - started)} ms\n`,
);
const generated = built.services.operators.takeGeneratedPassword();
if (generated) {
  // Shown this once: only its hash is stored (`npm run operator:password -- <email>` sets a new one).
  console.log(
    `  First operator:    ${generated.email} / ${generated.password}\n` +
      `                     (generated now and shown only this once; only its hash is stored)\n`,
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    built.platform.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        built.platform.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
