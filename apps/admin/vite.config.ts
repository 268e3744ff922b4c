import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards the operator API and shipped images to a running Bourse server (default :8090).
const apiTarget = process.env.BOURSE_API ?? 'http://localhost:8090';

/** `lib/locales/zh_CN.ts`, `features/audit/locales/zh_CN.ts`, …: every text of one language goes into one chunk. */
const LANGUAGE_FILE = /\/(?:lib|features\/[^/]+)\/locales\/(en|zh_CN|zh_HK)\.ts$/;

function textsChunk(id: string): string | null {
  const lang = LANGUAGE_FILE.exec(id)?.[1];
  return lang ? `texts-${lang}` : null;
}

export default defineConfig({
  // Served by the server under /admin/ (apps/server/src/app.ts), beside the trader's app at /.
  base: '/admin/',
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5174,
    proxy: {
      '/admin/api': apiTarget,
      '/static': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json lets scripts/bundle-size.mjs measure exactly what the first page loads.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The contract is a barrel of pure modules: declaring it side-effect free keeps unused schemas out.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
      output: {
        codeSplitting: {
          // Only the active language is fetched (lib/i18n.ts): `texts-zh_CN` holds every console text in Chinese.
          groups: [{ name: textsChunk, test: LANGUAGE_FILE }],
        },
      },
    },
  },
});
