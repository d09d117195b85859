import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (relativePath: string) => fileURLToPath(new URL(relativePath, import.meta.url));

// The API runs on :3000 (server/main.ts); in development Vite forwards /api to it so the
// browser sees one origin (same-origin cookies, no CORS).
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root: fromRoot('./web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contract': fromRoot('./contract'),
      '@web': fromRoot('./web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router are on every page and change rarely: one long-cached chunk.
          // Everything else is split automatically (each lazy page keeps its own libraries).
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
