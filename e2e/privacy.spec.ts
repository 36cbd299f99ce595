import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import {
  adminCookies,
  baseUrl,
  createEnrolledUser,
  expect as baseExpect,
  test,
  toast,
  type EnrolledAccount,
} from './fixtures';
import { auditPage, switchToEnglish } from './ops';

// Privacy (LGPD, issue 16): every user exports their own data and asks for their account's deletion
// from the Segurança dialog; an administrator carries the request out on /privacy, which anonymises
// the person (the facts stay, the name and e-mail go) and ends their access.

// Each test signs in fresh accounts and reads the audit log: generous limits on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const userMenu = (page: Page) => page.getByRole('button', { name: /^Menu do usuário: / });

async function openSecurity(page: Page) {
  // At 390 px the user menu sits in the sheet behind the top bar's "Abrir menu" button.
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) await page.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Segurança' }).click();
  const dialog = page.getByRole('dialog', { name: 'Segurança' });
  await expect(dialog.getByRole('heading', { name: 'Meus dados (LGPD)' })).toBeVisible();
  await expect(dialog.getByText('Registros de auditoria', { exact: true })).toBeVisible();
  return dialog;
}

async function askForDeletion(page: Page, reason: string) {
  const dialog = await openSecurity(page);
  await dialog.getByRole('button', { name: 'Pedir exclusão da conta' }).click();
  await dialog.getByLabel('Motivo (opcional)').fill(reason);
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(toast(page, 'Pedido de exclusão enviado.')).toBeVisible();
  await expect(dialog.getByText(/aguardando um administrador/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pedir exclusão da conta' })).toBeDisabled();
  return dialog;
}

const myId = async (account: EnrolledAccount) =>
  ((await callProcedure(baseUrl(), 'auth.me', 'query', undefined, account.cookies)) as { id: string }).id;

test('export my data downloads a JSON file with my audit entries', async ({ viewerPage: page, viewer }) => {
  await page.goto('/');
  const dialog = await openSecurity(page);
  await expect(dialog.getByText('365 dias')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Exportar meus dados' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sentinela-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { email: string; name: string };
    sessions: unknown[];
    auditByMe: { action: string }[];
  };
  expect(data.profile).toMatchObject({ email: viewer.email, name: viewer.name });
  expect(data.profile).not.toHaveProperty('passwordHash');
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(data.auditByMe.map((entry) => entry.action)).toEqual(expect.arrayContaining(['auth.register']));
  await expect(toast(page, 'Seus dados foram baixados.')).toBeVisible();
});

test('a deletion request carried out by an administrator anonymises the person', async ({
  page,
  viewerPage,
  viewer,
}) => {
  const userId = await myId(viewer);
  await viewerPage.goto('/');
  await askForDeletion(viewerPage, 'Saí da empresa');

  await page.goto('/privacy');
  const request = page.locator(`li[data-request-user="${viewer.email}"]`);
  await expect(request).toContainText('Saí da empresa');
  await expect(request).toContainText('Pendente');
  await request.getByRole('button', { name: 'Atender (excluir)' }).click();
  await expect(request.getByText(`Anonimizar ${viewer.name} agora?`)).toBeVisible();
  await request.getByRole('button', { name: 'Confirmar exclusão' }).click();
  const label = `Usuário removido #${userId.replace(/-/g, '').slice(0, 8)}`;
  await expect(toast(page, `Pedido atendido: agora ${label}.`)).toBeVisible();
  await expect(request).toHaveCount(0); // the list shows pending requests

  // The facts stay, under the label: the person's own entries (sign-up, 2FA, the request) name nobody.
  const events = (await callProcedure(
    baseUrl(),
    'events.list',
    'query',
    { filters: { actor: userId }, limit: 50 },
    adminCookies(),
  )) as { items: { actor: string; code: string }[] };
  expect(events.items.length).toBeGreaterThan(0);
  expect(new Set(events.items.map((item) => item.actor))).toEqual(new Set([label]));
  expect(JSON.stringify(events)).not.toContain(viewer.email);
  const users = (await callProcedure(baseUrl(), 'users.list', 'query', { search: viewer.email }, adminCookies())) as {
    total: number;
  };
  expect(users.total).toBe(0);

  // Their open session is gone and signing in is refused.
  expect(await callProcedure(baseUrl(), 'auth.me', 'query', undefined, viewer.cookies)).toBeNull();
  await expect(
    callProcedure(baseUrl(), 'auth.login', 'mutation', { email: viewer.email, password: viewer.password }, new Map()),
  ).rejects.toThrow(/auth\.login failed: 401/);
});

test('the Segurança dialog’s privacy part and /privacy pass axe in both themes and at 390 px, and read in English', async ({
  page,
}) => {
  // A pending request on the list.
  const asking = await createEnrolledUser('privacy');
  await callProcedure(
    baseUrl(),
    'privacy.requestDeletion',
    'mutation',
    { reason: 'Teste de acessibilidade' },
    asking.cookies,
  );

  await page.goto('/privacy');
  const request = page.locator(`li[data-request-user="${asking.email}"]`);
  await auditPage(page, 'privacy', async () => {
    await expect(request).toContainText('Teste de acessibilidade');
    await expect(page.getByText('365 dias')).toBeVisible();
  });

  await page.goto('/');
  await auditPage(page, 'security-privacy', async () => {
    await page.keyboard.press('Escape');
    await openSecurity(page);
  });

  await page.goto('/privacy');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(request).toContainText('Pending');
  await expect(page.getByText('Audit entries', { exact: true })).toBeVisible();
  await expect(request.getByRole('button', { name: 'Carry out (delete)' })).toBeVisible();
});
