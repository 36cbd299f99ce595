import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { expect, test } from './ops';

// Preventive plans on /maintenance (issue 12): an admin's calendar plan falls due, the job creates
// its order once however often it runs; and an operator opens a work order from an alert.

const ZONE = 'America/Sao_Paulo';
const orders = (page: Page) => page.locator('[data-order-id]');
const wallDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);

async function onlineMotor() {
  const found = (await callProcedure(
    baseUrl(),
    'motors.list',
    'query',
    { search: 'Motor', status: 'online' },
    adminCookies(),
  )) as { items: { id: string; name: string; facilityName: string }[] };
  return found.items[0]!;
}

test('an admin creates a calendar plan due within its lead days; its order appears once', async ({ page }) => {
  test.setTimeout(120_000);
  const motor = await onlineMotor();
  const title = `Inspeção preventiva ${Date.now().toString(36)}`;
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const startsOn = wallDate(startsAt);

  await page.goto('/maintenance');
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByText('Planos preventivos', { exact: true }) });
  await card.getByRole('button', { name: 'Novo plano' }).click();
  const form = page.getByRole('dialog', { name: 'Novo plano' });
  await form.getByRole('textbox', { name: 'Título' }).fill(title);
  await form.getByRole('searchbox', { name: 'Buscar equipamento' }).fill(motor.name);
  const equipment = form.getByRole('combobox', { name: 'Equipamento', exact: true });
  const option = `${motor.name} · ${motor.facilityName}`;
  await expect(equipment.locator('option', { hasText: option })).toHaveCount(1);
  await equipment.selectOption({ label: option });
  await expect(form.getByRole('textbox', { name: 'A cada (dias)' })).toHaveValue('30');
  await expect(form.getByRole('textbox', { name: 'Antecedência (dias)' })).toHaveValue('7');
  await form.getByLabel('Começa em').fill(startsOn);
  await form.getByRole('button', { name: 'Criar plano' }).click();
  await expect(toast(page, `Plano “${title}” criado.`)).toBeVisible();
  await expect(form).toBeHidden();

  const [year, month, day] = startsOn.split('-');
  const plan = card.getByRole('listitem').filter({ hasText: title });
  await expect(plan).toContainText(motor.name);
  await expect(plan).toContainText('a cada 30 dias');
  await expect(plan).toContainText('Ativo');

  // The job runs at start and every 10 minutes; an admin runs it now, twice: one order.
  await callProcedure(baseUrl(), 'maintenance.plans.runDue', 'mutation', null, adminCookies());
  await callProcedure(baseUrl(), 'maintenance.plans.runDue', 'mutation', null, adminCookies());
  await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(title);
  await expect(orders(page)).toHaveCount(1);
  await expect(orders(page).first()).toContainText('Preventiva');
  // Its due date has an order now: the plan shows the next one, 30 days on.
  await page.reload();
  const next = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 30));
  const [ny, nm, nd] = next.toISOString().slice(0, 10).split('-');
  await expect(page.getByRole('listitem').filter({ hasText: title }).locator('[data-slot="next-due"]')).toContainText(
    `${nd}/${nm}/${ny}`,
  );
});

interface AlertRow {
  id: string;
  equipmentId: string | null;
  equipmentName: string | null;
  message: string;
  workOrder: { number: string } | null;
}

test('an operator opens a work order from an alert and sees its number on the alert', async ({
  operatorPage: page,
}) => {
  test.setTimeout(120_000);
  const open = (await callProcedure(
    baseUrl(),
    'alerts.list',
    'query',
    { status: 'open', page: 1, pageSize: 25 },
    adminCookies(),
  )) as { items: AlertRow[] };
  const alert = open.items.find((a) => a.equipmentId !== null && a.workOrder === null);
  expect(alert).toBeDefined();

  await page.goto('/alerts');
  const row = page.locator(`[data-alert-id="${alert!.id}"]`);
  await row.getByRole('link', { name: `Abrir ordem de serviço para o alerta de ${alert!.equipmentName}` }).click();
  await expect(page).toHaveURL(/\/maintenance\?fromAlert=/);
  const form = page.getByRole('dialog', { name: 'Nova ordem de serviço' });
  await expect(form.getByRole('textbox', { name: 'Título' })).not.toHaveValue('');
  await expect(form.getByRole('combobox', { name: 'Tipo' })).toHaveValue('corrective');
  await form.getByRole('button', { name: 'Criar ordem' }).click();
  const created = toast(page, /^OS-\d{4}-\d{4} criada\.$/);
  await expect(created).toBeVisible();
  const number = /OS-\d{4}-\d{4}/.exec((await created.textContent()) ?? '')![0];

  await page.goto('/alerts');
  const link = page.locator(`[data-alert-id="${alert!.id}"]`).locator('[data-slot="alert-work-order"]');
  await expect(link).toHaveText(`${number} · agendada`);
  await expect(row.getByRole('link', { name: /^Abrir ordem de serviço/ })).toHaveCount(0);
  // The link opens the order's drawer.
  await link.click();
  await expect(page.getByRole('dialog', { name: `Ordem de serviço ${number}` })).toBeVisible();
});
