import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, test } from './ops';

// Spare parts (issue 15): a work order's part line leaves stock when the order completes, and the
// part's drawer shows the consumed movement with the order's number. The panel is the "Peças"
// tab of /purchase-orders.

const admin = <T>(path: string, type: 'query' | 'mutation', input: unknown) =>
  callProcedure(baseUrl(), path, type, input, adminCookies()) as Promise<T>;

const partRow = (page: Page, code: string) => page.locator(`[data-part-code="${code}"]`);

test('a work order consuming a part lowers its stock', async ({ operatorPage: page }) => {
  test.setTimeout(120_000);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const locations = await admin<{ id: string; name: string }[]>('spareParts.locations.list', 'query', undefined);
  const central = locations.find((l) => l.name === 'Almoxarifado central')!;
  const part = await admin<{ id: string }>('spareParts.create', 'mutation', {
    code,
    description: 'Rolamento de teste 6204-2RS',
    unit: 'un',
    minimumStock: '2',
    defaultLocationId: central.id,
    compatibleKinds: ['motor'],
  });
  await admin('spareParts.adjust', 'mutation', {
    partId: part.id,
    locationId: central.id,
    direction: 'in',
    quantity: '5',
    reason: 'Inventário inicial',
  });
  const motors = await admin<{ items: { id: string }[] }>('motors.list', 'query', { status: 'online' });
  const order = await admin<{ id: string; number: string }>('maintenance.orders.create', 'mutation', {
    title: `Troca de rolamento ${code}`,
    kind: 'corrective',
    priority: 'medium',
    equipmentId: motors.items[0]!.id,
    scheduledAt: new Date(),
    durationHours: 2,
  });
  await admin('maintenance.orders.start', 'mutation', { id: order.id });

  // The order's drawer: a part line of 2 from the central storeroom.
  await page.goto('/maintenance');
  await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(code);
  const row = page.locator('[data-order-id]').first();
  await expect(page.locator('[data-order-id]')).toHaveCount(1);
  await row.getByRole('button', { name: `Ver detalhes ${order.number}` }).click();
  const sheet = page.getByRole('dialog', { name: `Ordem de serviço ${order.number}` });
  const lines = sheet.locator('[data-slot="order-parts"]');
  await expect(lines).toContainText('Nenhuma peça nesta ordem.');
  await lines.getByRole('searchbox', { name: /Buscar peça/ }).fill(code);
  const partSelect = lines.getByRole('combobox', { name: 'Peça' });
  await expect(partSelect.locator('option', { hasText: code })).toHaveCount(1);
  await partSelect.selectOption({ label: `${code} · Rolamento de teste 6204-2RS` });
  await expect(lines.getByRole('combobox', { name: 'Local' })).toHaveValue(central.id);
  await lines.getByRole('textbox', { name: 'Quantidade' }).fill('2');
  await lines.getByRole('button', { name: 'Adicionar peça' }).click();
  await expect(lines.locator(`[data-part-line="${code}"]`)).toContainText('disponível em Almoxarifado central: 5 un');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Completed: the line leaves stock.
  await row.getByRole('button', { name: `Concluir ${order.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Concluir ${order.number}` });
  await dialog.getByRole('textbox', { name: 'Horas de trabalho' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Nota de fechamento' }).fill('Rolamento trocado.');
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(toast(page, `${order.number} concluída.`)).toBeVisible();

  // The catalogue: 3 left; the drawer shows who took 2 for which order.
  // The catalogue is the "Peças" tab of /purchase-orders, kept in the address.
  await page.goto('/purchase-orders');
  await page.getByRole('tab', { name: 'Peças' }).click();
  await expect(page).toHaveURL(/\/purchase-orders\?tab=parts$/);
  await page.getByRole('searchbox', { name: /Buscar peças/ }).fill(code);
  await expect(partRow(page, code).locator('[data-slot="part-stock"]')).toHaveText('3\u00a0un');
  await partRow(page, code).getByRole('button', { name: code }).click();
  const drawer = page.getByRole('dialog', { name: `Peça ${code}` });
  const movements = drawer.locator('[data-slot="part-movements"] li');
  await expect(movements).toHaveCount(2);
  await expect(movements.first()).toContainText(`−2\u00a0un Consumida · Almoxarifado central · OS ${order.number}`);
  await expect(movements.last()).toContainText('Inventário inicial');
  await expect(drawer.locator('[data-slot="stock-by-location"]')).toContainText('Almoxarifado central');
  await page.keyboard.press('Escape');

  await auditPage(page, 'spare-parts', async () => {
    await expect(page.locator('[data-part-code]').first()).toBeVisible();
  });
});
