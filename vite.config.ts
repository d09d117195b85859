import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (relativePath: string) => fileURLToPath(new URL(relativePath, import.meta.url));

// The API runs on :3000 (server/main.ts); in development Vite forwards /api to it so the
// browser sees one origin (same-origin cookies, no CORS).
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of 1 KB or more in the
 * build, once, at the highest levels; the server sends them to browsers that accept them
 * (serveStatic's `precompressed`), so no request pays for compression.
 */
function precompress(): Plugin {
  const outDir = fromRoot('./dist/web');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fromRoot('./web'),
  plugins: [react(), tailwindcss(), precompress()],
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
    // .vite/manifest.json: the server preloads a page's chunks from it (server/lib/web-shell.ts).
    manifest: true,
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
