import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, expectTooltip, switchToEnglish, test } from './ops';

// /hvac on the demo site with its calm virtual plant: real figures, live readings, a set-point
// change confirmed by the (virtual) unit in °C and in °F, the room climate, a viewer's view.

const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
// Table rows, or the cards that stand for them at 390 px (the audit's phone pass).
const unitRows = (page: Page) => page.locator('[data-hvac-id]');
const roomCards = (page: Page) => page.locator('li[data-room-id]');

async function ready(page: Page, units: number, rooms: number) {
  await expect(unitRows(page)).toHaveCount(units);
  await expect(unitRows(page).first().locator('[data-metric="returnTemp"]')).toHaveText(/\d\s°[CF]$/);
  await expect(roomCards(page)).toHaveCount(rooms);
}

test('shows the units and the room climate with real figures; passes the audit', async ({ page }) => {
  // Three axe passes (dark, light, 390 px) with a reload between them.
  test.setTimeout(90_000);
  const cookies = adminCookies();
  const summary = (await callProcedure(baseUrl(), 'hvac.summary', 'query', {}, cookies)) as {
    total: number;
    running: number;
  };
  const rooms = (await callProcedure(baseUrl(), 'hvac.rooms', 'query', {}, cookies)) as { total: number };
  expect(summary.total).toBeGreaterThanOrEqual(5);
  expect(rooms.total).toBeGreaterThanOrEqual(5);
  await page.goto('/hvac');
  await expect(page.getByRole('heading', { level: 1, name: 'HVAC & Clima' })).toBeVisible();
  await expect(statValue(page, 'Unidades HVAC')).toHaveText(String(summary.total));
  await expect(statValue(page, 'Retorno médio')).toHaveText(/^\d+,\d\s°C$/);
  await expect(statValue(page, 'Umidade média')).toHaveText(/^\d+(,\d)?\s%$/);
  await expect(page.getByText(/Ar de retorno \(o ar da sala\), média das unidades online/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  await ready(page, summary.total, rooms.total);
  await expect(page.getByRole('heading', { name: 'Clima das salas' })).toBeVisible();
  await expect(page.getByText(/desvio = temperatura − set-point/)).toBeVisible();
  const offices = roomCards(page).filter({ hasText: 'Escritórios Administrativos' });
  await expect(offices.locator('[data-field="setpoint"]')).toHaveText(/\d\s°C$/);

  // Server-side filters.
  await page.getByRole('combobox', { name: 'Instalação' }).selectOption({ label: 'Centro de Distribuição Joinville' });
  await expect(unitRows(page)).toHaveCount(3);
  await expect(roomCards(page)).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Instalação' }).selectOption('');
  await page.getByPlaceholder('Nome, código ou local').fill('Nada com este nome');
  await expect(page.getByText('Nenhuma unidade corresponde aos filtros.')).toBeVisible();
  await page.getByPlaceholder('Nome, código ou local').fill('');

  await auditPage(page, 'hvac', () => ready(page, summary.total, rooms.total));
});

test('an operator changes a set-point in °C and in °F; the unit confirms each', async ({ operatorPage: page }) => {
  test.setTimeout(60_000);
  const name = 'Rooftop Linha de Envase 01';
  // From the demo's 24 °C, whatever a previous attempt left behind.
  const before = (await callProcedure(baseUrl(), 'hvac.list', 'query', { search: 'Rooftop' }, adminCookies())) as {
    items: { id: string }[];
  };
  const id = before.items[0]!.id;
  await callProcedure(baseUrl(), 'hvac.setSetpoint', 'mutation', { id, setpoint: 24 }, adminCookies());
  await page.goto('/hvac');
  await page.getByPlaceholder('Nome, código ou local').fill('Rooftop');
  await expect(unitRows(page)).toHaveCount(1);
  const setpoint = unitRows(page).first().locator('[data-metric="setpoint"] [data-value]');
  await expect(setpoint).toHaveText('24,0 °C');

  await page.getByRole('button', { name: `Alterar set-point de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar set-point' });
  const field = dialog.getByLabel('Novo set-point (°C)');
  await expect(field).toHaveValue('24');
  await expect(dialog.getByText('Entre 10,0 °C e 35,0 °C.')).toBeVisible();
  await field.fill('40');
  await dialog.getByRole('button', { name: 'Enviar à unidade' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Informe um número entre 10,0 °C e 35,0 °C.');
  await field.fill('22,5');
  await dialog.getByRole('button', { name: 'Enviar à unidade' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `Set-point de ${name} alterado para 22,5 °C: confirmado pela unidade.`)).toBeVisible({
    timeout: 10_000,
  });
  await expect(setpoint).toHaveText('22,5 °C');
  const room = roomCards(page).filter({ hasText: 'Linha de Envase' });
  await expect(room.locator('[data-field="setpoint"]')).toHaveText('22,5 °C');

  // In English the user reads and types °F; the server still gets °C (75.2 °F = 24 °C).
  await switchToEnglish(page);
  await page.getByPlaceholder('Name, code or location').fill('Rooftop');
  await expect(unitRows(page)).toHaveCount(1);
  await expect(setpoint).toHaveText('72.5 °F');
  await page.getByRole('button', { name: `Change the set-point of ${name}` }).click();
  const english = page.getByRole('dialog', { name: 'Change set-point' });
  await expect(english.getByLabel('New set-point (°F)')).toHaveValue('72.5');
  await expect(english.getByText('Between 50.0 °F and 95.0 °F.')).toBeVisible();
  await english.getByLabel('New set-point (°F)').fill('96');
  await english.getByRole('button', { name: 'Send to the unit' }).click();
  await expect(english.getByRole('alert')).toHaveText('Enter a number between 50.0 °F and 95.0 °F.');
  await english.getByLabel('New set-point (°F)').fill('75.2');
  await english.getByRole('button', { name: 'Send to the unit' }).click();
  await expect(toast(page, `Set-point of ${name} changed to 75.2 °F: confirmed by the unit.`)).toBeVisible({
    timeout: 10_000,
  });
  await expect(setpoint).toHaveText('75.2 °F');
  const after = (await callProcedure(baseUrl(), 'hvac.list', 'query', { search: 'Rooftop' }, adminCookies())) as {
    items: { setpoint: number }[];
  };
  expect(after.items[0]?.setpoint).toBe(24);
});

test('reads in English with °F everywhere', async ({ page }) => {
  await page.goto('/hvac');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'HVAC & Climate' })).toBeVisible();
  await expect(statValue(page, 'Average return air')).toHaveText(/^\d+\.\d\s°F$/);
  await expect(page.getByRole('heading', { name: 'Room climate' })).toBeVisible();
  await expect(unitRows(page).first().locator('[data-metric="supplyTemp"]')).toHaveText(/°F$/);
  await expect(roomCards(page).first().locator('[data-field="temperature"]')).toHaveText(/°F$/);
});

test('a viewer sees the set-point and on/off controls disabled, with the reason', async ({ viewerPage: page }) => {
  await page.goto('/hvac');
  await expect(unitRows(page).first()).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeDisabled();
  const edit = page.getByRole('button', { name: /^Alterar set-point de / }).first();
  await expect(edit).toBeDisabled();
  const setpoint = unitRows(page).first().locator('[data-metric="setpoint"] [data-slot="role-gated"]');
  await expectTooltip(page, setpoint, 'Requer o papel Operador.');
});
