// Type-checks every workspace project (tests included) with its own tsconfig; fails on the first error set.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/money',
  'packages/contract',
  'packages/engine',
  'apps/server',
  'apps/web',
  'apps/admin',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `${project}/tsconfig.json`], {
    stdio: 'inherit',
  });
  console.log(`typecheck ${project}: ${run.status === 0 ? 'ok' : 'FAILED'} (${Date.now() - started} ms)`);
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
