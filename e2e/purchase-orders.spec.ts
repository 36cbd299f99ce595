import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, test } from './ops';

// /purchase-orders on the demo site (its suppliers, parts, stock locations and order history):
// a buyer drafts an order, submits and approves it (under the operators' limit), receives it in
// two parts and the part's stock rises; a part below its minimum stock appears as a suggested
// order, one click makes the draft. Axe in both themes and at 390 px.

interface Options {
  suppliers: { id: string; name: string }[];
  parts: { id: string; code: string; description: string; stock: string }[];
  locations: { id: string; name: string }[];
}
interface Suggestions {
  supplier: { id: string; name: string };
  parts: { partId: string; code: string }[];
}

const options = async () =>
  (await callProcedure(baseUrl(), 'purchaseOrders.options', 'query', undefined, adminCookies())) as Options;
const stockOf = async (partId: string) => Number((await options()).parts.find((p) => p.id === partId)?.stock);
const orderDialog = (page: Page) => page.getByRole('dialog', { name: /^Pedido PC-\d{4}-\d{4}/ });

test('an order is drafted, submitted, approved, received in two parts, and the stock rises', async ({
  operatorPage: page,
}) => {
  test.setTimeout(120_000);
  const before = await options();
  const supplier = before.suppliers[0]!;
  const part = before.parts[0]!;
  expect(before.locations.length).toBeGreaterThan(0);
  const stockBefore = Number(part.stock);

  await page.goto('/purchase-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pedidos' })).toHaveAttribute('aria-selected', 'true');
  // The demo's history is listed.
  await expect(page.locator('tr[data-order-id]').first()).toBeVisible();

  await page.getByRole('button', { name: 'Novo pedido' }).click();
  const form = page.getByRole('dialog', { name: 'Novo pedido de compra' });
  await form.getByRole('combobox', { name: 'Fornecedor' }).selectOption({ label: supplier.name });
  await form.getByRole('combobox', { name: 'Peça' }).selectOption({ label: `${part.code} · ${part.description}` });
  await form.getByRole('textbox', { name: 'Quantidade' }).fill('10');
  await form.getByRole('textbox', { name: 'Preço unitário (R$)' }).fill('12,5');
  await form.getByRole('textbox', { name: 'Frete (R$)' }).fill('0,1');
  await expect(form.locator('[data-form-total]')).toHaveText('R$\u00a0125,10');
  await form.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(toast(page, /^Pedido PC-\d{4}-\d{4} salvo\.$/)).toBeVisible();

  const detail = orderDialog(page);
  await expect(detail.locator('[data-status="draft"]')).toBeVisible();
  await detail.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(detail.locator('[data-status="submitted"]')).toBeVisible();
  await detail.getByRole('button', { name: 'Aprovar' }).click();
  await expect(detail.locator('[data-status="approved"]')).toBeVisible();

  // First delivery: 4 of 10.
  await detail.getByRole('button', { name: 'Receber' }).click();
  let receive = page.getByRole('dialog', { name: /^Receber PC-/ });
  await receive.getByRole('textbox', { name: /^Recebido agora/ }).fill('4');
  await receive.getByRole('button', { name: 'Registrar recebimento' }).click();
  await expect(receive).toBeHidden();
  await expect(detail.locator('[data-status="partially_received"]')).toBeVisible();
  await expect.poll(() => stockOf(part.id)).toBe(stockBefore + 4);

  // More than what is left is refused, in words; then the rest.
  await detail.getByRole('button', { name: 'Receber' }).click();
  receive = page.getByRole('dialog', { name: /^Receber PC-/ });
  await receive.getByRole('textbox', { name: /^Recebido agora/ }).fill('7');
  await receive.getByRole('button', { name: 'Registrar recebimento' }).click();
  await expect(receive.getByText(/faltam receber 6; 7 passa do pedido/)).toBeVisible();
  await receive.getByRole('button', { name: 'Receber tudo o que falta' }).click();
  await receive.getByRole('button', { name: 'Registrar recebimento' }).click();
  await expect(receive).toBeHidden();
  await expect(detail.locator('[data-status="received"]')).toBeVisible();
  await expect.poll(() => stockOf(part.id)).toBe(stockBefore + 10);
  await expect(detail.getByRole('list').getByText('Recebimento registrado')).toHaveCount(2);
});

test('a part below its minimum stock is a suggested order; one click drafts it', async ({ operatorPage: page }) => {
  const suggestions = (await callProcedure(
    baseUrl(),
    'purchaseOrders.suggestions',
    'query',
    undefined,
    adminCookies(),
  )) as Suggestions[];
  expect(suggestions.length, 'the demo has parts below their minimum').toBeGreaterThan(0);
  const group = suggestions[0]!;

  await page.goto('/purchase-orders');
  const card = page.locator(`[data-suggestion="${group.supplier.id}"]`);
  await expect(card).toContainText(group.parts[0]!.code);
  await auditPage(page, 'purchase-orders', () => expect(card).toBeVisible());
  await card.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(toast(page, /^Rascunho PC-\d{4}-\d{4} criado\.$/)).toBeVisible();
  const detail = orderDialog(page);
  await expect(detail.locator('[data-status="draft"]')).toBeVisible();
  for (const p of group.parts) await expect(detail.getByText(p.code).first()).toBeVisible();
  // Its parts are now on order: that supplier's suggestion is gone.
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
});
