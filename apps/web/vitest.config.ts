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
    setupFiles: ['src/test/canvas-context.ts', 'src/test/async-timeout.ts'],
  },
});
