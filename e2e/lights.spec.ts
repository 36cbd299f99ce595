import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /lights on the demo site with its calm virtual plant: real figures, a quick action confirmed
// by the (virtual) devices, one light switched, a schedule created, edited and deleted, both
// languages, a viewer's view. Each test works on its own room: the tests run in parallel.

interface Summary {
  total: number;
  on: number;
}

const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
// Table rows, or the cards that stand for them at 390 px (the audit's phone pass).
const rows = (page: Page) => page.locator('[data-light-id]');
const NBSP = '\u00a0';

async function tableReady(page: Page) {
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first().locator('[data-slot="consumption"]')).toHaveText(/\d\sW$/);
  await expect(statValue(page, 'Economia')).toHaveText(/^R\$\s/);
}

async function chooseRoom(page: Page, facility: string, room: string) {
  await page.getByRole('combobox', { name: 'Instalação' }).selectOption({ label: facility });
  await page.getByRole('combobox', { name: 'Sala', exact: true }).selectOption({ label: room });
}

test('shows the lights with real figures, live readings and how savings are computed; passes the audit', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const summary = (await callProcedure(baseUrl(), 'lights.summary', 'query', {}, adminCookies())) as Summary;
  expect(summary.total).toBeGreaterThanOrEqual(200);
  await page.goto('/lights');
  await expect(page.getByRole('heading', { level: 1, name: 'Iluminação' })).toBeVisible();
  await expect(statValue(page, 'Total de luminárias')).toHaveText(String(summary.total));
  await expect(statValue(page, 'Luminárias ligadas')).toHaveText(/^\d+$/);
  await expect(statValue(page, 'Brilho médio')).toHaveText(/^(\d+\s%|Nenhuma ligada)$/);
  await expect(statValue(page, 'Consumo total')).toHaveText(/^\d+(,\d+)?\skW$/);
  await expect(page.getByText(/Últimos 30 dias, das médias horárias de cada luminária/)).toBeVisible();
  await expect(page.getByText(/ponta R\$\s2,20\/kWh das 18:00 às 21:00 em dias úteis/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  await tableReady(page);
  await expect(page.getByText(`${summary.total} luminária(s)`)).toBeVisible();

  // Server-side filters: a search, then a state with no match.
  const floodlights = (await callProcedure(
    baseUrl(),
    'lights.list',
    'query',
    { search: 'Refletor Pátio' },
    adminCookies(),
  )) as { total: number };
  expect(floodlights.total).toBeGreaterThan(20);
  await page.getByPlaceholder('Nome, código ou local').fill('Refletor Pátio');
  await expect(page.getByText(`${floodlights.total} luminária(s)`)).toBeVisible();
  await expect(rows(page).first()).toContainText('Refletor Pátio');
  await page.getByPlaceholder('Nome, código ou local').fill('nenhuma luminária tem este nome');
  await expect(page.getByText('Nenhuma luminária corresponde aos filtros.')).toBeVisible();
  await page.getByPlaceholder('Nome, código ou local').fill('');

  await auditPage(page, 'lights', () => tableReady(page));
});

async function bulkAction(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click();
  await page
    .getByRole('dialog', { name: `${action}?` })
    .getByRole('button', { name: action })
    .click();
}

/** The figures come from the same confirmed states as the table: they agree within a second or two of the answer. */
const FIGURES_FOLLOW_MS = 2_000;

test('off, then eco on a room: the virtual plant confirms every light, and the figures follow with the table', async ({
  operatorPage: page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/lights');
  await chooseRoom(page, 'Planta Campinas', 'Casa de Compressores');
  await expect(rows(page)).toHaveCount(8);
  await expect(statValue(page, 'Total de luminárias')).toHaveText('8');
  await expect(page.getByText('Alcança as luminárias de Casa de Compressores (Planta Campinas) (8).')).toBeVisible();

  await bulkAction(page, 'Desligar todas');
  await expect(toast(page, 'Desligar todas: 8 confirmada(s), 0 recusada(s), 0 sem resposta.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(rows(page).getByRole('switch', { checked: true })).toHaveCount(0, { timeout: FIGURES_FOLLOW_MS });
  await expect(statValue(page, 'Luminárias ligadas')).toHaveText('0', { timeout: FIGURES_FOLLOW_MS });
  await expect(statValue(page, 'Brilho médio')).toHaveText('Nenhuma ligada', { timeout: FIGURES_FOLLOW_MS });

  await page.getByRole('button', { name: 'Modo eco (50%)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modo eco (50%)?' });
  await expect(dialog).toContainText(
    'O comando será enviado a 8 luminária(s) de Casa de Compressores (Planta Campinas).',
  );
  await dialog.getByRole('button', { name: 'Modo eco (50%)' }).click();
  await expect(toast(page, 'Modo eco (50%): 8 confirmada(s), 0 recusada(s), 0 sem resposta.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(rows(page).getByRole('switch', { checked: true })).toHaveCount(8, { timeout: FIGURES_FOLLOW_MS });
  await expect(statValue(page, 'Luminárias ligadas')).toHaveText('8', { timeout: FIGURES_FOLLOW_MS });
  await expect(statValue(page, 'Brilho médio')).toHaveText(`50${NBSP}%`, { timeout: FIGURES_FOLLOW_MS });
  await expect(page.getByText('8 em modo eco · 0 em reforço')).toBeVisible({ timeout: FIGURES_FOLLOW_MS });

  for (const row of await rows(page).all()) {
    await expect(row.getByRole('combobox', { name: /^Modo de / })).toHaveValue('eco');
    await expect(row.locator('[data-slot="brightness"]')).toHaveText(`50${NBSP}%`);
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    // What the devices measure follows within a publishing interval.
    await expect(row.locator('[data-slot="measured-brightness"]')).toHaveText(`medido 50${NBSP}%`, { timeout: 15_000 });
  }
});

test('an operator switches one light off and on, confirmed by the device', async ({ operatorPage: page }) => {
  test.setTimeout(60_000);
  const name = 'Luminária Bombeamento 03';
  await page.goto('/lights');
  await chooseRoom(page, 'Planta Campinas', 'Estação de Bombeamento');
  await page.getByPlaceholder('Nome, código ou local').fill(name);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  const power = page.getByRole('switch', { name: `Ligar/desligar ${name}` });
  const wasOn = (await power.getAttribute('aria-checked')) === 'true';

  for (const on of [!wasOn, wasOn]) {
    await power.click();
    await expect(toast(page, `${name} ${on ? 'ligada' : 'desligada'}: confirmado pelo equipamento.`)).toBeVisible({
      timeout: 10_000,
    });
    await expect(power).toHaveAttribute('aria-checked', String(on));
    await expect(power).toBeEnabled();
    // The device reports what it now draws: standby when off.
    if (on) await expect(row.locator('[data-slot="consumption"]')).not.toHaveText(`0,4${NBSP}W`, { timeout: 15_000 });
    else await expect(row.locator('[data-slot="consumption"]')).toHaveText(`0,4${NBSP}W`, { timeout: 15_000 });
  }
});

test('an operator creates, edits and deletes a room schedule, validated', async ({ operatorPage: page }) => {
  await page.goto('/lights');
  await chooseRoom(page, 'Planta Campinas', 'Sala de Servidores');
  await expect(page.getByText('Nenhum agendamento.')).toBeVisible();

  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await expect(dialog).toContainText('Horários no fuso da instalação (America/Sao_Paulo).');
  await expect(dialog.getByRole('combobox', { name: 'Sala' })).toHaveValue(/.+/);
  await dialog.getByLabel('Ligar às', { exact: true }).fill('19:15');
  await dialog.getByLabel('Desligar às', { exact: true }).fill('19:15');
  for (const day of ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira']) {
    await dialog.getByRole('checkbox', { name: day }).uncheck();
  }
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O horário de desligar deve ser diferente do horário de ligar.')).toBeVisible();
  await expect(dialog.getByText('Escolha pelo menos um dia da semana.')).toBeVisible();

  await dialog.getByLabel('Desligar às', { exact: true }).fill('07:45');
  await dialog.getByRole('checkbox', { name: 'Sábado' }).check();
  await dialog.getByRole('checkbox', { name: 'Domingo' }).check();
  await dialog.getByLabel('Brilho ao ligar (%)', { exact: true }).fill('70');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Agendamento salvo.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const schedule = page.locator('tr[data-schedule-id]');
  await expect(schedule).toHaveCount(1);
  await expect(schedule).toContainText('Sala de Servidores');
  await expect(schedule).toContainText('19:15');
  await expect(schedule).toContainText('07:45(dia seguinte)');
  await expect(schedule).toContainText('Sáb, Dom');
  await expect(schedule).toContainText(`70${NBSP}%`);
  await expect(schedule).toContainText('Ainda não executado');

  await page.getByRole('button', { name: 'Editar agendamento de Sala de Servidores (19:15–07:45)' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar agendamento' });
  await edit.getByRole('checkbox', { name: 'Ativo' }).uncheck();
  await edit.getByLabel('Brilho ao ligar (%)', { exact: true }).fill('40');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(schedule).toContainText(`40${NBSP}%Pausado`);

  await page.getByRole('button', { name: 'Excluir agendamento de Sala de Servidores (19:15–07:45)' }).click();
  await page.getByRole('dialog', { name: 'Excluir agendamento?' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Agendamento excluído.')).toBeVisible();
  await expect(page.getByText('Nenhum agendamento.')).toBeVisible();
});

test('in English, with figures in its units and currency', async ({ page }) => {
  await page.goto('/lights');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighting' })).toBeVisible();
  for (const label of [
    'Total Lights',
    'Lights On',
    'Average Brightness',
    'Total Consumption',
    'Savings',
    'Quick Actions',
    'Schedules',
  ]) {
    await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
  }
  for (const action of ['Turn All On', 'Turn All Off', 'Eco Mode (50%)', 'Max Brightness']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible();
  }
  await expect(statValue(page, 'Total Consumption')).toHaveText(/^\d+(\.\d+)?\skW$/);
  await expect(statValue(page, 'Savings')).toHaveText(/^\$\d/);
  await expect(
    page.getByText(/peak \$0\.44\/kWh from 18:00 to 21:00 on business days, off-peak \$0\.11\/kWh/),
  ).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  const table = page.getByRole('table').filter({ has: rows(page) });
  for (const column of ['Light', 'Status', 'On/off', 'Brightness', 'Mode', 'Consumption']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(
    rows(page)
      .first()
      .getByRole('switch', { name: /^Turn .+ on or off$/ }),
  ).toBeVisible();
});

test('a viewer sees every control disabled, saying why', async ({ viewerPage: page }) => {
  await page.goto('/lights');
  await expect(rows(page)).toHaveCount(20);
  const first = rows(page).first();
  await expect(first.getByRole('switch')).toBeDisabled();
  await expect(first.getByRole('slider')).toBeDisabled();
  await expect(first.getByRole('combobox')).toBeDisabled();
  for (const action of ['Ligar todas', 'Desligar todas', 'Modo eco (50%)', 'Brilho máximo', 'Novo agendamento']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toBeDisabled();
  }
  const reason = first.locator('[data-slot="role-gated"]').first();
  await expect(reason).toContainText('Requer o papel Operador.');
  await reason.hover();
  await expect(page.getByRole('tooltip')).toContainText('Requer o papel Operador.');
});
