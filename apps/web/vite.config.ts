import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * The staff app as an installable PWA (issue 14, docs/offline.md): Workbox precaches the app shell and
 * every back-office chunk, so the POS, table orders and kitchen screens load with no network; the GET
 * answers those screens draw on are kept network-first, and read from the cache only when the network
 * fails. Order-changing calls are never cached: they go through the outbox (src/lib/offline).
 */
function staffPwa() {
  return VitePWA({
    // Registered by the signed-in layout (src/lib/offline/service-worker.ts), never on the diners' pages.
    injectRegister: null,
    // A new build's worker takes over at once, with no reload: a reload would lose the cashier's cart.
    registerType: 'autoUpdate',
    // The staff manifest is public/manifest.webmanifest, linked from index.html alone: the diners' m.html
    // must not offer to install the back office.
    manifest: false,
    workbox: {
      // The diners' entry stays out: their pages are never served by the staff worker. So do the reports
      // (recharts and d3: ~470 KB, 127 KB gzipped, its own chunk): online-only like their answers (see
      // runtimeCaching), not worth every tablet's download on each deploy; fetched when opened.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      globIgnores: ['m.html', 'assets/ReportsPage-*'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/, /^\/m(\/|\?|$)/],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // The GET answers the offline screens draw on, and nothing else: reports, customers and settings
          // stay online. (Workbox writes this function into sw.js: it can use nothing from this file.)
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            /^\/api\/v1\/(?:pos\/init|pos\/qrorders\/count|orders|orders\/init|kitchen)$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            // Deleted at sign-out (src/lib/offline/service-worker.ts).
            cacheName: 'comanda-api',
            // A network that hangs (a Wi-Fi with no uplink) falls back as a dead one does.
            networkTimeoutSeconds: 6,
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Menu pictures: named by content, so the first copy is good for good.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/v1/images/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'comanda-images',
            expiration: { maxEntries: 600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

// `npm run dev -w apps/web` proxies the API and sockets to a server on :3000.
export default defineConfig({
  plugins: [react(), mantineCssPerComponent(), staffPwa(), precompress(), dinerPages()],
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
