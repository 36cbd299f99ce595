import type { Page } from '@playwright/test';
import { auditPage, expect, switchToEnglish, test } from './ops';
import { baseUrl } from './fixtures';

// System Health (issue 13): live figures that move with the virtual plant, the jobs and the
// silent devices; axe in both themes and at 390 px; /metrics behind its token.

const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`);

test('System Health shows live figures that change between refreshes', async ({ page }) => {
  await page.goto('/system-health');
  await expect(page.getByRole('heading', { level: 1, name: 'Saúde do Sistema' })).toBeVisible();
  const uptime = figure(page, 'Em execução há');
  await expect(uptime).toHaveText(/\d/);
  const first = await uptime.textContent();
  // The page re-reads every 5 s: the uptime moves on (and points/s follows the virtual plant).
  await expect(uptime).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(figure(page, 'Pontos por segundo')).toHaveText(/^[1-9]/, { timeout: 20_000 });
  await expect(figure(page, 'Acessível').first()).toHaveText('Sim');
  // The administrator sees the database kind and the version.
  await expect(figure(page, 'Tipo')).toHaveText('PGlite');
  await expect(figure(page, 'Versão')).toHaveText(/\d+\.\d+/);
  await expect(page.getByRole('region', { name: 'Tarefas em segundo plano' })).toContainText('maintenance.plans');
  await expect(page.getByText('Campinas').first()).toBeVisible();
});

test('System Health reads in English and passes the audit', async ({ page }) => {
  await page.goto('/system-health');
  const ready = async () => {
    await expect(figure(page, 'Em execução há')).toHaveText(/\d/);
    await expect(page.getByRole('region', { name: 'Tarefas em segundo plano' })).toBeVisible();
  };
  await auditPage(page, 'system-health', ready);
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'System Health' })).toBeVisible();
  await expect(figure(page, 'Up for')).toHaveText(/\d/);
});

test('/metrics answers its token with Prometheus text and hides itself otherwise', async ({ request }) => {
  const token = process.env.E2E_METRICS_TOKEN;
  expect(token).toBeTruthy();
  const hidden = await request.get(`${baseUrl()}/metrics`);
  expect(hidden.status()).toBe(404);
  const wrong = await request.get(`${baseUrl()}/metrics`, { headers: { authorization: 'Bearer wrong' } });
  expect(wrong.status()).toBe(404);
  const shown = await request.get(`${baseUrl()}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(shown.status()).toBe(200);
  expect(shown.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await shown.text();
  expect(text).toContain('sentinela_ingest_points_total');
  expect(text).toContain('sentinela_database_up 1');
  expect((await request.get(`${baseUrl()}/healthz`)).status()).toBe(200);
  expect((await request.get(`${baseUrl()}/readyz`)).status()).toBe(200);
});
