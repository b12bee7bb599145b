import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev -w apps/web` proxies the API and sockets to a server on :3000.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
