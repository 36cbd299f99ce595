import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /maintenance?view=calendar: an order on its day in the month grid, rescheduled from the calendar
// through the dialog (it moves to its new day), opened in the drawer and printed; axe in both
// themes and at 390 px, where the month becomes an agenda of days.

const day = (page: Page, key: string) => page.locator(`td[data-day="${key}"]`);

test('an operator finds an order on its day in the calendar and reschedules it to another day', async ({
  operatorPage: page,
}) => {
  test.setTimeout(120_000);
  const motors = (await callProcedure(
    baseUrl(),
    'motors.list',
    'query',
    { search: 'Bomba', pageSize: 1 },
    adminCookies(),
  )) as { items: { id: string }[] };
  // The 10th of this month at 15:00 UTC: the 10th on the clock of every facility of the Americas.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const title = `Calibração ${Date.now().toString(36)}`;
  const created = (await callProcedure(
    baseUrl(),
    'maintenance.orders.create',
    'mutation',
    {
      title,
      kind: 'preventive',
      priority: 'urgent',
      equipmentId: motors.items[0]!.id,
      scheduledAt: new Date(`${month}-10T15:00:00Z`),
      durationHours: 2,
    },
    adminCookies(),
  )) as { number: string };
  const { number } = created;

  await page.goto(`/maintenance?month=${month}`);
  await page.getByRole('button', { name: 'Calendário' }).click();
  await expect(page).toHaveURL(/view=calendar/);
  await expect(page.getByRole('button', { name: 'Calendário' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(title);

  // On the 10th, named with its count; the grid's only order once searched.
  const grid = page.getByRole('table', { name: /^Ordens de serviço de / });
  await expect(day(page, `${month}-10`).locator(`[data-number="${number}"]`)).toBeVisible();
  await expect(grid.locator('[data-order-id]')).toHaveCount(1);
  await expect(day(page, `${month}-10`)).toHaveAttribute('aria-label', /^10 de .+: 1 ordem$/);
  await expect(day(page, `${month}-10`).locator(`[data-number="${number}"]`)).toHaveAttribute(
    'data-priority',
    'urgent',
  );

  // Rescheduled through the dialog, by keyboard as by mouse: it moves to the 17th.
  await page.getByRole('button', { name: `Reagendar ${number}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Reagendar ${number}` });
  await dialog.getByLabel('Data', { exact: true }).fill(`${month}-17`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, `${number} reagendada.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(day(page, `${month}-17`).locator(`[data-number="${number}"]`)).toBeVisible();
  await expect(day(page, `${month}-10`).locator('[data-order-id]')).toHaveCount(0);
  await expect(day(page, `${month}-17`)).toHaveAttribute('aria-label', /^17 de .+: 1 ordem$/);

  // The arrow keys walk the days: down a week from the 10th is the 17th.
  await day(page, `${month}-10`).focus();
  await page.keyboard.press('ArrowDown');
  await expect(day(page, `${month}-17`)).toBeFocused();

  // The order opens in the drawer, which prints it alone.
  await day(page, `${month}-17`)
    .getByRole('button', { name: new RegExp(`^${number} ${title}`) })
    .click();
  const sheet = page.getByRole('dialog', { name: `Ordem de serviço ${number}` });
  await expect(sheet.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  const printed = page.locator('[data-print-sheet]');
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await expect(printed).toContainText(`Ordem de serviço ${number}`);
  await expect(printed).toContainText(title);
  await expect(page.locator('#root')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await sheet.getByRole('button', { name: 'Fechar' }).click();

  // The month and the view are in the URL: a reload keeps them.
  await page.reload();
  await expect(page.getByRole('table', { name: /^Ordens de serviço de / })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
});

test('the calendar reads in English and passes the audit in both themes and on a phone', async ({ page }) => {
  await page.goto('/maintenance?view=calendar');
  const ready = async () => {
    await expect(page.locator('[data-slot="work-order-calendar"]')).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: /^Ordens de serviço de / })
        .or(page.getByRole('list', { name: /^Dias de .+ com ordens de serviço$/ }))
        .or(page.getByText('Nenhuma ordem neste mês.')),
    ).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
  };
  await auditPage(page, 'maintenance-calendar', ready);

  await switchToEnglish(page);
  await expect(page.getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: /^Work orders of / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
});
