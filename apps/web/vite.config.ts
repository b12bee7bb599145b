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
  },
});
