import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, expectTooltip, switchToEnglish, test } from './ops';

// /motors on the demo site with its calm virtual plant: real figures, live readings, the on/off
// command confirmed by the (virtual) device, the detail panel, both languages, a viewer's view.

interface Summary {
  total: number;
  operating: number;
}

const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
// Table rows, or the cards that stand for them at 390 px (the audit's phone pass).
const rows = (page: Page) => page.locator('[data-motor-id]');

async function tableReady(page: Page) {
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first().locator('[data-metric="temperature"]')).toHaveText(/\d\s°[CF]$/);
}

test('shows every motor with real figures and live readings; passes the audit', async ({ page }) => {
  // Three axe passes (dark, light, 390 px) with a reload between them.
  test.setTimeout(90_000);
  const summary = (await callProcedure(baseUrl(), 'motors.summary', 'query', {}, adminCookies())) as Summary;
  expect(summary.total).toBeGreaterThanOrEqual(40);
  await page.goto('/motors');
  await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
  await expect(statValue(page, 'Total de motores')).toHaveText(String(summary.total));
  await expect(statValue(page, 'Temperatura média')).toHaveText(/^\d+,\d\s°C$/);
  await expect(statValue(page, 'Eficiência média')).toHaveText(/^\d+,\d\s%$/);
  await expect(statValue(page, 'Potência total')).toHaveText(/kW$/);
  await expect(page.getByText(/Média da última leitura dos \d+ motores online/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  await tableReady(page);
  await expect(page.getByText(`${summary.total} motor(es)`)).toBeVisible();

  // Server-side filters: a search, then a status with no match.
  await page.getByPlaceholder('Nome, código ou local').fill('Compressor Frigorífico');
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('offline');
  await expect(page.getByText('Nenhum motor corresponde aos filtros.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByPlaceholder('Nome, código ou local').fill('');

  await auditPage(page, 'motors', () => tableReady(page));
});

test('an operator turns a motor off, the virtual plant confirms and spins it down; then on again', async ({
  operatorPage: page,
}) => {
  test.setTimeout(90_000);
  const name = 'Bomba Centrífuga 04';
  // Running, whatever a previous attempt left behind.
  const found = (await callProcedure(baseUrl(), 'motors.list', 'query', { search: name }, adminCookies())) as {
    items: { id: string; facilityName: string }[];
  };
  const facility = found.items[0]!.facilityName;
  await callProcedure(baseUrl(), 'motors.setPower', 'mutation', { id: found.items[0]!.id, on: true }, adminCookies());
  await page.goto('/motors');
  await page.getByPlaceholder('Nome, código ou local').fill(name);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  const power = page.getByRole('switch', { name: `Ligar/desligar ${name}` });
  await expect(power).toHaveAttribute('aria-checked', 'true');
  await expect(row.locator('[data-metric="rpm"]')).not.toHaveText(/^0\srpm$/);

  // Switching asks first, naming the motor and its facility; cancelling sends nothing.
  await power.click();
  const askOff = page.getByRole('dialog', { name: 'Desligar motor?' });
  await expect(askOff).toContainText(`Desligar ${name}, em ${facility}?`);
  await askOff.getByRole('button', { name: 'Cancelar' }).click();
  await expect(askOff).toBeHidden();
  await expect(power).toHaveAttribute('aria-checked', 'true');
  await power.click();
  await page.getByRole('dialog', { name: 'Desligar motor?' }).getByRole('button', { name: 'Desligar' }).click();
  await expect(toast(page, `${name} desligada: confirmado pelo equipamento.`)).toBeVisible({ timeout: 10_000 });
  await expect(power).toHaveAttribute('aria-checked', 'false');
  await expect(power).toBeEnabled();
  // The device coasts down: its speed reaches zero and it stops reporting efficiency.
  await expect(row.locator('[data-metric="rpm"]')).toHaveText('0 rpm', { timeout: 40_000 });
  await expect(row.locator('[data-metric="efficiency"]')).toHaveText('—');

  await power.click();
  const askOn = page.getByRole('dialog', { name: 'Ligar motor?' });
  await expect(askOn).toContainText(`Ligar ${name}, em ${facility}?`);
  await askOn.getByRole('button', { name: 'Ligar' }).click();
  await expect(toast(page, `${name} ligada: confirmado pelo equipamento.`)).toBeVisible({ timeout: 10_000 });
  await expect(power).toHaveAttribute('aria-checked', 'true');
  await expect(row.locator('[data-metric="rpm"]')).not.toHaveText('0 rpm', { timeout: 20_000 });

  // Detailed monitoring: live readings, a history chart, the nameplate and who sent the commands.
  await row.getByRole('button', { name }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-metric="temperature"] dd')).toHaveText(/\d\s°C$/);
  await expect(sheet.getByRole('img', { name: `Temperatura de ${name}, Últimas 24 h` })).toBeVisible();
  await expect(sheet.getByText('Dados de placa (nominais)')).toBeVisible();
  await expect(sheet.getByText('18,5 kW')).toBeVisible();
  const commands = sheet.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Quem' }) });
  await expect(commands.getByRole('row').nth(1)).toContainText('Ligar');
  await expect(commands.getByRole('row').nth(1)).toContainText('Confirmado');
  await expect(commands.getByRole('row').nth(1)).toContainText('E2E operator');
  await expect(commands.getByRole('row').nth(2)).toContainText('Desligar');
  // The demo's history holds hourly temperature, power and efficiency; the last hour reads what
  // the virtual plant has published since the server started.
  await sheet.getByRole('combobox', { name: 'Métrica' }).selectOption('powerKw');
  await expect(sheet.getByRole('img', { name: `Potência de ${name}, Últimas 24 h` })).toBeVisible();
  await sheet.getByRole('combobox', { name: 'Métrica' }).selectOption('rpm');
  await sheet.getByRole('combobox', { name: 'Período' }).selectOption('1h');
  await expect(sheet.getByRole('img', { name: `Rotação de ${name}, Última hora` })).toBeVisible();
});

test('a motor under a work order in progress is locked out: its switch names the order and cannot be pressed', async ({
  operatorPage: page,
}) => {
  // The demo's motors in maintenance are under an order in progress (lockout/tagout).
  const name = 'Moinho 01';
  await page.goto('/motors');
  await page.getByPlaceholder('Nome, código ou local').fill(name);
  await expect(rows(page)).toHaveCount(1);
  const power = page.getByRole('switch', { name: `Ligar/desligar ${name}` });
  await expect(power).toBeDisabled();
  await expect(power).toHaveAttribute('aria-checked', 'false');
  await expect(
    rows(page)
      .first()
      .getByText(/^Bloqueado · OS-\d{4}-\d{4}$/),
  ).toBeVisible();
});

test('reads in English, temperatures in °F', async ({ page }) => {
  await page.goto('/motors');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Motors' })).toBeVisible();
  await expect(statValue(page, 'Average temperature')).toHaveText(/^\d+\.\d\s°F$/);
  await expect(statValue(page, 'Average efficiency')).toHaveText(/^\d+\.\d\s%$/);
  await expect(page.getByRole('columnheader', { name: 'Turn on/off' })).toBeVisible();
  await tableReady(page);
  await expect(rows(page).first().locator('[data-metric="temperature"]')).toHaveText(/°F$/);
});

test('a viewer sees the switches disabled, with the reason', async ({ viewerPage: page }) => {
  await page.goto('/motors');
  await tableReady(page);
  const first = page.getByRole('switch').first();
  await expect(first).toBeDisabled();
  await expectTooltip(page, page.locator('[data-slot="role-gated"]').first(), 'Requer o papel Operador.');
});
