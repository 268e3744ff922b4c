import { defineConfig } from 'vitest/config';

// One run covers every workspace's unit and integration tests; browser journeys run separately (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/money', 'packages/contract', 'packages/engine', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
