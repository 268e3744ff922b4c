import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts one server and one browser and reuses them for all its tests.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Several servers and browsers at once would compete for the CPU and make timings flaky.
    maxWorkers: 2,
  },
});
