import type { Page } from '@playwright/test';
import { cnpjCheckDigits, formatCnpj } from '@sentinela/shared/cnpj';
import { toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /suppliers on the demo site: the list (search, filters, paging), a supplier's drawer, and the
// form, which refuses a CNPJ whose check digits do not match and accepts a valid one.

const rows = (page: Page) => page.locator('tbody tr[data-supplier-id]');
const ready = (page: Page) => expect(rows(page).first()).toBeVisible({ timeout: 15_000 });

/** A valid CNPJ no other run of this spec used (its root from the clock). */
function freshCnpj(): string {
  const base = `${String(Date.now()).slice(-8)}0001`;
  return base + cnpjCheckDigits(base);
}

test('suppliers: demo list, search, filters, drawer with contacts and delivery figures; axe in both themes and at 390 px', async ({
  page,
}) => {
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { level: 1, name: 'Fornecedores' })).toBeVisible();
  await ready(page);
  await expect(page.getByRole('columnheader')).toHaveText([
    'Fornecedor',
    'CNPJ',
    'Categorias',
    'Contato',
    'Pedidos',
    'Situação',
  ]);
  // Every CNPJ is shown masked.
  for (const cnpj of await rows(page).locator('td:nth-child(2)').allTextContents())
    expect(cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);

  await page.getByRole('searchbox', { name: /Buscar fornecedores/ }).fill('climatiza');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/search=climatiza/);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await page.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Inativo' });
  await expect(page).toHaveURL(/active=false/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Inativo');
  await page.getByRole('button', { name: 'Limpar filtros' }).click();

  await page.getByRole('button', { name: 'Eletro Paulista Comércio de Materiais Elétricos Ltda' }).click();
  const sheet = page.getByRole('dialog');
  await expect(
    sheet.getByRole('heading', { name: 'Eletro Paulista Comércio de Materiais Elétricos Ltda' }),
  ).toBeVisible();
  await expect(sheet.getByText('Márcia Tavares')).toBeVisible();
  await expect(sheet.getByText('(19) 3214-5500')).toBeVisible();
  await expect(sheet.getByText('Entregas no prazo')).toBeVisible();
  await page.keyboard.press('Escape');

  await auditPage(page, 'suppliers', () => ready(page));
});

test('suppliers: an invalid CNPJ is refused, a valid one is created and listed (pt, then en)', async ({
  operatorPage: page,
}) => {
  await page.goto('/suppliers');
  await ready(page);
  await page.getByRole('button', { name: 'Novo fornecedor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo fornecedor' });
  await dialog.getByLabel('Razão social').fill('Teste Materiais Elétricos Ltda');
  const cnpj = freshCnpj();
  // The last check digit changed: the mask is right, the number is not.
  const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + 1) % 10);
  await dialog.getByLabel('CNPJ').pressSequentially(wrong);
  await expect(dialog.getByLabel('CNPJ')).toHaveValue(formatCnpj(wrong));
  await dialog.getByLabel('Material elétrico').check();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('CNPJ inválido: os dígitos verificadores não conferem.')).toBeVisible();
  await expect(dialog.getByLabel('CNPJ')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('CNPJ').fill(cnpj);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Fornecedor Teste Materiais Elétricos Ltda cadastrado.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: /Buscar fornecedores/ }).fill(formatCnpj(cnpj));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Teste Materiais Elétricos Ltda');
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(formatCnpj(cnpj));

  // The same number again: a conflict, said in English.
  await switchToEnglish(page);
  await page.getByRole('button', { name: 'New supplier' }).click();
  const again = page.getByRole('dialog', { name: 'New supplier' });
  await again.getByLabel('Legal name').fill('Another Ltda');
  await again.getByLabel('CNPJ').fill(cnpj);
  await again.getByLabel('Electrical material').check();
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText(`A supplier with CNPJ ${formatCnpj(cnpj)} already exists.`)).toBeVisible();
});
