import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
});
