import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineCssPerComponent } from './mantine-css.ts';
import { precompress } from './precompress.ts';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * The diners' pages (/m/...) have their own HTML entry, m.html: the menu's first download is React and
 * the QR menu, none of the back office. The server answers /m/... with m.html; so does the dev server.
 */
function dinerPages(): Plugin {
  return {
    name: 'comanda:diner-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/m(\/|\?|$)/.test(req.url) && req.headers.accept?.includes('text/html'))
          req.url = '/m.html';
        next();
      });
    },
  };
}

// `npm run dev -w apps/web` proxies the API and sockets to a server on :3000.
export default defineConfig({
  plugins: [react(), mantineCssPerComponent(), precompress(), dinerPages()],
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
      input: { index: page('index.html'), m: page('m.html') },
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
          // React is shared by the two entries (the app, index.html, and the diners' menu, m.html): one
          // chunk under its own name, cached once for both.
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
  },
});
