import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards everything that is not the app to a running Bourse server (default :8090).
const apiTarget = process.env.BOURSE_API ?? 'http://localhost:8090';

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
    },
  },
});
