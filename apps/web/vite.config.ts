import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev API (apps/server) listens on 3001; the built app is served by that same server.
const DEV_API_URL = 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    // Chunk names keep the module's file name (e.g. assets/motors-page-<hash>.js): the
    // e2e specs and the bundle budget find route chunks by that name.
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // ADR 022: what only the signed-in app needs (tRPC, TanStack Query, superjson and the
        // modules that set them up) in one chunk beside full-app.tsx rather than five small ones.
        // Nothing the sign-in shell imports may match: /login's budget would catch it.
        codeSplitting: {
          groups: [
            {
              name: 'full-app',
              includeDependenciesRecursively: false,
              test: /node_modules\/(@tanstack|@trpc|superjson|copy-anything|is-what)\/|src\/app\/(full-app|providers|app-routes|auth-gate)\.tsx|src\/lib\/(trpc|query-client|use-current-user)\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: DEV_API_URL, changeOrigin: true, ws: true },
    },
  },
});
