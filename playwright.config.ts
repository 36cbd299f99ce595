import { defineConfig } from '@playwright/test';
import { e2eChromium } from './scripts/chromium';

// End-to-end tests in Debian's Chromium (never a downloaded browser; its headless shell where
// installed, scripts/chromium.ts) against the built app,
// started by e2e/global-setup.ts on a free port with a fresh DATA_DIR.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // One browser at a time by default: Chromium and the server share this machine's two cores, and
  // two workers made every page (and its axe audit) about 2.5 times slower, past the timeouts.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: e2eChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // The app honours reduced motion (index.css): dialogs, sheets and the sidebar appear at once
    // instead of after their 150–200 ms animations, which each action would otherwise wait out.
    reducedMotion: 'reduce',
    // Recording a trace (screencast and DOM snapshots of every action) costs about a quarter of
    // each test's time on two cores: CI records it on the retry of a failed test only.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
