import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'packages/money', include: ['src/**/*.test.ts'], environment: 'node' },
});
