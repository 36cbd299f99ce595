import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /equipment on the demo site with its calm virtual plant: server-side search, filters in the
// URL, live statuses, the detail drawer (live values, history chart, on/off for operators) and
// the CSV export of the filtered list.

const rows = (page: Page) => page.locator('tbody tr[data-equipment-id]');
const total = (page: Page) =>
  page
    .getByRole('navigation', { name: /Paginação|Pagination/ })
    .locator('span')
    .first();
const tableReady = (page: Page) => expect(rows(page).first()).toBeVisible({ timeout: 15_000 });

test('searches and filters on the server, keeps the filters in the URL, says when nothing matches', async ({
  page,
}) => {
  await page.goto('/equipment');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipamentos' })).toBeVisible();
  await tableReady(page);
  await expect(page.getByRole('columnheader')).toHaveText(['Nome', 'Tipo', 'Status', 'Localização']);
  await expect(rows(page)).toHaveCount(25);
  const everything = Number((await total(page).textContent())?.replace(/\D/g, ''));
  expect(everything).toBeGreaterThan(400);

  await page.getByRole('searchbox', { name: 'Buscar equipamentos' }).fill('Moinho');
  await expect(page).toHaveURL(/search=Moinho/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Moinho 01');
  await expect(rows(page).first().locator('[data-status]')).toHaveAttribute('data-status', 'maintenance');
  await expect(total(page)).toHaveText('1 equipamento(s)');

  await page.getByRole('searchbox', { name: 'Buscar equipamentos' }).fill('');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Manutenção' });
  await expect(page).toHaveURL(/status=maintenance/);
  await expect(page).not.toHaveURL(/search=/);
  await expect
    .poll(() =>
      rows(page)
        .locator('[data-status]')
        .evaluateAll((b) => b.map((e) => e.getAttribute('data-status'))),
    )
    .toEqual(expect.arrayContaining(['maintenance']));
  for (const status of await rows(page)
    .locator('[data-status]')
    .evaluateAll((b) => b.map((e) => e.getAttribute('data-status')))) {
    expect(status).toBe('maintenance');
  }

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Todos' });
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Motor' });
  await page.getByRole('combobox', { name: 'Instalação' }).selectOption({ label: 'Centro de Distribuição Joinville' });
  await expect(page).toHaveURL(/kind=motor/);
  await expect(page).toHaveURL(/facilityId=[0-9a-f-]{36}/);
  await expect(rows(page).first()).toContainText('Centro de Distribuição Joinville');
  const motorsThere = Number((await total(page).textContent())?.replace(/\D/g, ''));
  expect(motorsThere).toBeGreaterThan(0);
  expect(motorsThere).toBeLessThan(everything);
  for (const text of await rows(page).allTextContents()) {
    expect(text).toContain('Motor');
    expect(text).toContain('Centro de Distribuição Joinville');
  }

  // The same filters from a link (how Rooms and Facilities drill down).
  await page.goto('/equipment?search=nada-com-este-nome');
  await expect(page.getByText('Nenhum equipamento encontrado', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(rows(page)).toHaveCount(25);
  await expect(page).toHaveURL(/\/equipment$/);
});

test('the drawer shows live values and a history chart by metric and period', async ({ page }) => {
  await page.goto('/equipment?kind=motor&search=Compressor');
  await tableReady(page);
  const name = (await rows(page).first().getByRole('button').textContent()) ?? '';
  await rows(page).first().getByRole('button').click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Motor', { exact: true })).toBeVisible();
  await expect(sheet.locator('[data-metric="temperature"] dd')).toHaveText(/^\d+,\d\s°C$/);
  await expect(sheet.locator('[data-metric="powerKw"] dd')).toHaveText(/kW$/);
  // The virtual plant publishes every 2 s: the reading time moves.
  await expect(sheet.getByText(/^Leitura de \d{2}:\d{2}$/)).toBeVisible({ timeout: 10_000 });
  await expect(sheet.getByText('Potência nominal')).toBeVisible();

  await expect(sheet.getByRole('img', { name: 'Temperatura, período de 24 h' })).toBeVisible({ timeout: 10_000 });
  await expect(sheet.getByText(/^Média de cada intervalo de/)).toBeVisible();
  await sheet.getByRole('button', { name: '30 d' }).click();
  await expect(sheet.getByRole('button', { name: '30 d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sheet.getByRole('img', { name: 'Temperatura, período de 30 d' })).toBeVisible({ timeout: 10_000 });
  await expect(
    sheet.getByText('Média de cada intervalo de 3 h; a faixa sombreada vai do mínimo ao máximo.'),
  ).toBeVisible();
  await sheet.getByRole('combobox', { name: 'Métrica' }).selectOption({ label: 'Potência' });
  await expect(sheet.getByRole('img', { name: 'Potência, período de 30 d' })).toBeVisible({ timeout: 10_000 });
  // The last hour comes from raw points (the virtual plant's, every 2 s), every metric it sends.
  await sheet.getByRole('combobox', { name: 'Métrica' }).selectOption({ label: 'Corrente' });
  await sheet.getByRole('button', { name: '1 h' }).click();
  await expect(sheet.getByRole('img', { name: 'Corrente, período de 1 h' })).toBeVisible({ timeout: 10_000 });
  await expect(
    sheet.getByText('Média de cada intervalo de 30 s; a faixa sombreada vai do mínimo ao máximo.'),
  ).toBeVisible();

  // Its maintenance: every demo motor has a preventive history, so its orders and figures show.
  const maintenance = sheet.getByTestId('equipment-maintenance');
  await expect(maintenance.getByRole('heading', { name: 'Manutenção' })).toBeVisible();
  await expect(
    maintenance.getByRole('list', { name: 'Últimas ordens de serviço' }).getByRole('listitem').first(),
  ).toContainText(/OS-\d{4}-\d{4}/);
  await expect(maintenance.getByText(/^MTBF$/)).toBeVisible();

  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expect(sheet).toBeHidden();
});

test('exports the filtered list as a CSV file with the same rows', async ({ page }) => {
  await page.goto('/equipment?kind=hvac');
  await tableReady(page);
  const count = Number((await total(page).textContent())?.replace(/\D/g, ''));
  const names = await rows(page).getByRole('button').allTextContents();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^equipamentos-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('ID;Nome;Tipo;Status;Instalação;Sala;Localização;Última comunicação (UTC)');
  expect(lines).toHaveLength(count + 1);
  for (const line of lines.slice(1)) expect(line.split(';')[2]).toBe('HVAC');
  for (const name of names) expect(text).toContain(`;${name};`);
  await expect(toast(page, `${count} equipamento(s) exportado(s)`)).toBeVisible();
});

test('an operator turns a motor off and on again from its details', async ({ operatorPage: page }) => {
  test.setTimeout(60_000);
  const name = 'Motor Porta Rápida 03';
  await page.goto(`/equipment?search=${encodeURIComponent(name)}`);
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .getByRole('button', { name: `Ver detalhes de ${name}` })
    .click();
  const sheet = page.getByRole('dialog', { name });
  const state = sheet.getByTestId('power-state');
  const before = (await state.textContent()) ?? '';
  const [first, second] = before === 'Ligado' ? ['Desligar', 'Ligar'] : ['Ligar', 'Desligar'];
  await sheet.getByRole('button', { name: first }).click();
  await expect(toast(page, 'Comando confirmado pelo equipamento.')).toBeVisible({ timeout: 10_000 });
  await expect(state).toHaveText(before === 'Ligado' ? 'Desligado' : 'Ligado');
  await sheet.getByRole('button', { name: second }).click();
  await expect(state).toHaveText(before, { timeout: 10_000 });
});

test('a viewer sees the on/off control disabled, with the reason', async ({ viewerPage: page }) => {
  await page.goto('/equipment?kind=motor&search=Misturador');
  await tableReady(page);
  await rows(page).first().getByRole('button').click();
  const sheet = page.getByRole('dialog');
  const gated = sheet.locator('[data-slot="role-gated"]');
  await expect(gated.getByRole('button')).toBeDisabled();
  await expect(gated).toContainText('Requer o papel Operador.');
  // Reading stays open to a viewer.
  await expect(sheet.getByRole('img', { name: 'Temperatura, período de 24 h' })).toBeVisible({ timeout: 10_000 });
  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
});

test('in English: the spec strings, °F and the same filters', async ({ page }) => {
  await page.goto('/equipment');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' }).locator('option').first()).toHaveText('All');
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Type', 'Status', 'Location']);
  await page.getByRole('searchbox', { name: 'Search equipment' }).fill('zzz-nothing');
  await expect(page.getByText('No equipment found', { exact: true })).toBeVisible();

  await page.goto('/equipment?kind=server');
  await tableReady(page);
  await rows(page).first().getByRole('button').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.locator('[data-metric="inletTemp"] dt')).toHaveText('Rack inlet temperature');
  await expect(sheet.locator('[data-metric="inletTemp"] dd')).toHaveText(/^\d+\.\d\s°F$/);
  await expect(sheet.getByRole('img', { name: 'Rack inlet temperature, period of 24 h' })).toBeVisible({
    timeout: 10_000,
  });
});

test('audit: screenshot, axe in both themes and at 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/equipment');
  await auditPage(page, 'equipment', () => tableReady(page));
});
