import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /settings on the demo site: the plant publishes readings all the time, so a lowered threshold
// raises an alert on the next reading. Every test puts back what it changed.
test.describe.configure({ mode: 'serial' });

interface Rule {
  id: string;
  kind: string;
  metric: string;
  severity: string;
  threshold: number;
  clearAt: number;
}
interface AlertItem {
  source: string;
  status: string;
  raisedAt: string | Date;
  equipmentName: string;
}

const call = (path: string, kind: 'query' | 'mutation', input?: unknown) =>
  callProcedure(baseUrl(), path, kind, input, adminCookies());

const motorTemperature = async () =>
  ((await call('settings.thresholds', 'query')) as Rule[]).filter(
    (rule) => rule.kind === 'motor' && rule.metric === 'temperature',
  );

async function ready(page: Page) {
  await expect(page.getByRole('form', { name: 'Motor · Temperatura' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('form', { name: 'Retenção de dados' })).toBeVisible();
  await expect(page.getByText('Caixa de saída local (nada sai do servidor)').first()).toBeVisible();
}

test('an admin lowers the motor temperature warning and the next reading raises an alert', async ({ page }) => {
  const before = await motorTemperature();
  const warning = before.find((rule) => rule.severity === 'warning')!;
  try {
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Motor · Temperatura' });
    // Every section loads at once: give a busy machine time.
    await expect(form.getByLabel('Atenção: limite (°C)')).toHaveValue(String(warning.threshold), { timeout: 30_000 });
    // A clearing value above its threshold is refused with the reason, nothing saved.
    await form.getByLabel('Atenção: limite (°C)').fill('35');
    await form.getByLabel('Atenção: normaliza em (°C)').fill('40');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText(/lado normal do seu limite/)).toBeVisible();
    expect((await motorTemperature()).find((r) => r.id === warning.id)!.threshold).toBe(warning.threshold);

    await form.getByLabel('Atenção: normaliza em (°C)').fill('30');
    const savedAt = Date.now();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Limites de Motor · Temperatura salvos.')).toBeVisible();
    // A running motor is warmer than 35 °C: its next reading (a few seconds) raises the warning.
    await expect
      .poll(
        async () => {
          const list = (await call('alerts.list', 'query', { pageSize: 200, status: 'open' })) as {
            items: AlertItem[];
          };
          return list.items.filter(
            (item) => item.source === 'threshold:temperature' && new Date(item.raisedAt).getTime() >= savedAt - 1000,
          ).length;
        },
        { timeout: 30_000, message: 'a motor temperature alert raised after the change' },
      )
      .toBeGreaterThan(0);
  } finally {
    await call('settings.setThresholds', 'mutation', {
      rules: before.map(({ id, threshold, clearAt }) => ({ id, threshold, clearAt })),
    });
  }
});

test('another admin’s change shows without a reload; the page passes the audit', async ({ page }) => {
  const site = (await call('settings.public', 'query')) as {
    siteName: string;
    themeSwitchable: boolean;
    defaultLanguage: string;
  };
  try {
    await page.goto('/settings');
    await ready(page);
    const name = page.getByRole('form', { name: 'Site' }).getByLabel('Nome do site');
    await expect(name).toHaveValue(site.siteName);
    // Another session saves a new name: the settings.changed event re-reads it here.
    await call('settings.setSite', 'mutation', { ...site, siteName: 'Fábrica Campinas E2E' });
    await expect(name).toHaveValue('Fábrica Campinas E2E');
    await expect(page).toHaveTitle(/Fábrica Campinas E2E/);
  } finally {
    await call('settings.setSite', 'mutation', site);
  }
  await expect(page.getByRole('form', { name: 'Site' }).getByLabel('Nome do site')).toHaveValue(site.siteName);
  await auditPage(page, 'settings', () => ready(page));
});

test('reads in English', async ({ page }) => {
  await page.goto('/settings');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Motor · Temperature' })).toBeVisible();
  await expect(page.getByText('Warning: threshold (°F)').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data retention' })).toBeVisible();
  await expect(page.getByText('Local outbox (nothing leaves the server)').first()).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('language'));
});
