import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each test file starts its own server on a free port against its own temporary database.
    pool: 'forks',
  },
});
