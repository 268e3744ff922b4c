import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'packages/engine',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A time limit catches a hang, not slowness (benchmarks measure speed): property tests get room on a busy machine.
    testTimeout: 20_000,
  },
});
