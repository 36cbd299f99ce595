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

  const facility = (await call('facilities.create', 'mutation', {
    code: 'piloto',
    name: 'Planta Piloto',
    city: 'Campinas',
    state: 'SP',
    timezone: 'America/Sao_Paulo',
  })) as { id: string };
  const room = (await call('rooms.create', 'mutation', {
    facilityId: facility.id,
    name: 'Casa de Bombas',
    kind: 'utility',
  })) as { id: string };
  await call('equipment.create', 'mutation', {
    id: 'pl-mtr-001',
    facilityId: facility.id,
    roomId: room.id,
    kind: 'motor',
    name: 'Bomba de Recalque 01',
    rated: { powerKw: 11, voltageV: 380, currentA: 21, rpm: 1760, ieClass: 3 },
  });

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
