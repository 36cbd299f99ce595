import { readFileSync } from 'node:fs';
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
  await page.getByRole('dialog', { name: 'Ligar motor?' }).getByRole('button', { name: 'Ligar' }).click();
  await expect(toast(page, 'Bomba de Recalque 01 ligada: confirmado pelo equipamento.')).toBeVisible({
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

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
});

async function openImport(page: Page, path: string, title: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a bad CSV is refused line by line and writes nothing; 500 equipment import after a check', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  const total = async () => ((await call('equipment.list', 'query', { pageSize: 1 })) as { total: number }).total;
  const before = await total();

  // A bad time zone, refused on its line.
  let dialog = await openImport(page, '/facilities', 'Importar instalações');
  await dialog
    .getByLabel('Arquivo CSV')
    .setInputFiles(
      csvFile('instalacoes.csv', [
        'Código;Nome;Cidade;Fuso horário',
        'norte;Planta Norte;Manaus;America/Manaus',
        'sul;Planta Sul;Porto Alegre;Mars/Olympus',
      ]),
    );
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.locator('[data-count="refuse"] dd')).toHaveText('1');
  await expect(dialog.locator('tr[data-action="refuse"]')).toContainText('Fuso horário desconhecido');
  await expect(dialog.getByRole('button', { name: /^Importar \d+ linha/ })).toBeDisabled();
  await page.keyboard.press('Escape');

  // Unknown room, a code twice, text in a number column: each refused on its line.
  dialog = await openImport(page, '/equipment', 'Importar equipamentos');
  await dialog
    .getByLabel('Arquivo CSV')
    .setInputFiles(
      csvFile('ruim.csv', [
        'Código;Nome;Tipo;Instalação;Sala;powerKw (kW)',
        'pl-x-1;Motor X1;motor;piloto;Sala Que Não Existe;5',
        'pl-x-2;Motor X2;motor;piloto;Casa de Bombas;5',
        'pl-x-2;Motor X2 de novo;motor;piloto;Casa de Bombas;5',
        'pl-x-3;Motor X3;motor;piloto;Casa de Bombas;cinco',
      ]),
    );
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.locator('[data-count="refuse"] dd')).toHaveText('3');
  const refused = dialog.locator('tr[data-action="refuse"]');
  await expect(refused).toHaveCount(3);
  await expect(refused.filter({ hasText: 'Sala não encontrada.' })).toHaveCount(1);
  await expect(refused.filter({ hasText: 'Repete o registro da linha 3.' })).toHaveCount(1);
  await expect(refused.filter({ hasText: 'powerKw (kW): Informe um número.' })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: /^Importar \d+ linha/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  expect(await total()).toBe(before);

  // 500 sensors: checked, then imported all at once.
  const lines = ['Código;Nome;Tipo;Instalação;Sala;Local'];
  for (let i = 1; i <= 500; i++) {
    const n = String(i).padStart(3, '0');
    lines.push(`pl-sns-${n};Sensor ${n};sensor;piloto;Casa de Bombas;"Parede ${n}; lado norte"`);
  }
  dialog = await openImport(page, '/equipment', 'Importar equipamentos');
  await dialog.getByLabel('Arquivo CSV').setInputFiles(csvFile('sensores.csv', lines));
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.locator('[data-count="create"] dd')).toHaveText('500');
  await expect(dialog.locator('[data-count="refuse"] dd')).toHaveText('0');
  expect(await total()).toBe(before);
  await dialog.getByRole('button', { name: 'Importar 500 linha(s)' }).click();
  await expect(toast(page, /Importação concluída: 500 criado\(s\)/)).toBeVisible({ timeout: 30_000 });
  expect(await total()).toBe(before + 500);
  const sensor = (await call('equipment.get', 'query', { id: 'pl-sns-250' })) as { location: string; kind: string };
  expect(sensor).toMatchObject({ kind: 'sensor', location: 'Parede 250; lado norte' });

  // The registry exports in the same format: the file downloaded from the dialog imports back.
  dialog = await openImport(page, '/equipment', 'Importar equipamentos');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /Baixar o cadastro atual/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^equipamentos-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported.split('\r\n')).toHaveLength(before + 500 + 2);
  expect(exported).toContain('pl-sns-250;Sensor 250;sensor;piloto;Casa de Bombas;;"Parede 250; lado norte"');
  await page.context().close();
});
