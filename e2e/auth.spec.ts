import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import {
  addSessionCookies,
  createEnrolledUser,
  createPendingUser,
  expect,
  lastSmsAt,
  SIGNED_OUT,
  STRONG_PASSWORD,
  test,
  toast,
  totpCode,
  uniqueEmail,
  uniquePhone,
  waitForSmsCode,
  wrongTotpCode,
  baseUrl,
} from './fixtures';

// The sign-in screens, driven as a user would (portal-spec.md §2–§8, PRODUCT §2): register,
// 2FA setup (app and SMS), the code step at every sign-in, recovery codes, the auth gate,
// sign-out, the layout's own sign-in screen, roles. Each test registers its own account:
// a TOTP code is accepted once per account, and tests run in parallel.

const RULES = ['Mínimo 8 caracteres', 'Letra maiúscula', 'Letra minúscula', 'Número', 'Caractere especial'];

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const rule = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });
const userMenu = (page: Page) => page.getByRole('button', { name: /^Menu do usuário: / });
const adminSection = (page: Page) =>
  page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('group', { name: 'Administração' });

async function fillRegistration(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByLabel('Nome completo').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmar senha').fill(account.password);
}

/** /register → /setup-2fa, as a new user would. */
async function registerThroughUi(page: Page, prefix: string) {
  const account = { name: `Operadora ${prefix}`, email: uniqueEmail(prefix), password: STRONG_PASSWORD };
  await page.goto('/register');
  await fillRegistration(page, account);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(toast(page, 'Cadastro realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/setup-2fa$/);
  await expect(heading(page, 'Configurar autenticação de dois fatores')).toBeVisible();
  return account;
}

async function submitPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function signOut(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(page, 'Entrar')).toBeVisible();
}

/** The recovery codes screen after setup: 10 codes, then 'Continuar' to the dashboard. */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  await expect(heading(page, 'Guarde os seus códigos de recuperação')).toBeVisible();
  const items = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((code) => code.trim());
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  return codes;
}

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('register → TOTP setup → recovery codes → dashboard → sign out → sign in with the code step', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const account = await registerThroughUi(page, 'totp');

    // The authenticator app is the default method.
    await expect(page.getByRole('radio', { name: 'Aplicativo autenticador' })).toBeChecked();
    await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    const secret = ((await page.getByLabel('Chave secreta', { exact: true }).textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // Copy: a toast, the copied indicator for 2 s, the raw secret in the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copiar chave secreta' }).click();
    await expect(toast(page, 'Chave secreta copiada!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect(page.getByRole('button', { name: 'Copiar chave secreta' })).toBeVisible({ timeout: 4000 });

    // Digits only; the button waits for six.
    const codeInput = page.getByLabel('Código de verificação');
    const verify = page.getByRole('button', { name: 'Verificar' });
    await codeInput.fill('12a 3');
    await expect(codeInput).toHaveValue('123');
    await expect(verify).toBeDisabled();

    // A wrong code.
    await codeInput.fill(await wrongTotpCode(secret));
    await verify.click();
    await expect(toast(page, 'Código inválido')).toBeVisible();
    await expect(codeInput).toHaveValue('');

    await codeInput.fill(await totpCode(secret));
    await verify.click();
    await expect(toast(page, '2FA configurado com sucesso!')).toBeVisible();
    await keepRecoveryCodes(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sentinela-codigos-de-recuperacao.txt');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page, 'Dashboard')).toBeVisible();
    await expect(userMenu(page)).toContainText(account.name);
    await expect(userMenu(page)).toContainText(account.email);
    await expect(userMenu(page).locator('[data-slot="avatar"]')).toHaveText('O');
    // A new account is a viewer: no administration section.
    await expect(adminSection(page)).toHaveCount(0);
    const cached = await page.evaluate(() => localStorage.getItem('sentinela-runtime-user-info'));
    expect(JSON.parse(cached ?? 'null')).toMatchObject({
      email: account.email,
      role: 'viewer',
      twoFactorEnabled: true,
    });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('sentinela-runtime-user-info'))).toBe('null');
    await page.goto('/motors');
    await expect(page).toHaveURL(/\/login$/);

    // Signing in again asks for the code.
    await submitPassword(page, account.email, account.password);
    await expect(heading(page, 'Verificação em duas etapas')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verificar' })).toBeDisabled();
    await page.getByLabel('Código de verificação').fill(await wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, 'Código inválido')).toBeVisible();
    // The setup code's 30-s step is used up (replay refused): the next step's code is accepted.
    await page.getByLabel('Código de verificação').fill(await totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page, 'Dashboard')).toBeVisible();
  });

  test('a recovery code signs in once', async ({ page }) => {
    const account = await createEnrolledUser('recovery');
    const [code] = account.recoveryCodes;

    await submitPassword(page, account.email, account.password);
    await expect(heading(page, 'Verificação em duas etapas')).toBeVisible();
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    const recovery = page.getByLabel('Código de recuperação');
    await expect(recovery).toBeFocused();
    await expect(page.getByRole('button', { name: 'Verificar' })).toBeDisabled();
    await recovery.fill(` ${code!.toUpperCase()} `);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(heading(page, 'Dashboard')).toBeVisible();

    await signOut(page);
    await submitPassword(page, account.email, account.password);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByLabel('Código de recuperação').fill(code!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, 'Código inválido')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('SMS: phone, send, code from the outbox, recovery codes; then an SMS sign-in', async ({ page }) => {
    test.setTimeout(60_000);
    const account = await registerThroughUi(page, 'sms');
    await page.getByRole('radio', { name: 'SMS' }).check();
    await expect(page.getByText('+55 para o Brasil, +1 para os EUA, etc.')).toBeVisible();

    const phone = page.getByLabel('Telefone com código do país');
    const send = page.getByRole('button', { name: 'Enviar código SMS' });
    await expect(send).toBeDisabled();

    // A leading zero breaks the spec's rule (first digit 1-9).
    await phone.fill('011 98765-4321');
    await page.getByRole('button', { name: 'Salvar telefone' }).click();
    await expect(toast(page, 'Número de telefone inválido')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#sms-phone-error')).toHaveText('Número de telefone inválido');

    const number = uniquePhone();
    await phone.fill(number);
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Salvar telefone' }).click();
    await expect(toast(page, 'Número de telefone configurado!')).toBeVisible();

    // Step 3 appears once the code is sent.
    await expect(page.getByRole('heading', { name: '3. Digite o código' })).toHaveCount(0);
    const before = await lastSmsAt(number);
    await send.click();
    await expect(toast(page, 'Código SMS enviado!')).toBeVisible();
    await expect(page.getByRole('heading', { name: '3. Digite o código' })).toBeVisible();
    const setupCode = await waitForSmsCode(number, before);

    await page.getByLabel('Código de verificação').fill(setupCode);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, '2FA via SMS configurado com sucesso!')).toBeVisible();
    await keepRecoveryCodes(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(heading(page, 'Dashboard')).toBeVisible();

    // Sign-in with SMS: the password step sends the code; a resend right away is throttled.
    await signOut(page);
    const beforeLogin = await lastSmsAt(number);
    await submitPassword(page, account.email, account.password);
    await expect(page.getByText('Enviamos um código de 6 dígitos por SMS para o seu telefone.')).toBeVisible();
    const loginCode = await waitForSmsCode(number, beforeLogin);
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect(toast(page, /^Aguarde \d+ s para pedir outro código\.$/)).toBeVisible();
    await page.getByLabel('Código de verificação').fill(loginCode);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(heading(page, 'Dashboard')).toBeVisible();
  });

  test('a signed-out /login loads no tRPC client; signing in brings the full app without a page load', async ({
    page,
  }) => {
    // ADR 022: the sign-in shell calls the API over plain fetch; the full app (tRPC, TanStack
    // Query, the layout: assets/full-app-<hash>.js) comes with the sign-in.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const fullApp = () => scripts.filter((path) => /\/full-app-[\w-]+\.js$/.test(path));
    const account = await createEnrolledUser('shell');
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(heading(page, 'Entrar')).toBeVisible();
    expect(fullApp(), scripts.join('\n')).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { samePage?: number }).samePage = 1;
    });

    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(heading(page, 'Verificação em duas etapas')).toBeVisible();
    await page.getByLabel('Código de verificação').fill(await totpCode(account.totpSecret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(heading(page, 'Dashboard')).toBeVisible();
    await expect(userMenu(page)).toContainText(account.email);
    expect(fullApp()).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { samePage?: number }).samePage)).toBe(1);
    const cached = await page.evaluate(() => localStorage.getItem('sentinela-runtime-user-info'));
    expect(JSON.parse(cached ?? 'null')).toMatchObject({ email: account.email, twoFactorEnabled: true });
  });

  test('a wrong password, then an account locked after 5 failures', async ({ page }) => {
    const account = await createEnrolledUser('locked');
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Senha', { exact: true }).fill(`Wrong#Pass${attempt}`);
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('auth.login')),
        page.getByRole('button', { name: 'Entrar', exact: true }).click(),
      ]);
    }
    await expect(toast(page, 'E-mail ou senha incorretos.').first()).toBeVisible();
    // Even the right password is refused now, with when to try again.
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().includes('auth.login')),
      page.getByRole('button', { name: 'Entrar', exact: true }).click(),
    ]);
    expect(response.status()).toBe(429);
    const lockMessage = /^Conta bloqueada após várias tentativas sem sucesso\. Tente novamente em \d+ min \(às .+\)\.$/;
    await expect(toast(page, lockMessage).last()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a weak password keeps the checklist unmet and the submit disabled', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Criar conta' });
    for (const text of RULES) await expect(rule(page, text)).toHaveAttribute('data-met', 'false');

    await fillRegistration(page, { name: 'Fraca', email: uniqueEmail('weak'), password: 'abcdefg1' });
    await expect(rule(page, 'Mínimo 8 caracteres')).toHaveAttribute('data-met', 'true');
    await expect(rule(page, 'Letra minúscula')).toHaveAttribute('data-met', 'true');
    await expect(rule(page, 'Número')).toHaveAttribute('data-met', 'true');
    await expect(rule(page, 'Letra maiúscula')).toHaveAttribute('data-met', 'false');
    await expect(rule(page, 'Caractere especial')).toHaveAttribute('data-met', 'false');
    await expect(rule(page, 'Letra maiúscula')).toContainText('não atendido');
    await expect(submit).toBeDisabled();

    await page.getByLabel('Senha', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirmar senha').fill(STRONG_PASSWORD);
    for (const text of RULES) await expect(rule(page, text)).toHaveAttribute('data-met', 'true');
    await expect(submit).toBeEnabled();
  });

  test('mismatched passwords: inline message, submit disabled, the handler still guards', async ({ page }) => {
    await page.goto('/register');
    await fillRegistration(page, { name: 'Diferente', email: uniqueEmail('mismatch'), password: STRONG_PASSWORD });
    const confirm = page.getByLabel('Confirmar senha');
    const submit = page.getByRole('button', { name: 'Criar conta' });
    await confirm.fill(`${STRONG_PASSWORD}x`);
    await expect(page.locator('#register-confirm-password-error')).toHaveText('As senhas não coincidem');
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();

    // Submitting anyway (e.g. a script) gets the spec's toast and no account.
    await page.locator('form').evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
    });
    await expect(toast(page, 'As senhas não coincidem')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    await confirm.fill(STRONG_PASSWORD);
    await expect(page.getByText('As senhas não coincidem', { exact: true })).toHaveCount(1); // the toast only
    await expect(submit).toBeEnabled();
  });

  test('the gate sends a signed-out visitor to /login', async ({ page }) => {
    for (const path of ['/motors', '/', '/users', '/some/unknown', '/setup-2fa']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(heading(page, 'Entrar')).toBeVisible();
    }
  });

  test("shows 'Verificando autenticação...' while auth.me is held", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('auth.me'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/motors', { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: 'Verificando autenticação...' })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Verificando autenticação...')).toHaveCount(0);
  });

  test('a user with 2FA still pending is sent to /setup-2fa', async ({ page, context }) => {
    const account = await createPendingUser('gate');
    await addSessionCookies(context, account.cookies);
    for (const path of ['/', '/motors']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/setup-2fa$/);
      await expect(heading(page, 'Configurar autenticação de dois fatores')).toBeVisible();
    }
  });

  test('a first-time visitor picks language and theme on /login, /register and /setup-2fa', async ({
    page,
    context,
  }) => {
    const dark = /(^|\s)dark(\s|$)/;
    const language = () => page.evaluate(() => localStorage.getItem('language'));
    const theme = () => page.evaluate(() => localStorage.getItem('theme'));

    await page.goto('/login');
    await expect(heading(page, 'Entrar')).toBeVisible();
    const choose = (group: string, name: string) =>
      page.getByRole('group', { name: group }).getByRole('button', { name, exact: true });
    await expect(choose('Idioma', 'Português')).toHaveAttribute('aria-pressed', 'true');
    await choose('Idioma', 'English').click();
    await expect(heading(page, 'Sign in')).toBeVisible();
    await expect(choose('Language', 'English')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await language()).toBe('en');
    await expect(page.locator('html')).toHaveClass(dark);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(dark);
    expect(await theme()).toBe('light');

    // The choices hold on the next public page, which offers the same controls.
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(heading(page, 'Create account')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(dark);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(dark);
    expect(await theme()).toBe('dark');
    await choose('Language', 'Português').click();
    await expect(heading(page, 'Criar conta')).toBeVisible();
    expect(await language()).toBe('pt');

    const account = await createPendingUser('langtheme');
    await addSessionCookies(context, account.cookies);
    await page.goto('/setup-2fa');
    await expect(heading(page, 'Configurar autenticação de dois fatores')).toBeVisible();
    await choose('Idioma', 'English').click();
    await expect(heading(page, 'Set up two-factor authentication')).toBeVisible();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(dark);
    await page.reload();
    await expect(heading(page, 'Set up two-factor authentication')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(dark);
  });

  test('the sign-in pages in English', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('language', 'en');
    });
    await page.goto('/register');
    await expect(heading(page, 'Create account')).toBeVisible();
    for (const text of [
      'At least 8 characters',
      'Uppercase letter',
      'Lowercase letter',
      'Number',
      'Special character',
    ]) {
      await expect(rule(page, text)).toBeVisible();
    }
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(heading(page, 'Sign in')).toBeVisible();
    await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('Whatever#123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Incorrect e-mail or password.')).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('the admin opening /setup-2fa goes to the dashboard', async ({ page }) => {
    await page.goto('/setup-2fa');
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page, 'Dashboard')).toBeVisible();
  });

  test('a viewer gets no administration section and a no-permission page on admin routes', async ({
    viewerPage: page,
  }) => {
    await page.goto('/');
    await expect(heading(page, 'Dashboard')).toBeVisible();
    await expect(adminSection(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
    for (const [path, label] of [
      ['/users', 'Usuários'],
      ['/settings', 'Configurações'],
      ['/privacy', 'Privacidade'],
    ] as const) {
      await page.goto(path);
      await expect(heading(page, 'Acesso negado')).toBeVisible();
      await expect(page.getByText('Você não tem permissão para abrir esta página.')).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(label);
      await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
    }
  });

  test('an admin raises a viewer to operator on /users; last access after registration; own role locked', async ({
    page,
  }) => {
    const viewer = await createEnrolledUser('promote');
    await page.goto('/users');
    await expect(heading(page, 'Usuários')).toBeVisible();
    await expect(adminSection(page)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(viewer.email);
    const row = page.locator('tr', { hasText: viewer.email });
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row).toContainText(viewer.name);
    await expect(row).toContainText('Ativado (aplicativo)');
    // Registration signed the account in: its last access is that moment, not 'Nunca'.
    // Columns: name, e-mail, role, 2FA, status, last access, actions.
    await expect(row.locator('td').nth(5)).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(row).not.toContainText('Nunca');
    const role = row.getByRole('combobox', { name: `Papel de ${viewer.name}` });
    await expect(role).toHaveValue('viewer');

    await role.selectOption('operator');
    await expect(toast(page, `Papel de ${viewer.name} alterado para Operador.`)).toBeVisible();
    await expect(role).toHaveValue('operator');
    const me = (await callProcedure(baseUrl(), 'auth.me', 'query', undefined, viewer.cookies)) as { role: string };
    expect(me.role).toBe('operator');

    await page.reload();
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(viewer.email);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: `Papel de ${viewer.name}` })).toHaveValue('operator');

    // The run's only administrator.
    const adminEmail = process.env.E2E_ADMIN_EMAIL ?? '';
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(adminEmail);
    const adminRow = page.locator('tr', { hasText: adminEmail });
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(adminRow).toContainText('(você)');
    // The server refuses changing one's own role; the page does not offer it, and says why.
    const adminRole = adminRow.getByRole('combobox');
    await expect(adminRole).toHaveValue('admin');
    await expect(adminRole).toBeDisabled();
    await expect(adminRole).toHaveAccessibleDescription('Só outro administrador pode alterar o seu papel.');
    await expect(adminRow.getByText('Só outro administrador pode alterar o seu papel.')).toBeVisible();
  });

  test('the users page searches on the server and shows an empty state', async ({ page }) => {
    await page.goto('/users');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill('no-such-user-xyz');
    await expect(page.getByText('Nenhum usuário encontrado para “no-such-user-xyz”.')).toBeVisible();
    await expect(page.getByText('0 usuário(s)')).toBeVisible();
  });

  test('Segurança: sessions, signing out the others, new recovery codes', async ({ viewerPage: page, viewer }) => {
    // A second session of the same account (another browser), signed in over the API.
    const other = new Map<string, string>();
    const login = (await callProcedure(
      baseUrl(),
      'auth.login',
      'mutation',
      { email: viewer.email, password: viewer.password },
      other,
    )) as { twoFactorRequired?: boolean };
    expect(login.twoFactorRequired).toBe(true);
    await callProcedure(
      baseUrl(),
      'auth.verifyLogin2FA',
      'mutation',
      { code: await totpCode(viewer.totpSecret, 1) },
      other,
    );

    await page.goto('/');
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Segurança' }).click();
    const dialog = page.getByRole('dialog', { name: 'Segurança' });
    await expect(dialog).toBeVisible();
    const sessions = dialog.getByRole('list', { name: 'Sessões abertas' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'Esta sessão' })).toHaveCount(1);
    // Both sessions began over the API (Node's user agent), from this machine.
    await expect(sessions.filter({ hasText: 'Esta sessão' })).toContainText('IP: 127.0.0.1');

    await dialog.getByRole('button', { name: 'Encerrar outras sessões' }).click();
    await expect(toast(page, 'Outras sessões encerradas: 1')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Encerrar outras sessões' })).toBeDisabled();
    expect(await callProcedure(baseUrl(), 'auth.me', 'query', undefined, other)).toBeNull();

    await dialog.getByRole('button', { name: 'Gerar novos códigos' }).click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Novos códigos de recuperação gerados!')).toBeVisible();
    const codes = dialog.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const fresh = (await codes.allTextContents()).map((code) => code.trim());
    expect(fresh).not.toContain(viewer.recoveryCodes[0]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(heading(page, 'Dashboard')).toBeVisible();
  });

  test("a session ended while the page was open shows the layout's sign-in screen", async ({
    viewerPage: page,
    viewer,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('language', 'en');
    });
    await page.goto('/motors');
    await expect(heading(page, 'Motors')).toBeVisible();

    // The session ends on the server (as after the idle expiry), then the app checks again
    // (auth.me is re-checked when the network comes back).
    await callProcedure(baseUrl(), 'auth.logout', 'mutation', undefined, viewer.cookies);
    await page.context().setOffline(true);
    await page.context().setOffline(false);

    await expect(heading(page, 'Please sign in to continue')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page, 'Sign in')).toBeVisible();
  });
});
