import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /maintenance on the demo site: a shift's work order from creation to completion, the lockout it
// puts on its motor meanwhile, and the figures that follow; both languages, axe in both themes.

interface Kpis {
  completed: { total: number };
}

const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
// Table rows, or the cards that stand for them at 390 px.
const orders = (page: Page) => page.locator('[data-order-id]');
const kpis = async () => (await callProcedure(baseUrl(), 'maintenance.kpis', 'query', {}, adminCookies())) as Kpis;

test('an operator creates an order for a motor, starts it (the motor is locked out), ticks its checklist and completes it', async ({
  operatorPage: page,
}) => {
  test.setTimeout(120_000);
  const found = (await callProcedure(
    baseUrl(),
    'motors.list',
    'query',
    { search: 'Bomba Dosadora', status: 'online' },
    adminCookies(),
  )) as { items: { id: string; name: string; facilityName: string }[] };
  const motor = found.items[0]!;
  const title = `Troca de rolamento ${Date.now().toString(36)}`;
  const completedBefore = (await kpis()).completed.total;

  await page.goto('/maintenance');
  await expect(page.getByRole('heading', { level: 1, name: 'Manutenção' })).toBeVisible();
  await expect(statValue(page, 'Concluídas')).toHaveText(String(completedBefore));
  await expect(page.getByText(/Horas de operação \(.+ h\) ÷ falhas corretivas/)).toBeVisible();

  // A new order: the motor found by its name, today, a mandatory checklist item.
  await page.getByRole('button', { name: 'Nova ordem de serviço' }).click();
  const form = page.getByRole('dialog', { name: 'Nova ordem de serviço' });
  await form.getByRole('button', { name: 'Criar ordem' }).click();
  await expect(form.getByRole('textbox', { name: 'Título' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Título' }).fill(title);
  await form.getByRole('searchbox', { name: 'Buscar equipamento' }).fill(motor.name);
  const equipment = form.getByRole('combobox', { name: 'Equipamento', exact: true });
  await expect(equipment.locator('option', { hasText: motor.name })).toHaveCount(1);
  await equipment.selectOption({ label: `${motor.name} · ${motor.facilityName}` });
  await form.getByRole('combobox', { name: 'Prioridade' }).selectOption({ label: 'Alta' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await form.getByLabel('Data', { exact: true }).fill(today);
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByRole('textbox', { name: 'Item 1' }).fill('Travar e etiquetar o disjuntor');
  await form.getByRole('checkbox', { name: 'Obrigatório' }).check();
  await form.getByRole('button', { name: 'Criar ordem' }).click();
  await expect(toast(page, /^OS-\d{4}-\d{4} criada\.$/)).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(title);
  await expect(orders(page)).toHaveCount(1);
  const row = orders(page).first();
  const number = (await row.getAttribute('data-number'))!;
  await expect(row).toContainText('Não atribuído');
  await expect(row).toContainText('0/1');
  await expect(row).toContainText('Agendada');

  // Started: the motor is locked out, every command refused with the order's number.
  await row.getByRole('button', { name: `Iniciar ${number}` }).click();
  await expect(
    toast(page, `${number} iniciada: os comandos para ${motor.name} ficam bloqueados até a conclusão.`),
  ).toBeVisible();
  await expect(row).toContainText('Em andamento');

  await page.goto('/motors');
  await page.getByPlaceholder('Nome, código ou local').fill(motor.name);
  await expect(page.locator('[data-motor-id]')).toHaveCount(1);
  // Its switch shows the lock with the order and cannot be pressed…
  await expect(page.getByRole('switch', { name: `Ligar/desligar ${motor.name}` })).toBeDisabled();
  await expect(page.locator('[data-motor-id]').first().getByText(`Bloqueado · ${number}`)).toBeVisible();
  // …and a command sent anyway (off included) is refused by the server, naming the order.
  await expect(
    callProcedure(baseUrl(), 'motors.setPower', 'mutation', { id: motor.id, on: false }, adminCookies()),
  ).rejects.toThrow(`${motor.name}: bloqueado pela ${number} em andamento.`);

  // Back on the list: completing waits for the mandatory item.
  await page.goto('/maintenance');
  await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(title);
  await expect(orders(page)).toHaveCount(1);
  const complete = async () => {
    await orders(page)
      .first()
      .getByRole('button', { name: `Concluir ${number}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Concluir ${number}` });
    await dialog.getByRole('textbox', { name: 'Horas de trabalho' }).fill('1,5');
    await dialog.getByRole('textbox', { name: 'Custo de peças (R$)' }).fill('120,50');
    await dialog.getByRole('textbox', { name: 'Nota de fechamento' }).fill('Rolamento trocado.');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    return dialog;
  };
  const refused = await complete();
  await expect(refused.getByRole('alert')).toHaveText(
    'Marque os itens obrigatórios do checklist antes de concluir (1 pendentes).',
  );
  await refused.getByRole('button', { name: 'Cancelar' }).click();

  // The drawer: every field, the checklist ticked, the history in words.
  await orders(page)
    .first()
    .getByRole('button', { name: `Ver detalhes ${number}` })
    .click();
  const sheet = page.getByRole('dialog', { name: `Ordem de serviço ${number}` });
  await expect(sheet).toContainText(`${motor.name} · ${motor.facilityName}`);
  await expect(sheet.locator('[data-slot="order-history"]')).toContainText('Criada');
  await expect(sheet.locator('[data-slot="order-history"]')).toContainText('Iniciada');
  await sheet.getByRole('checkbox', { name: /Travar e etiquetar o disjuntor/ }).check();
  await expect(sheet).toContainText(/feito por .+ em/);
  await expect(orders(page).first()).toContainText('1/1');
  await sheet.getByRole('button', { name: 'Fechar' }).click();

  const done = await complete();
  await expect(done).toBeHidden();
  await expect(toast(page, `${number} concluída.`)).toBeVisible();
  await expect(statValue(page, 'Concluídas')).toHaveText(String(completedBefore + 1));
  // Recorded with its cost: parts R$ 120,50, nothing else.
  const recorded = (await callProcedure(
    baseUrl(),
    'maintenance.orders.list',
    'query',
    { search: number },
    adminCookies(),
  )) as { items: { status: string; cost: string }[] };
  expect(recorded.items[0]).toMatchObject({ status: 'completed', cost: '120.50' });
});

test('the maintenance page reads in English and passes the audit', async ({ page }) => {
  await page.goto('/maintenance');
  const ready = async () => {
    await expect(statValue(page, 'Total de ordens')).toHaveText(/^\d/);
    await expect(
      page
        .getByRole('table', { name: 'Ordens de serviço' })
        .or(page.getByRole('list', { name: 'Ordens de serviço' }))
        .or(page.getByText('Nenhuma ordem')),
    ).toBeVisible();
  };
  await auditPage(page, 'maintenance', ready);

  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
  await expect(statValue(page, 'Total work orders')).toHaveText(/^\d/);
  await expect(statValue(page, 'Total cost')).toHaveText(/^\$/);
  await expect(page.getByRole('combobox', { name: 'Technician' })).toContainText('Not assigned');
});
