import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /energy on the demo site: the month's cost and demand from the meters' history; a tariff change
// on /settings moves the cost; both languages, axe in both themes and at 390 px.

const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');

/** "R$ 31.205,16" → 31205.16 */
const fromBrl = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The page's month-to-date cost, once shown: at least what the API answered before the page
 * (`atLeast`), at most what it answers after. The meters go on consuming meanwhile, so the exact
 * figure of either answer may have moved on by the time the page asks.
 */
async function expectMonthCost(page: Page, atLeast: number) {
  const shown = statValue(page, 'Custo no mês até agora');
  await expect(shown).toHaveText(/^R\$\s[\d.]+,\d{2}$/);
  const value = fromBrl(await shown.innerText());
  const latest = (await firstFacilityBill()).monthToDate.total;
  expect(value).toBeGreaterThanOrEqual(cents(atLeast));
  expect(value).toBeLessThanOrEqual(cents(latest));
}

interface Bill {
  facilities: { facilityName: string; monthToDate: { total: number }; peak: { kw: number } | null }[];
}
const firstFacilityBill = async () => {
  const facilities = (await callProcedure(baseUrl(), 'facilities.options', 'query', undefined, adminCookies())) as {
    id: string;
  }[];
  const bill = (await callProcedure(
    baseUrl(),
    'energy.bill',
    'query',
    { facilityId: facilities[0]!.id },
    adminCookies(),
  )) as Bill;
  return bill.facilities[0]!;
};

test('the energy page shows the month’s cost and the highest demand from the demo meters', async ({ page }) => {
  const bill = await firstFacilityBill();
  expect(bill.monthToDate.total).toBeGreaterThan(0);
  expect(bill.peak?.kw).toBeGreaterThan(0);
  await page.goto('/energy');
  await expect(page.getByRole('heading', { level: 1, name: 'Energia' })).toBeVisible();
  await expectMonthCost(page, bill.monthToDate.total);
  await expect(statValue(page, 'Custo projetado do mês')).toHaveText(/^R\$/);
  await expect(statValue(page, 'Maior demanda de 15 min')).toContainText('kW');
  const demandCard = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Maior demanda de 15 min', exact: true }) });
  await expect(demandCard.locator('[data-demand-status]')).toHaveText(
    /Dentro da contratada|Perto da contratada|Ultrapassagem/,
  );
  await expect(page.getByRole('table').filter({ hasText: 'Energia fora ponta' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Consumo por dia/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Perfil de carga de 24 horas' })).toBeVisible();
  // The same figures as a table.
  const byDay = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: /Consumo por dia/ }) });
  await byDay.getByRole('button', { name: 'Tabela' }).click();
  await expect(byDay.getByRole('columnheader', { name: 'Motores (kWh)' })).toBeVisible();
});

test('the load profile reads out its lines at the cursor and zooms to a dragged span', async ({ page }) => {
  await page.goto('/energy');
  const figure = page.getByRole('img', { name: 'Perfil de carga de 24 horas' }).locator('xpath=..');
  await expect(figure.locator('canvas')).toBeVisible();
  await figure.scrollIntoViewIfNeeded();
  const box = (await figure.locator('.u-over').boundingBox())!;
  const at = (fraction: number) => [box.x + box.width * fraction, box.y + box.height / 2] as const;
  // The read-out: the hour and every line's kWh at the cursor (uPlot's crosshair).
  await page.mouse.move(...at(0.5));
  const readout = figure.getByTestId('chart-readout');
  await expect(readout).toContainText(/^1[12]h/);
  await expect(readout).toContainText(/Dia útil médio[\d.,]+\u00a0kWh/);
  await expect(readout).toContainText('Fim de semana médio');
  // Drag across a quarter of the day: the chart zooms in and offers to show all again.
  const drag = async () => {
    await page.mouse.move(...at(0.25));
    await page.mouse.down();
    await page.mouse.move(...at(0.5), { steps: 5 });
    await page.mouse.up();
  };
  await drag();
  const reset = figure.getByRole('button', { name: 'Ver tudo' });
  await expect(reset).toBeVisible();
  await reset.click();
  await expect(reset).toBeHidden();
  // A double-click zooms back out too.
  await drag();
  await expect(reset).toBeVisible();
  await page.mouse.dblclick(...at(0.5));
  await expect(reset).toBeHidden();
});

test('an administrator changes the tariff on /settings and the energy page’s cost follows', async ({ page }) => {
  const before = await firstFacilityBill();
  const tariff = await callProcedure(baseUrl(), 'settings.energyTariff', 'query', undefined, adminCookies());
  try {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Tarifa de energia' })).toBeVisible();
    // A refusal first: the ponta cannot end before it starts.
    await page.getByLabel('Fim da ponta').fill('17:00');
    await page.getByRole('button', { name: 'Salvar tarifa' }).click();
    await expect(page.getByText('O horário de ponta deve começar antes de terminar.')).toBeVisible();
    await page.getByLabel('Fim da ponta').fill('21:00');
    await page.getByLabel('Energia fora ponta (R$/kWh)').fill('1,10');
    await page.getByRole('button', { name: 'Salvar tarifa' }).click();
    await expect(toast(page, 'Tarifa de energia salva.')).toBeVisible();

    const after = await firstFacilityBill();
    expect(after.monthToDate.total).toBeGreaterThan(before.monthToDate.total);
    await page.goto('/energy');
    await expectMonthCost(page, after.monthToDate.total);
  } finally {
    await callProcedure(baseUrl(), 'settings.setEnergyTariff', 'mutation', tariff, adminCookies());
  }
});

test('the energy and settings pages read in English and pass the audit', async ({ page }) => {
  await page.goto('/energy');
  const ready = async () => {
    await expect(statValue(page, 'Custo no mês até agora')).toHaveText(/^R\$/);
    await expect(page.getByRole('img', { name: 'Perfil de carga de 24 horas' })).toBeVisible();
  };
  await auditPage(page, 'energy', ready);
  await page.goto('/settings');
  await auditPage(page, 'settings', async () => {
    await expect(page.getByRole('button', { name: 'Salvar tarifa' })).toBeVisible();
  });

  await switchToEnglish(page);
  await expect(page.getByRole('heading', { name: 'Energy tariff' })).toBeVisible();
  await page.goto('/energy');
  await expect(page.getByRole('heading', { level: 1, name: 'Energy' })).toBeVisible();
  await expect(statValue(page, 'Cost this month so far')).toHaveText(/^\$/);
  await expect(page.getByRole('img', { name: '24-hour load profile' })).toBeVisible();
});
