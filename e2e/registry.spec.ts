import { expect, test, type Browser, type Page } from '@playwright/test';
import { callProcedure, createAdminSession } from './admin-session';
import { toast } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';

// A real site set up from nothing: a server of its own with DEMO_DATA=off and the virtual plant
// on, where an administrator describes the plant and the virtual plant starts playing it.

let site: ServerProcess;
let cookies: Map<string, string>;
let storageState: Awaited<ReturnType<typeof createAdminSession>>['storageState'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await startServerProcess({
    DEMO_DATA: 'off',
    SIMULATOR: 'on',
    SIMULATOR_FAULTS: 'off',
    SIMULATOR_INTERVAL_MS: '1000',
  });
  ({ storageState } = await createAdminSession(site.baseURL));
  cookies = new Map(storageState.cookies.map((cookie) => [cookie.name, cookie.value]));
});
test.afterAll(async () => {
  await site?.stop();
});

const call = (path: string, kind: 'query' | 'mutation', input?: unknown) =>
  callProcedure(site.baseURL, path, kind, input, cookies);

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.baseURL, storageState });
  return context.newPage();
}

test('an empty site: a facility, a room and a motor later, the motor is live on /motors and obeys on/off', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await adminPage(browser);
  await page.goto('/motors');
  await expect(page.getByText('Nenhum motor encontrado')).toBeVisible();

  // Everything through the screens, as an administrator would; the last form is sent with Enter.
  await page.goto('/facilities');
  await page.getByRole('button', { name: 'Nova instalação' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nova instalação' });
  await dialog.getByLabel(/^Código/).fill('piloto');
  await dialog.getByLabel(/^Nome/).fill('Planta Piloto');
  await dialog.getByLabel(/^Cidade/).fill('Campinas');
  await dialog.getByLabel(/^Estado/).fill('SP');
  // A bad time zone is refused on its field, in Portuguese; nothing is sent.
  await dialog.getByLabel(/^Fuso horário/).fill('Mars/Olympus');
  await dialog.getByRole('button', { name: 'Criar instalação' }).click();
  await expect(dialog.getByText('Fuso horário desconhecido: use um nome IANA, como America/Sao_Paulo.')).toBeVisible();
  await dialog.getByLabel(/^Fuso horário/).fill('America/Sao_Paulo');
  await dialog.getByRole('button', { name: 'Criar instalação' }).click();
  await expect(toast(page, 'Instalação Planta Piloto criada.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planta Piloto' })).toBeVisible();

  await page.goto('/rooms');
  await page.getByRole('button', { name: 'Nova sala' }).click();
  dialog = page.getByRole('dialog', { name: 'Nova sala' });
  await dialog.getByLabel(/^Instalação/).selectOption({ label: 'Planta Piloto' });
  await dialog.getByLabel(/^Nome/).fill('Casa de Bombas');
  await dialog.getByLabel(/^Tipo/).selectOption('utility');
  await dialog.getByRole('button', { name: 'Criar sala' }).click();
  await expect(toast(page, 'Sala Casa de Bombas criada.')).toBeVisible();
  await expect(page.locator('tbody tr[data-room-id]')).toHaveCount(1);

  await page.goto('/equipment');
  await page.getByRole('button', { name: 'Novo equipamento' }).click();
  dialog = page.getByRole('dialog', { name: 'Novo equipamento' });
  await dialog.getByLabel(/^Código/).fill('pl-mtr-001');
  await dialog.getByLabel(/^Instalação/).selectOption({ label: 'Planta Piloto' });
  await dialog.getByLabel(/^Sala/).selectOption({ label: 'Casa de Bombas' });
  await dialog.getByLabel(/^Tipo/).selectOption('motor');
  await dialog.getByLabel(/^Nome/).fill('Bomba de Recalque 01');
  await dialog.getByLabel(/^Potência nominal/).fill('11');
  await dialog.getByLabel(/^Rotação nominal/).fill('1760');
  await dialog.getByLabel(/^Rotação nominal/).press('Enter');
  await expect(toast(page, 'Equipamento Bomba de Recalque 01 criado.')).toBeVisible();
  const created = (await call('equipment.get', 'query', { id: 'pl-mtr-001' })) as { rated: Record<string, number> };
  expect(created.rated).toEqual({ powerKw: 11, rpm: 1760 });

  // The virtual plant picks the new motor up within its sync interval and publishes for it.
  await page.goto('/motors');
  const row = page.locator('tbody tr[data-motor-id="pl-mtr-001"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Casa de Bombas · Planta Piloto');
  await expect(row.locator('[data-metric="temperature"]')).toHaveText(/\d\s°C$/, { timeout: 30_000 });

  const power = page.getByRole('switch', { name: 'Ligar/desligar Bomba de Recalque 01' });
  // A new motor starts stopped.
  await expect(power).toHaveAttribute('aria-checked', 'false');
  await power.click();
  await expect(toast(page, 'Bomba de Recalque 01 ligado: confirmado pelo equipamento.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(row.locator('[data-metric="rpm"]')).not.toHaveText('0 rpm', { timeout: 20_000 });
  await page.context().close();
});

test('a retired motor leaves the live lists and refuses commands; restored, it comes back', async ({ browser }) => {
  test.setTimeout(60_000);
  await call('equipment.retire', 'mutation', { id: 'pl-mtr-001' });
  const page = await adminPage(browser);
  await page.goto('/motors');
  await expect(page.getByText('Nenhum motor encontrado')).toBeVisible();
  await expect(call('motors.setPower', 'mutation', { id: 'pl-mtr-001', on: false })).rejects.toThrow(/409/);

  await call('equipment.restore', 'mutation', { id: 'pl-mtr-001' });
  await page.reload();
  await expect(page.locator('tbody tr[data-motor-id="pl-mtr-001"]')).toBeVisible();
  await page.context().close();
});
