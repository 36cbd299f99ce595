import type { Page } from '@playwright/test';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /rooms and /facilities on the demo site: the hierarchy with equipment counts and status,
// current consumption (meters, or the devices' sum) and open alerts, filters in the URL, and the
// drill-down facility → rooms → equipment. The number of facilities is never assumed.

const roomRows = (page: Page) => page.locator('tbody tr[data-room-id]');
const facilityCards = (page: Page) => page.locator('[data-facility-code]');
const stat = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
const roomsReady = (page: Page) => expect(roomRows(page).first()).toBeVisible({ timeout: 15_000 });
const facilitiesReady = (page: Page) => expect(facilityCards(page).first()).toBeVisible({ timeout: 15_000 });

test('rooms: facility, equipment by status, consumption and alerts; filters; drill-down to the equipment', async ({
  page,
}) => {
  await page.goto('/rooms');
  await expect(page.getByRole('heading', { level: 1, name: 'Salas' })).toBeVisible();
  await roomsReady(page);
  await expect(page.getByRole('columnheader')).toHaveText([
    'Sala',
    'Instalação',
    'Equipamentos',
    'Consumo atual',
    'Alertas abertos',
    'Ações',
  ]);
  await expect(stat(page, 'Salas')).toHaveText(/^\d+$/);
  await expect(stat(page, 'Consumo atual')).toHaveText(/kW$/);

  const galpao = roomRows(page).filter({ hasText: 'Galpão de Produção A' });
  await expect(galpao).toHaveCount(1);
  await expect(galpao.locator('td').nth(1)).toHaveText('Planta Campinas');
  await expect(galpao.locator('td').nth(2)).toContainText(/\d+ online/);
  // The room's own energy meter gives its consumption.
  await expect(galpao.locator('td').nth(3)).toContainText(/\d[\d.]*(,\d)?\skW/);
  await expect(galpao.locator('td').nth(3)).toContainText('medidor da sala');

  await page.getByRole('combobox', { name: 'Instalação' }).selectOption({ label: 'Centro de Distribuição Joinville' });
  await expect(page).toHaveURL(/facilityId=[0-9a-f-]{36}/);
  await expect(roomRows(page).filter({ hasText: 'Galpão de Produção A' })).toHaveCount(0);
  for (const facility of await roomRows(page).locator('td:nth-child(2)').allTextContents())
    expect(facility).toBe('Centro de Distribuição Joinville');
  await page.getByRole('searchbox', { name: 'Buscar salas' }).fill('câmara');
  await expect(roomRows(page)).toHaveCount(1);
  await expect(roomRows(page).first()).toContainText('Câmara Fria');
  await page.getByRole('searchbox', { name: 'Buscar salas' }).fill('sala que não existe');
  await expect(page.getByText('Nenhuma sala encontrada', { exact: true })).toBeVisible();

  // Drill-down: the room's equipment, on the equipment page, filtered by the room.
  await page.goto('/rooms?search=Galp%C3%A3o%20de%20Produ%C3%A7%C3%A3o%20A');
  await expect(roomRows(page)).toHaveCount(1);
  const equipmentCount = Number(await roomRows(page).locator('td').nth(2).locator('div').first().textContent());
  await page.getByRole('link', { name: 'Ver equipamentos de Galpão de Produção A (Planta Campinas)' }).click();
  await expect(page).toHaveURL(/\/equipment\?roomId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Equipamentos' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sala' }).locator('option:checked')).toHaveText(
    'Galpão de Produção A · Planta Campinas',
  );
  await expect(page.getByRole('navigation', { name: 'Paginação' })).toContainText(`${equipmentCount} equipamento(s)`);
  for (const location of await page.locator('tbody tr[data-equipment-id] td:nth-child(4)').allTextContents()) {
    expect(location).toContain('Galpão de Produção A');
  }
});

test('facilities: each site with location, status, consumption and alerts; drill-down to its rooms and equipment', async ({
  page,
}) => {
  await page.goto('/facilities');
  await expect(page.getByRole('heading', { level: 1, name: 'Instalações' })).toBeVisible();
  await facilitiesReady(page);
  const count = await facilityCards(page).count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(stat(page, 'Instalações')).toHaveText(String(count));

  const campinas = page.getByRole('region', { name: 'Planta Campinas' });
  await expect(campinas).toContainText('Campinas, SP');
  await expect(campinas).toContainText('-22,9064°, -47,0616°');
  await expect(campinas).toContainText('America/Sao_Paulo');
  // The demo site has devices in maintenance and one tripped motor in Campinas.
  await expect(campinas.getByTestId('facility-status')).toContainText('com erro');
  await expect(campinas).toContainText(/\d+ de \d+ online/);
  await expect(campinas).toContainText('medidor geral (entrada de energia)');
  await expect(campinas.getByRole('link', { name: /× Motor$/ })).toBeVisible();

  await campinas.getByRole('link', { name: 'Ver salas de Planta Campinas' }).click();
  await expect(page).toHaveURL(/\/rooms\?facilityId=[0-9a-f-]{36}$/);
  await roomsReady(page);
  await expect(page.getByRole('combobox', { name: 'Instalação' }).locator('option:checked')).toHaveText(
    'Planta Campinas',
  );
  for (const facility of await roomRows(page).locator('td:nth-child(2)').allTextContents())
    expect(facility).toBe('Planta Campinas');

  await page.goBack();
  await facilitiesReady(page);
  await page
    .getByRole('region', { name: 'Centro de Distribuição Joinville' })
    .getByRole('link', { name: /× Motor$/ })
    .click();
  await expect(page).toHaveURL(/\/equipment\?facilityId=[0-9a-f-]{36}&kind=motor$/);
  await expect(page.getByRole('combobox', { name: 'Tipo' }).locator('option:checked')).toHaveText('Motor');
  await expect(page.locator('tbody tr[data-equipment-id]').first()).toContainText('Centro de Distribuição Joinville');

  await page.goto('/facilities?search=cidade-que-nao-existe');
  await expect(page.getByText('Nenhuma instalação encontrada', { exact: true })).toBeVisible();
});

test('in English', async ({ page }) => {
  await page.goto('/rooms');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
  await roomsReady(page);
  await expect(page.getByRole('columnheader', { name: 'Current consumption' })).toBeVisible();
  await expect(roomRows(page).filter({ hasText: 'Galpão de Produção A' }).locator('td').nth(3)).toContainText(
    /\d[\d,]*(\.\d)?\skW/,
  );
  await expect(roomRows(page).filter({ hasText: 'Galpão de Produção A' })).toContainText("room's meter");

  await page.goto('/facilities');
  await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
  await facilitiesReady(page);
  const campinas = page.getByRole('region', { name: 'Planta Campinas' });
  await expect(campinas).toContainText('-22.9064°, -47.0616°');
  await expect(campinas).toContainText('main meter (incoming supply)');
  await expect(campinas.getByRole('link', { name: 'View rooms of Planta Campinas' })).toBeVisible();
});

test('audit: rooms, screenshot, axe in both themes and at 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/rooms');
  await auditPage(page, 'rooms', () => roomsReady(page));
});

test('audit: facilities, screenshot, axe in both themes and at 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/facilities');
  await auditPage(page, 'facilities', () => facilitiesReady(page));
});
