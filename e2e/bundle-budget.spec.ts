import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ADMIN_STATE_FILE } from './admin-session';
import { protectedRoutes, publicRoutes } from './routes';

// What a route costs before any interaction: every JavaScript file the browser fetches to
// show it (the entry, its preloads and the route's lazy chunk), measured gzip-compressed.
const budgetKb = (route: string) => (route === '/login' ? 150 : 200);
const goalKb = (route: string) => (route === '/login' ? 100 : 170);

test('bundle budget per route', async ({ browser }) => {
  // About 5 s a route on this machine (a fresh context, networkidle), and the list grows with every area.
  test.setTimeout(300_000);
  const rows: { route: string; kb: number; files: number; budgetKb: number; goalKb: number }[] = [];
  for (const route of [...publicRoutes, ...protectedRoutes]) {
    // Protected routes as the signed-in administrator sees them; public ones signed out.
    const signedIn = protectedRoutes.includes(route);
    const context = await browser.newContext(signedIn ? { storageState: ADMIN_STATE_FILE } : {});
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && !scripts.has(url.pathname)) {
        scripts.set(
          url.pathname,
          response.body().then((body) => gzipSync(body, { level: 9 }).length),
        );
      }
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').first()).toBeVisible();
    if (signedIn) expect(new URL(page.url()).pathname, `${route} should render, not redirect`).toBe(route);
    const bytes = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
    rows.push({
      route,
      kb: Math.round((bytes / 1024) * 10) / 10,
      files: scripts.size,
      budgetKb: budgetKb(route),
      goalKb: goalKb(route),
    });
    await context.close();
  }
  console.log('\nJavaScript loaded before any interaction (gzip):');
  for (const row of rows) {
    const mark = row.kb > row.budgetKb ? 'OVER BUDGET' : row.kb > row.goalKb ? 'over goal' : 'ok';
    console.log(
      `  ${row.route.padEnd(18)} ${row.kb.toFixed(1).padStart(7)} KB in ${row.files} files  (goal ${row.goalKb}, budget ${row.budgetKb}) ${mark}`,
    );
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bundle-sizes.json', JSON.stringify(rows, null, 2));
  for (const row of rows) expect(row.kb, `${row.route} loads ${row.kb} KB of JS`).toBeLessThanOrEqual(row.budgetKb);
});
