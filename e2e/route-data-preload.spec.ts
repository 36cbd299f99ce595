import { expect, test } from './fixtures';

// Issue 11 item 10: a route's data loads with its chunk. On the first load of the dashboard, with
// a signed-in user remembered in the browser, its first queries leave with the session check
// (auth.me) instead of after it, when the gate has let the page render.
test('the dashboard asks for its data before the session check has answered', async ({ page }) => {
  await page.addInitScript(() => {
    const user = {
      id: 'cached',
      name: 'Cached',
      email: 'cached@sentinela.test',
      role: 'admin',
      twoFactorEnabled: true,
    };
    window.localStorage.setItem('sentinela-runtime-user-info', JSON.stringify(user));
  });
  const log: string[] = [];
  const procedures = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
  page.on('request', (request) => {
    if (request.url().includes('/api/trpc/')) log.push(`request ${procedures(request.url())}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/trpc/')) log.push(`response ${procedures(response.url())}`);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => log.some((entry) => entry.startsWith('request') && entry.includes('dashboard.summary')))
    .toBe(true);

  const summaryAsked = log.findIndex((entry) => entry.startsWith('request') && entry.includes('dashboard.summary'));
  const meAnswered = log.findIndex((entry) => entry.startsWith('response') && entry.includes('auth.me'));
  expect(meAnswered, log.join('\n')).toBeGreaterThanOrEqual(0);
  expect(summaryAsked, `dashboard.summary is asked before auth.me answers:\n${log.join('\n')}`).toBeLessThan(
    meAnswered,
  );
  // Asked once: the page's own query finds the preloaded answer.
  await page.waitForLoadState('networkidle');
  expect(log.filter((entry) => entry.startsWith('request') && entry.includes('dashboard.summary'))).toHaveLength(1);
});
