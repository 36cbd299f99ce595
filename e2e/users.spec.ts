import type { Browser, Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import {
  addSessionCookies,
  baseUrl,
  createEnrolledUser,
  createPendingUser,
  expect,
  lastSmsAt,
  linkInOutbox,
  SIGNED_OUT,
  STRONG_PASSWORD,
  test,
  toast,
  totpCode,
  uniqueEmail,
  uniquePhone,
  waitForSmsCode,
  type Cookies,
} from './fixtures';
import { auditPage, switchToEnglish } from './ops';

// User administration and the password change (issue 16, ADR 029), driven as the people would:
// an invitation link sets up an operator; a disabled user's open page loses its session at once
// and cannot sign in until enabled; a 2FA reset sends the user to /setup-2fa; an SMS account
// changes its password from "Segurança" (other sessions end); /users passes the audit in English.
// Accounts that are not the subject are created over the API.

const NEW_PASSWORD = 'Represa#Calma58';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const userMenu = (page: Page) => page.getByRole('button', { name: /^Menu do usuário: / });

/** /users filtered to one account: its row. */
async function userRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(email);
  const row = page.locator(`tr[data-user-email="${email}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('tbody tr')).toHaveCount(1);
  return row;
}

/** A row's action behind its confirmation dialog ("Desativar", "Ativar", "Redefinir 2FA"). */
async function confirmRowAction(page: Page, email: string, action: string, title: string) {
  const row = await userRow(page, email);
  await row.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** A signed-out page in its own context. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), storageState: SIGNED_OUT });
  return context.newPage();
}

async function submitPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

const inviteLinkIn = (email: string) => linkInOutbox(email, /\/register\?invite=[\w-]+/, 'an invitation');

/** Is this API session still signed in? */
async function signedIn(cookies: Cookies): Promise<boolean> {
  return (await callProcedure(baseUrl(), 'auth.me', 'query', undefined, cookies)) !== null;
}

test('an invitation link sets up a new user with the chosen role, once', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('invited');
  await page.goto('/users');
  await expect(heading(page, 'Usuários')).toBeVisible();
  await page.getByRole('button', { name: 'Convidar usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar usuário' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Papel').selectOption('operator');
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(dialog.getByRole('status')).toContainText('Convite enviado.');
  const shown = await dialog.getByLabel('Link do convite').inputValue();
  const link = await inviteLinkIn(email);
  // The admin sees the link the e-mail carries.
  expect(new URL(shown).pathname + new URL(shown).search).toBe(link);
  await dialog.getByRole('button', { name: 'Concluir' }).click();

  // The invited person, in another browser: register → 2FA → signed in as an operator.
  const invited = await freshPage(browser);
  await invited.goto(link);
  await expect(invited.getByText('Você foi convidado: use o e-mail que recebeu o convite.')).toBeVisible();
  const account = { name: 'Operadora Convidada', email, password: STRONG_PASSWORD };
  await invited.getByLabel('Nome completo').fill(account.name);
  await invited.getByLabel('E-mail').fill(account.email);
  await invited.getByLabel('Senha', { exact: true }).fill(account.password);
  await invited.getByLabel('Confirmar senha').fill(account.password);
  await invited.getByRole('button', { name: 'Criar conta' }).click();
  await expect(toast(invited, 'Cadastro realizado com sucesso!')).toBeVisible();
  await expect(invited).toHaveURL(/\/setup-2fa$/);
  const secret = ((await invited.getByLabel('Chave secreta', { exact: true }).textContent()) ?? '').replace(/\s/g, '');
  await invited.getByLabel('Código de verificação').fill(await totpCode(secret));
  await invited.getByRole('button', { name: 'Verificar' }).click();
  await expect(toast(invited, '2FA configurado com sucesso!')).toBeVisible();
  await invited.getByRole('button', { name: 'Continuar' }).click();
  await expect(heading(invited, 'Dashboard')).toBeVisible();
  await expect(userMenu(invited)).toContainText(email);

  // An operator's controls are enabled: the motors' switches carry no "requires Operador" gate.
  await invited.goto('/motors');
  await expect(invited.locator('[data-motor-id]')).toHaveCount(20);
  await expect(invited.getByRole('switch').first()).toBeVisible();
  await expect(invited.locator('[data-slot="role-gated"]')).toHaveCount(0);
  const row = await userRow(page, email);
  await expect(row.getByRole('combobox', { name: `Papel de ${account.name}` })).toHaveValue('operator');
  await invited.context().close();

  // The same link a second time: refused, and no second account appears.
  const again = await freshPage(browser);
  await again.goto(link);
  await again.getByLabel('Nome completo').fill('Outra Pessoa');
  await again.getByLabel('E-mail').fill(email);
  await again.getByLabel('Senha', { exact: true }).fill(STRONG_PASSWORD);
  await again.getByLabel('Confirmar senha').fill(STRONG_PASSWORD);
  await again.getByRole('button', { name: 'Criar conta' }).click();
  await expect(toast(again, 'Este convite é inválido, expirou, já foi usado ou é para outro e-mail.')).toBeVisible();
  await expect(again).toHaveURL(/\/register\?invite=/);
  await again.context().close();
});

test("a disabled user's open page loses its session at once; enabled again, they sign in", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const b = await createEnrolledUser('disabled');
  const context = await browser.newContext({ baseURL: baseUrl() });
  await addSessionCookies(context, b.cookies);
  const bPage = await context.newPage();
  await bPage.goto('/');
  await expect(heading(bPage, 'Dashboard')).toBeVisible();
  await expect(bPage.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible({ timeout: 15_000 });

  await page.goto('/users');
  await confirmRowAction(page, b.email, 'Desativar', `Desativar ${b.name}?`);
  await expect(toast(page, `${b.name} foi desativado.`)).toBeVisible();
  const row = await userRow(page, b.email);
  await expect(row.locator('td').nth(4)).toHaveText(/Desativado/);
  await expect(row.getByRole('button', { name: 'Ativar', exact: true })).toBeVisible();

  // B's page, untouched: the sign-in screen replaces the dashboard without a reload.
  await expect(heading(bPage, 'Faça login para continuar')).toBeVisible({ timeout: 5_000 });
  await expect(bPage.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
  expect(await signedIn(b.cookies)).toBe(false);

  // Disabled: the password is refused with the reason.
  await submitPassword(bPage, b.email, b.password);
  await expect(toast(bPage, 'Esta conta está desativada.')).toBeVisible();
  await expect(bPage).toHaveURL(/\/login$/);

  await confirmRowAction(page, b.email, 'Ativar', `Ativar ${b.name}?`);
  await expect(toast(page, `${b.name} foi ativado.`)).toBeVisible();
  await expect((await userRow(page, b.email)).locator('td').nth(4)).toHaveText('Ativo');

  await submitPassword(bPage, b.email, b.password);
  await expect(bPage.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await bPage.getByLabel('Código de verificação').fill(await totpCode(b.totpSecret, 1));
  await bPage.getByRole('button', { name: 'Verificar' }).click();
  await expect(toast(bPage, 'Login realizado com sucesso!')).toBeVisible();
  await expect(heading(bPage, 'Dashboard')).toBeVisible();
  await context.close();
});

test("an admin resets a user's 2FA: at the next sign-in they set it up again", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const b = await createEnrolledUser('reset2fa');
  await page.goto('/users');
  const row = await userRow(page, b.email);
  await expect(row).toContainText('Ativado (aplicativo)');
  await confirmRowAction(page, b.email, 'Redefinir 2FA', `Redefinir o 2FA de ${b.name}?`);
  await expect(toast(page, `O 2FA de ${b.name} foi redefinido.`)).toBeVisible();
  await expect(row).toContainText('Desativado');
  await expect(row.getByRole('button', { name: 'Redefinir 2FA' })).toBeDisabled();
  expect(await signedIn(b.cookies)).toBe(false);

  const bPage = await freshPage(browser);
  await submitPassword(bPage, b.email, b.password);
  await expect(bPage).toHaveURL(/\/setup-2fa$/);
  await expect(heading(bPage, 'Configurar autenticação de dois fatores')).toBeVisible();
  // The old secret is gone: a new one is offered.
  const secret = ((await bPage.getByLabel('Chave secreta', { exact: true }).textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(secret).not.toBe(b.totpSecret);
  await bPage.context().close();
});

/** An account whose second factor is SMS, enrolled over the API (codes read from the SMS outbox). */
async function createSmsUser() {
  const account = await createPendingUser('sms');
  const phone = uniquePhone();
  await callProcedure(baseUrl(), 'auth.setup2FASMS', 'mutation', { phoneNumber: phone }, account.cookies);
  const before = await lastSmsAt(phone);
  await callProcedure(baseUrl(), 'auth.sendSMSCode', 'mutation', undefined, account.cookies);
  const code = await waitForSmsCode(phone, before);
  await callProcedure(baseUrl(), 'auth.verifySMSCode', 'mutation', { code }, account.cookies);
  return { ...account, phone };
}

test('an SMS user changes the password in "Segurança" with a code by SMS; the other sessions end', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const account = await createSmsUser();
  // A second session (another browser), signed in over the API with a sign-in code.
  const other: Cookies = new Map();
  const beforeLogin = await lastSmsAt(account.phone);
  await callProcedure(baseUrl(), 'auth.login', 'mutation', { email: account.email, password: account.password }, other);
  const loginCode = await waitForSmsCode(account.phone, beforeLogin);
  await callProcedure(baseUrl(), 'auth.verifyLogin2FA', 'mutation', { code: loginCode }, other);
  expect(await signedIn(other)).toBe(true);

  const context = await browser.newContext({ baseURL: baseUrl() });
  await addSessionCookies(context, account.cookies);
  const page = await context.newPage();
  await page.goto('/');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Segurança' }).click();
  const dialog = page.getByRole('dialog', { name: 'Segurança' });
  await dialog.getByRole('button', { name: 'Trocar senha' }).click();
  await dialog.getByLabel('Senha atual').fill(account.password);
  await dialog.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
  const before = await lastSmsAt(account.phone);
  await dialog.getByRole('button', { name: 'Enviar código SMS' }).click();
  await expect(toast(page, 'Código SMS enviado!')).toBeVisible();
  const code = await waitForSmsCode(account.phone, before);
  await dialog.getByLabel('Código de verificação').fill(code);
  await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(toast(page, 'Senha alterada. 1 outra(s) sessão(ões) encerrada(s).')).toBeVisible();

  expect(await signedIn(other)).toBe(false);
  expect(await signedIn(account.cookies)).toBe(true);
  // The old password no longer signs in (a new sign-in code could not be sent within 30 s of the last).
  await expect(
    callProcedure(baseUrl(), 'auth.login', 'mutation', { email: account.email, password: account.password }, new Map()),
  ).rejects.toThrow(/401|UNAUTHORIZED/);
  await context.close();
});

test('/users passes the audit with its status and actions columns, and reads in English', async ({ page }) => {
  test.setTimeout(150_000);
  const b = await createEnrolledUser('audited');
  await page.goto('/users');
  await userRow(page, b.email);
  await auditPage(page, 'users', async () => {
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Situação' })).toBeVisible();
  });

  await switchToEnglish(page);
  await expect(heading(page, 'Users')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(b.email);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  for (const name of ['Name', 'E-mail', 'Role', '2FA', 'Status', 'Last access', 'Actions']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const row = page.locator(`tr[data-user-email="${b.email}"]`);
  await expect(row).toContainText('On (app)');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: 'Disable', exact: true })).toBeEnabled();
  await expect(row.getByRole('button', { name: 'Reset 2FA', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
