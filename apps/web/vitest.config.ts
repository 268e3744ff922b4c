import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// npm hoists a React 18 copy to the root (antd-mobile's animation library pins it as a peer); the app uses its own
// React 19 in apps/web/node_modules. Everything in tests must share that one copy, so React-using libraries are
// run through Vite (inline) and React resolves to the app's copy. Testing Library is taken in its ESM build so its
// own `react-dom` import goes through the same resolution.
const require = createRequire(import.meta.url);
const testingLibraryEsm = path.join(
  path.dirname(require.resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
);

export default defineProject({
  plugins: [react()],
  resolve: {
    dedupe: ['react', 'react-dom'],
    // ESM builds first, so libraries' own `react` imports are resolved by Vite rather than by Node's require.
    mainFields: ['module', 'jsnext:main', 'main'],
    conditions: ['module', 'browser', 'import', 'development'],
    alias: [
      { find: /^@testing-library\/react$/, replacement: testingLibraryEsm },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/test/use-sync-external-store-shim.ts'),
      },
    ],
  },
  test: {
    // A time limit catches a hang, not slowness: rendered pages get room on a busy machine.
    testTimeout: 20_000,
    name: 'apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    server: {
      deps: {
        inline: [
          /antd-mobile/,
          /@testing-library/,
          /react-i18next/,
          /@tanstack/,
          /zustand/,
          /react-router/,
          /ahooks/,
          /rc-/,
          /@react-spring/,
          /@use-gesture/,
          /@floating-ui/,
          /staged-components/,
        ],
      },
    },
  },
});
