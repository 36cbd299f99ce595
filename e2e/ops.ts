import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import {
  addSessionCookies,
  adminCookies,
  baseUrl,
  createEnrolledUser,
  expect,
  test as base,
  type EnrolledAccount,
} from './fixtures';

// Helpers for the operations pages' specs: an operator account, and one pass per page that
// checks accessibility (axe: no serious or critical violation) in both themes and at 390 px,
// and saves the page's screenshot (pt, dark) into test-results/screenshots/.

const root = fileURLToPath(new URL('..', import.meta.url));
export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

/** A fresh account raised to operator by the administrator (TOTP enrolled over the API). */
export async function createOperator(): Promise<EnrolledAccount> {
  const account = await createEnrolledUser('operator');
  const users = (await callProcedure(baseUrl(), 'users.list', 'query', { search: account.email }, adminCookies())) as {
    items: { id: string; email: string }[];
  };
  const user = users.items.find((item) => item.email === account.email);
  if (!user) throw new Error(`no user ${account.email}`);
  await callProcedure(baseUrl(), 'users.setRole', 'mutation', { userId: user.id, role: 'operator' }, adminCookies());
  return account;
}

export const test: ReturnType<typeof base.extend<{ operatorPage: Page }>> = base.extend<{ operatorPage: Page }>({
  operatorPage: async ({ browser }, use) => {
    const operator = await createOperator();
    const context = await browser.newContext({ baseURL: baseUrl() });
    await addSessionCookies(context, operator.cookies);
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

/**
 * axe's serious and critical findings on the page as it stands (or inside `within`, a selector). Legacy mode runs axe.run in the
 * page itself: the same rules on our single-frame pages, without the default mode's extra blank
 * page and second injection for finishRun, which made each run 2–3 times slower on two cores.
 */
export async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/**
 * One pass over an open page, ready with its data: screenshot (pt, dark) → axe in dark →
 * light → 390 px wide (light) → back to dark at the original size. `ready` waits for what
 * shows the page has its data, after each change.
 */
export async function auditPage(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  // Three axe runs, two reloads and a full-page screenshot: more than the default 30 s on a busy CI.
  test.info().setTimeout(Math.max(test.info().timeout, 90_000));
  const size = page.viewportSize();
  await ready();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-pt-dark.png`), fullPage: true });
  expect(await seriousViolations(page), `${name}, dark theme`).toEqual([]);

  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await ready();
  expect(await seriousViolations(page), `${name}, light theme`).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  expect(await seriousViolations(page), `${name}, 390 px`).toEqual([]);
  // Nothing wider than the screen: the page scrolls vertically only (tables scroll inside).
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(390);

  await page.evaluate(() => localStorage.removeItem('theme'));
  if (size) await page.setViewportSize(size);
}

/** Switches the UI to English (the top bar's selector), as a user would. */
export async function switchToEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
}

/**
 * Hovers `target` until the tooltip reads `text` (a role-gated control's reason). The pointer
 * leaves first at each try: a row drawn again under a resting pointer (a live update, a filter
 * applied) opens no tooltip until the pointer enters it anew.
 */
export async function expectTooltip(page: Page, target: Locator, text: string): Promise<void> {
  await expect(async () => {
    await page.mouse.move(0, 0);
    await target.hover();
    await expect(page.getByRole('tooltip')).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export { expect };
