import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Client unit tests: components and helpers in a DOM (happy-dom), run from the root `vitest`.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A stand-in 2D canvas context for uPlot's charts (happy-dom draws nothing), and a 5-s wait
    // for findBy…/waitFor on a loaded machine.
    setupFiles: ['src/test/fresh-file.ts', 'src/test/canvas-context.ts', 'src/test/async-timeout.ts'],
    // One happy-dom window per worker instead of one per file (ADR 042): src/test/fresh-file.ts
    // gives each file fresh app modules, storage and document.
    isolate: false,
    // As the server project and Playwright: CI retries a failure once (a DOM test waiting on a lazy
    // chunk failed once on a loaded machine).
    retry: process.env.CI ? 1 : 0,
    // Loaded through Vitest, not Node, so that each file's fresh modules include sonner's toast
    // list (notify.test.ts reads it).
    server: { deps: { inline: ['sonner'] } },
  },
});
