import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'packages/engine', include: ['src/**/*.test.ts'], environment: 'node' },
});
