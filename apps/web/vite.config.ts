import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards everything that is not the app to a running Bourse server (default :8090).
const apiTarget = process.env.BOURSE_API ?? 'http://localhost:8090';

const LANGUAGE_FILE =
  /\/(?:lib\/locales|(?:features|components)\/([^/]+)\/(labels|locales))\/(en|zh_CN|zh_HK|es|fr)\.ts$/;

/**
 * Chunks of texts, one language each: `texts-fr` holds the shell's French texts (`lib/locales/fr.ts` and every
 * feature's `labels/fr.ts`), fetched in one file at start; `wallet-texts-fr` the wallet pages' French texts,
 * `trading-texts-fr` the trading kit's (`components/trading/locales`).
 */
function textsChunk(id: string): string | null {
  const match = LANGUAGE_FILE.exec(id);
  if (!match) return null;
  const [, feature, kind, lang] = match;
  return feature && kind === 'locales' ? `${feature}-texts-${lang}` : `texts-${lang}`;
}

export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    // antd-mobile's animation library pins React 18 as a peer, so npm hoists a React 18 copy to the root; every
    // import of React must resolve to this app's React 19, or hooks break.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/mapi': apiTarget,
      '/admin': apiTarget,
      '/static': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json lets scripts/bundle-size.mjs measure exactly what the first page loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The contract is a barrel of pure modules (schemas, catalogue, cipher). Declaring it side-effect free lets
      // the bundler leave zod schemas out of the first page when only the cipher and constants are used there.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
      output: {
        codeSplitting: {
          // Only the active language is fetched (lib/i18n.ts); another one when the user switches to it.
          groups: [{ name: textsChunk, test: LANGUAGE_FILE }],
        },
      },
    },
  },
});
