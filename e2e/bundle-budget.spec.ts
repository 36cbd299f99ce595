import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN_STATE_FILE } from './admin-session';
import { protectedRoutes, publicRoutes } from './routes';

// What a route costs on a cold load (a new browser context: nothing cached), before any
// interaction:
// - JS: every JavaScript file the browser fetches to show it (the entry, its preloads, the
//   layout and the route's own chunk; not what loads on a click), measured gzip-compressed
//   (level 9, as the server may send it). Issue 11's budget is "170 KB per route before its lazy
//   chunk": what loads before the route's own page chunk (the total less that chunk) is held to
//   it, and the total with it is printed beside. /login's budget is issue 11's 100 KB, and
//   /register's too: a signed-out first load of either starts in the sign-in shell (ADR 022: React,
//   the site shell and the page, which calls the API over plain fetch), and tRPC, TanStack Query,
//   tailwind-merge and the layout load only once someone signs in. React DOM alone is about 65 KB.
//   "The route's own chunk" is its page chunk and what that chunk imports lazily (import(), per
//   the build's manifest) and nothing else does: uPlot, which a page's chart loads after the page
//   (ADR 025), is the page's, not the shell's.
// - LCP: Largest Contentful Paint (PerformanceObserver, buffered), read once the page is quiet
//   (its data and live values in). The goal, 1.0 s, is printed route by route, not asserted: our
//   machines differ 2–3× in speed and the e2e machine is shared, so a timed assertion would say
//   more about the machine than the page (speed targets live in printed figures, see README).
//   The test fails only when a route paints nothing, or takes past 10 s (it hangs).
const SIGN_IN_SHELL_ROUTES = ['/login', '/register'];
const jsGoalKb = (route: string) => (SIGN_IN_SHELL_ROUTES.includes(route) ? 100 : 170);
const jsBudgetKb = jsGoalKb;
const LCP_GOAL_MS = 1_000;
const LCP_HANG_MS = 10_000;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const isPageKey = (key: string) => /-page\.tsx$/.test(key);

/** A chunk and what it imports statically, as manifest keys. */
function staticKeys(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (!manifest[key] || into.has(key)) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) staticKeys(manifest, next, into);
  return into;
}

/** What every signed-in page loads whatever the route: the entry, and what it and its non-page parts import. */
function shellKeys(manifest: Manifest): Set<string> {
  const shell = new Set<string>();
  const visit = (key: string) => {
    if (shell.has(key) || isPageKey(key)) return;
    for (const k of staticKeys(manifest, key)) {
      if (shell.has(k)) continue;
      shell.add(k);
      for (const lazy of manifest[k]?.dynamicImports ?? []) visit(lazy);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return shell;
}

/**
 * The files a page loads lazily: what the page chunk and its own static imports (not the shell's)
 * import(), with their static imports, less what the page or the shell import statically.
 */
function pageLazyFiles(manifest: Manifest, shell: Set<string>, pageFile: string): Set<string> {
  const pageKey = Object.keys(manifest).find((key) => manifest[key]!.file === pageFile);
  if (!pageKey) return new Set();
  const own = staticKeys(manifest, pageKey);
  const lazy = new Set<string>();
  for (const key of own) {
    if (shell.has(key)) continue;
    for (const next of manifest[key]!.dynamicImports ?? []) staticKeys(manifest, next, lazy);
  }
  return new Set([...lazy].filter((key) => !own.has(key) && !shell.has(key)).map((key) => manifest[key]!.file));
}

interface Row {
  route: string;
  lcpMs: number;
  kb: number;
  /** The route's own page chunk (assets/<name>-page-<hash>.js) and what it alone loads lazily, included in kb. */
  pageKb: number;
  /** What loads before the route's own chunk: kb less pageKb (the budget's figure). */
  beforeKb: number;
  files: number;
  goalKb: number;
  budgetKb: number;
}

/** The page's largest contentful paint so far, in ms from navigation start (-1: none in 2 s). */
function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { renderTime: number; loadTime: number })[];
          const last = entries.at(-1);
          resolve(last ? last.renderTime || last.loadTime || last.startTime : 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(-1), 2_000);
      }),
  );
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

test('first load per route: JS budget and largest contentful paint', async ({ browser }) => {
  // About 5 s a route on this machine (a fresh context, networkidle), and the list grows with every area.
  test.setTimeout(300_000);
  const rows: Row[] = [];
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Manifest;
  const shell = shellKeys(manifest);
  for (const route of [...publicRoutes, ...protectedRoutes]) {
    // Protected routes as the signed-in administrator sees them; public ones signed out.
    const signedIn = protectedRoutes.includes(route);
    const context = await browser.newContext(signedIn ? { storageState: ADMIN_STATE_FILE } : {});
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && !scripts.has(url.pathname)) {
        const size = response.body().then((body) => gzipSync(body, { level: 9 }).length);
        // A script that arrives after the measurement is not awaited: its body read fails when
        // the context closes ("Target page closed"), which must not fail the test.
        size.catch(() => undefined);
        scripts.set(url.pathname, size);
      }
    };
    page.on('response', onResponse);
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').first()).toBeVisible();
    if (signedIn) expect(new URL(page.url()).pathname, `${route} should render, not redirect`).toBe(route);
    const lcpMs = Math.round(await largestContentfulPaint(page));
    page.off('response', onResponse);
    const sizes = await Promise.all([...scripts].map(async ([path, size]) => ({ path, bytes: await size })));
    const isPageChunk = (path: string) => /\/[a-z0-9-]+-page-[\w-]+\.js$/.test(path);
    const pageOwn = new Set(
      sizes
        .filter((s) => isPageChunk(s.path))
        .flatMap((s) => [...pageLazyFiles(manifest, shell, s.path.replace(/^\//, ''))]),
    );
    const pageFile = (path: string) => isPageChunk(path) || pageOwn.has(path.replace(/^\//, ''));
    rows.push({
      route,
      lcpMs,
      kb: kb(sizes.reduce((sum, s) => sum + s.bytes, 0)),
      pageKb: kb(sizes.filter((s) => pageFile(s.path)).reduce((sum, s) => sum + s.bytes, 0)),
      beforeKb: kb(sizes.filter((s) => !pageFile(s.path)).reduce((sum, s) => sum + s.bytes, 0)),
      files: scripts.size,
      goalKb: jsGoalKb(route),
      budgetKb: jsBudgetKb(route),
    });
    await context.close();
  }
  console.log(
    `\nFirst load per route (cold, new context): LCP (goal ${LCP_GOAL_MS} ms) and JS before any interaction (gzip KB; the budget holds what loads before the route's own chunk):`,
  );
  console.log(
    `  ${'route'.padEnd(18)} ${'LCP ms'.padStart(7)}            ${'before'.padStart(7)} ${'page'.padStart(6)} ${'total'.padStart(7)}  files  goal/budget`,
  );
  for (const row of rows) {
    const lcpMark = row.lcpMs > LCP_GOAL_MS ? 'over goal' : 'ok';
    const jsMark = row.beforeKb > row.budgetKb ? 'OVER BUDGET' : row.beforeKb > row.goalKb ? 'over goal' : 'ok';
    console.log(
      `  ${row.route.padEnd(18)} ${String(row.lcpMs).padStart(7)} ${lcpMark.padEnd(10)} ${row.beforeKb.toFixed(1).padStart(7)} ${row.pageKb.toFixed(1).padStart(6)} ${row.kb.toFixed(1).padStart(7)}  ${String(row.files).padStart(5)}  ${row.goalKb}/${row.budgetKb} ${jsMark}`,
    );
  }
  const met = rows.filter((row) => row.lcpMs <= LCP_GOAL_MS).length;
  console.log(`  LCP goal of ${LCP_GOAL_MS} ms met by ${met} of ${rows.length} routes.`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bundle-sizes.json', JSON.stringify(rows, null, 2));
  for (const row of rows) {
    expect(row.beforeKb, `${row.route} loads ${row.beforeKb} KB of JS before its own chunk`).toBeLessThanOrEqual(
      row.budgetKb,
    );
    expect(row.lcpMs, `${row.route}: no LCP entry`).toBeGreaterThan(0);
    expect(row.lcpMs, `${row.route}: LCP ${row.lcpMs} ms (hung?)`).toBeLessThanOrEqual(LCP_HANG_MS);
  }
});
