import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineCssPerComponent } from './mantine-css.ts';
import { precompress } from './precompress.ts';

// `npm run dev -w apps/web` proxies the API and sockets to a server on :3000.
export default defineConfig({
  plugins: [react(), mantineCssPerComponent(), precompress()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the build the server publishes: they would hand out the whole source. The dev
    // server (`npm run dev -w apps/web`) still has them.
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Route splitting leaves dozens of sub-kilobyte chunks (one icon, one helper), each a request
        // whose headers and round trip cost more than its bytes: small side-effect-free chunks are merged
        // into a chunk loaded in the same situations.
        experimentalMinChunkSize: 20_000,
        manualChunks(id) {
          // Each text namespace but `common` (part of the entry) stays its own chunk, fetched with its
          // screens: the merge above would otherwise fold them all into the entry.
          const catalog = /\/locales\/([\w-]+)\/([\w-]+)\.json$/.exec(id);
          if (catalog && catalog[2] !== 'common') return `locale-${catalog[1]}-${catalog[2]}`;
          return undefined;
        },
      },
    },
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
  },
});
