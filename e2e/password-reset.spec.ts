import type { Page } from '@playwright/test';
import { baseUrl, createEnrolledUser, expect, linkInOutbox, SIGNED_OUT, test, toast, totpCode } from './fixtures';
import { auditPage } from './ops';

// A forgotten password (issue 16): "Esqueci minha senha" on /login → a link in the e-mail outbox
// (read through the administrator's email.outbox) → /login?reset=<token> → the new password signs
// in, the code is still asked, and the same link does not work a second time.

test.use({ storageState: SIGNED_OUT });

const NEW_PASSWORD = 'Represa#Calma58';

const resetLinkFor = (email: string) => linkInOutbox(email, /\/login\?reset=[\w-]+/, 'a reset link');

async function setNewPassword(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
}

test('a password reset through the e-mail outbox works once and not twice', async ({ page }) => {
  const account = await createEnrolledUser('reset');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText('Se houver uma conta com este e-mail');

  const link = await resetLinkFor(account.email);
  await setNewPassword(page, link);
  await expect(toast(page, 'Senha redefinida. Entre com a nova senha.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer signs in; the new one does, and the code is still asked.
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(toast(page, 'E-mail ou senha incorretos.')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await page.getByLabel('Código de verificação').fill(await totpCode(account.totpSecret, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The same link a second time: refused, clearly.
  const again = await page.context().browser()!.newContext({ baseURL: baseUrl(), storageState: SIGNED_OUT });
  const second = await again.newPage();
  await setNewPassword(second, link);
  await expect(
    toast(second, 'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.'),
  ).toBeVisible();
  await again.close();
});

test('the forgotten-password and reset forms pass axe in both themes and at 390 px', async ({ page }) => {
  await page.goto('/login?reset=not-a-real-token');
  await auditPage(page, 'login-reset', async () => {
    await expect(page.getByRole('heading', { name: 'Nova senha' })).toBeVisible();
  });
});
