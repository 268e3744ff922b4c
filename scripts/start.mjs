// `npm start`: builds what is missing or out of date (server bundle, web app, operator console), then runs the
// exchange on one port. PORT and DATA_DIR are honoured; the database and demo data are created on first start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(path.join(root, dir)) > built);
}

if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

const webIndex = path.join(root, 'apps/web/dist/index.html');
if (stale(webIndex, 'apps/web/src', 'apps/web/public', 'packages/contract/src', 'packages/money/src')) {
  console.log('Building the web app…');
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const consoleIndex = path.join(root, 'apps/admin/dist/index.html');
if (stale(consoleIndex, 'apps/admin/src', 'apps/admin/public', 'packages/contract/src', 'packages/money/src')) {
  console.log('Building the operator console…');
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/admin'),
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const serverBundle = path.join(root, 'apps/server/dist/main.js');
if (stale(serverBundle, 'apps/server/src', 'packages/contract/src', 'packages/engine/src', 'packages/money/src')) {
  const { buildServer } = await import(pathToFileURL(path.join(root, 'apps/server/build.mjs')).href);
  console.log(`Server bundled in ${await buildServer()} ms`);
}

await import(pathToFileURL(serverBundle).href);
