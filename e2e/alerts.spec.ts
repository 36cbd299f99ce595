import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, expectTooltip, switchToEnglish, test } from './ops';

// /alerts on the demo site. The seed leaves device events open (a rack's lost PSU redundancy, a
// voltage sag, a clogged filter…) that no calm plant clears, so there is always something to
// acknowledge. The tests change those alerts one after the other: they run in order.
test.describe.configure({ mode: 'serial' });

interface Item {
  id: string;
  source: string;
  status: string;
  message: string;
  equipmentName: string;
  acknowledgeNote: string | null;
  acknowledgedByName: string | null;
  clearNote: string | null;
}
interface List {
  items: Item[];
  total: number;
  counts: { total: number; critical: number; warning: number; info: number };
}

const PSU = 'Redundância de fonte perdida: PSU 2 do rack sem tensão';
const SAG = 'Afundamento de tensão na entrada: 0,82 pu por 120 ms';
const FILTER = 'Filtro de ar com perda de carga alta: programar a troca';

function list(input: Record<string, unknown> = {}): Promise<List> {
  return callProcedure(baseUrl(), 'alerts.list', 'query', { pageSize: 200, ...input }, adminCookies()) as Promise<List>;
}

/** What the page shows against what the API says now (alerts may change while a test runs). */
async function shownCounts(page: Page) {
  const [api, total, critical, warning, info, shown] = await Promise.all([
    list({ status: 'open' }),
    statValue(page, 'Total').textContent(),
    statValue(page, 'Críticos').textContent(),
    statValue(page, 'Avisos').textContent(),
    statValue(page, 'Informativos').textContent(),
    rows(page).count(),
  ]);
  const { counts } = api;
  return {
    matches:
      [total, critical, warning, info].join() === [counts.total, counts.critical, counts.warning, counts.info].join() &&
      shown === Math.min(api.total, 25),
    api,
  };
}

const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
// Table rows, or the cards that stand for them at 390 px (the audit's phone pass).
const rows = (page: Page) => page.locator('[data-alert-id]');
const row = (page: Page, message: string) => rows(page).filter({ hasText: message });

async function ready(page: Page) {
  await expect(rows(page).first()).toBeVisible();
}

test('shows the open alerts with the counts by severity, filters them, and passes the audit', async ({ page }) => {
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  // Right after the start the calm plant clears what its readings put right (the live stream
  // brings that to the page); the seeded device events stay open.
  await expect.poll(async () => (await shownCounts(page)).matches, { timeout: 20_000 }).toBe(true);
  const { api: open } = await shownCounts(page);
  expect(open.counts.total).toBeGreaterThanOrEqual(5);
  await expect(page.getByText(`${open.total} alerta(s)`)).toBeVisible();

  const psu = row(page, PSU);
  await expect(psu).toContainText('Rack B02');
  await expect(psu).toContainText('Data Center Rio de Janeiro');
  await expect(psu).toContainText('Aviso');
  await expect(psu).toContainText('Ativo');
  await expect(psu).toContainText('Evento do equipamento: encerra-se à mão.');

  // Filters on the server: severity, then status.
  await page.getByRole('combobox', { name: 'Severidade' }).selectOption('critical');
  await expect(rows(page)).toHaveCount((await list({ status: 'open', severity: 'critical' })).total);
  for (const badge of await rows(page).locator('[data-severity]').all()) await expect(badge).toHaveText('Crítico');
  // The cards count every open alert, whatever the list shows.
  await expect(statValue(page, 'Total')).toHaveText(String((await list({ status: 'open' })).counts.total));
  await page.getByRole('combobox', { name: 'Severidade' }).selectOption('');
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('cleared');
  await expect(rows(page).first()).toHaveAttribute('data-status', 'cleared');
  await expect(page.locator('tbody tr[data-alert-id]:not([data-status="cleared"])')).toHaveCount(0);
  // The seed's history: threshold alerts carry their rule.
  await expect(rows(page).filter({ hasText: 'Regra: dispara acima de' }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('open');
  await expect.poll(async () => (await shownCounts(page)).matches).toBe(true);

  await auditPage(page, 'alerts', () => ready(page));
});

test('an operator acknowledges one alert with a note: who, when and the note are recorded', async ({
  operatorPage: page,
}) => {
  await page.goto('/alerts');
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('active');
  const psu = row(page, PSU);
  await expect(psu).toBeVisible();
  await psu.getByRole('button', { name: 'Reconhecer alerta de Rack B02' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reconhecer alerta' });
  await expect(dialog).toContainText(PSU);
  await dialog.getByLabel('Nota (opcional)').fill('Técnico a caminho para trocar a PSU');
  await dialog.getByRole('button', { name: 'Reconhecer' }).click();
  await expect(toast(page, 'Alerta reconhecido.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // No longer active: it leaves this list, and shows up acknowledged, with who and the note.
  await expect(psu).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('acknowledged');
  await expect(row(page, PSU)).toContainText('Reconhecido');
  await expect(row(page, PSU)).toContainText('E2E operator');
  await expect(row(page, PSU).locator('[data-slot="ack-note"]')).toHaveText('“Técnico a caminho para trocar a PSU”');

  const stored = (await list({ status: 'acknowledged' })).items.find((i) => i.message === PSU);
  expect(stored).toMatchObject({
    status: 'acknowledged',
    acknowledgeNote: 'Técnico a caminho para trocar a PSU',
    acknowledgedByName: 'E2E operator',
  });
});

test('a viewer sees the actions disabled with the reason, in English; the list follows changes live', async ({
  viewerPage: page,
}) => {
  await page.goto('/alerts');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(statValue(page, 'Critical')).toHaveText(/^\d+$/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  const sag = row(page, SAG);
  await expect(sag).toContainText('Active');
  const acknowledge = sag.getByRole('button', { name: /^Acknowledge alert of/ });
  await expect(acknowledge).toBeDisabled();
  await expect(sag.getByRole('button', { name: /^Clear alert of/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Acknowledge all visible/ })).toBeDisabled();
  await expectTooltip(page, sag.locator('[data-slot="role-gated"]').first(), 'Requires the Operator role.');

  // Someone else acknowledges it: the open page hears it and the row leaves the active list.
  const target = (await list({ status: 'active' })).items.find((i) => i.message === SAG);
  expect(target).toBeDefined();
  await callProcedure(baseUrl(), 'alerts.acknowledge', 'mutation', { id: target?.id }, adminCookies());
  await expect(sag).toHaveCount(0, { timeout: 10_000 });
});

test('an operator acknowledges every visible alert after confirming', async ({ operatorPage: page }) => {
  await page.goto('/alerts');
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('active');
  await expect(row(page, FILTER)).toBeVisible();
  // The active list is in (not the open one still shown while it loads).
  await expect(page.locator('tbody tr[data-alert-id]:not([data-status="active"])')).toHaveCount(0);
  const count = await rows(page).count();
  expect(count).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Reconhecer todos visíveis (${count})` }).click();
  const confirm = page.getByRole('dialog', { name: 'Reconhecer os alertas visíveis?' });
  await expect(confirm).toContainText(`${count} alerta(s) ativo(s) desta página`);
  await confirm.getByRole('button', { name: 'Reconhecer' }).click();
  await expect(toast(page, `${count} alerta(s) reconhecido(s).`)).toBeVisible();
  await expect(page.getByText('Nenhum alerta ativo no momento')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconhecer todos visíveis (0)' })).toBeDisabled();
  const acknowledged = (await list({ status: 'acknowledged' })).items.find((i) => i.message === FILTER);
  expect(acknowledged?.acknowledgedByName).toBe('E2E operator');
});

test('an operator clears an alert only with a note', async ({ operatorPage: page }) => {
  const before = await list({ status: 'open' });
  await page.goto('/alerts');
  await expect(statValue(page, 'Total')).toHaveText(String(before.counts.total));
  const filter = row(page, FILTER);
  await filter.getByRole('button', { name: /^Encerrar alerta de/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Encerrar alerta' });
  const clear = dialog.getByRole('button', { name: 'Encerrar' });
  await expect(clear).toBeDisabled();
  await expect(dialog).toContainText('Escreva uma nota para encerrar.');
  await dialog.getByLabel('Nota').fill('Filtro trocado pela manutenção');
  await clear.click();
  await expect(toast(page, 'Alerta encerrado.')).toBeVisible();
  await expect(filter).toHaveCount(0);
  await expect(statValue(page, 'Total')).toHaveText(String(before.counts.total - 1));

  await page.getByRole('combobox', { name: 'Situação' }).selectOption('cleared');
  await expect(row(page, FILTER)).toContainText('Encerrado por E2E operator');
  await expect(row(page, FILTER)).toContainText('“Filtro trocado pela manutenção”');
});
