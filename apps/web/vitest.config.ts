import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Client unit tests: components and helpers in a DOM (happy-dom), run from the root `vitest`.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
