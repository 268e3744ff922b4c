// Bundles the server (and the workspace packages it imports from source) into dist/main.js. Third-party packages
// stay external and load from node_modules, so native modules (better-sqlite3, argon2) work unchanged.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@bourse/'),
);

/** `SERVER_OUT` (a folder under apps/server, e.g. `dist-perp`) builds beside the usual one, for parallel work. */
export async function buildServer(outdir = path.join(here, process.env.SERVER_OUT ?? 'dist')) {
  const started = Date.now();
  await build({
    // The reconciliation worker runs in its own thread and so is its own bundle, beside main.js.
    entryPoints: {
      main: path.join(here, 'src/main.ts'),
      'reconcile-worker': path.join(here, 'src/modules/ledger/reconcile-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return Date.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server bundled in ${ms} ms → apps/server/${process.env.SERVER_OUT ?? 'dist'}/`);
}
