import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import mqtt from 'mqtt';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /events on the demo site: the chain of one motor's facts (alert raised → acknowledged →
// command → device offline), newest first, with the kind filter and the CSV file; axe in both
// themes and at 390 px.

interface Motor {
  id: string;
  name: string;
  facilityId: string;
  facilityName: string;
  lockedBy: string | null;
}
interface Alert {
  id: string;
  equipmentId: string | null;
  status: string;
}

const admin = (path: string, kind: 'query' | 'mutation', input: unknown) =>
  callProcedure(baseUrl(), path, kind, input, adminCookies());

/** An online motor, free of work orders, with an open alert (acknowledged or not). */
async function motorWithAlert(): Promise<{ motor: Motor; alert: Alert }> {
  const motors = (await admin('motors.list', 'query', { status: 'online', pageSize: 200 })) as { items: Motor[] };
  const free = new Map(motors.items.filter((m) => !m.lockedBy).map((m) => [m.id, m]));
  for (const status of ['active', 'acknowledged'] as const) {
    const alerts = (await admin('alerts.list', 'query', { status, pageSize: 200 })) as { items: Alert[] };
    const alert = alerts.items.find((a) => a.equipmentId && free.has(a.equipmentId));
    if (alert) return { motor: free.get(alert.equipmentId!)!, alert };
  }
  throw new Error('no online motor with an open alert on the demo site');
}

/** The device itself says it went offline, on its status topic, with a secret of its own. */
async function reportOffline(equipmentId: string): Promise<void> {
  // A retry finds the secret of the first attempt: rotate it then (generate refuses a second one).
  const secret = (await admin('deviceCredentials.generate', 'mutation', { equipmentId }).catch(() =>
    admin('deviceCredentials.rotate', 'mutation', { equipmentId, grace: 'none' }),
  )) as {
    username: string;
    secret: string;
    topics: { status: string };
  };
  const client = await mqtt.connectAsync(process.env.E2E_MQTT_URL!, {
    clientId: `e2e-events-${Math.random().toString(16).slice(2, 10)}`,
    username: secret.username,
    password: secret.secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  await client.publishAsync(secret.topics.status, 'offline', { qos: 1 });
  await client.endAsync();
}

const entries = (page: Page) => page.locator('li[data-event]');

test('the timeline tells one motor’s chain newest first, filters by kind and downloads the CSV', async ({
  operatorPage: page,
}) => {
  test.setTimeout(120_000);
  const { motor, alert } = await motorWithAlert();
  if (alert.status === 'active') await admin('alerts.acknowledge', 'mutation', { id: alert.id, note: 'E2E: vendo' });
  await admin('motors.setPower', 'mutation', { id: motor.id, on: false });
  await reportOffline(motor.id);

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Instalação', exact: true }).selectOption({ label: motor.facilityName });
  const equipment = page.getByRole('combobox', { name: 'Equipamento', exact: true });
  await expect(equipment.locator('option', { hasText: motor.name })).toHaveCount(1);
  await equipment.selectOption({ value: motor.id });

  // Newest first: offline, the command's outcome and request, then the alert.
  await expect(entries(page).filter({ hasText: 'Equipamento offline' }).first()).toBeVisible();
  for (let i = 0; i < 10 && (await entries(page).filter({ hasText: 'Alerta disparado' }).count()) === 0; i++) {
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(
      page.getByRole('button', { name: /Carregar mais|Carregando/ }).or(page.getByText('Fim da lista.')),
    ).toBeVisible();
  }
  const codes = await entries(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-event')));
  const first = (code: string) => codes.findIndex((c) => c === code);
  const offline = codes.indexOf('device.offline');
  const confirmed = first('command.confirmed');
  const sent = first('command.sent');
  // By hand, in a batch (the alerts spec acknowledges every visible alert before this one runs), or
  // in the demo's past (no audit entry).
  const acknowledged = codes.findIndex(
    (c) => c === 'alerts.acknowledge' || c === 'alerts.acknowledgeMany' || c === 'alert.acknowledged',
  );
  const raised = codes.lastIndexOf('alert.raised');
  const found = { offline, confirmed, sent, acknowledged, raised };
  expect(
    Object.values(found).every((i) => i >= 0),
    `${JSON.stringify(found)} in ${codes.join(' ')}`,
  ).toBe(true);
  expect(offline).toBeLessThan(confirmed);
  expect(confirmed).toBeLessThan(sent);
  expect(sent).toBeLessThan(acknowledged);
  expect(acknowledged).toBeLessThan(raised);
  await expect(entries(page).filter({ hasText: 'Comando confirmado: desligar' }).first()).toContainText(
    'admin@sentinela.test',
  );

  // Each entry links to its subject: the device's drawer.
  const link = entries(page).filter({ hasText: 'Equipamento offline' }).first().getByRole('link');
  await expect(link).toHaveAttribute('href', `/equipment?search=${motor.id}&open=${motor.id}`);

  // Kind: commands only.
  await page.getByRole('combobox', { name: 'Tipo de evento' }).selectOption({ label: 'Comandos' });
  await expect(entries(page).first()).toHaveAttribute('data-event', /^command\./);
  const kinds = await entries(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-event')));
  expect(kinds.every((k) => k?.startsWith('command.'))).toBe(true);

  // The CSV holds what the filters show, in Portuguese.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^eventos-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Data e hora (UTC);Tipo;Evento;Detalhe;Resultado;Severidade;Quem;Equipamento;Instalação');
  expect(lines.slice(1).some((l) => l.includes('Comando confirmado: desligar') && l.includes(motor.name))).toBe(true);
  expect(lines.slice(1).every((l) => l.includes(';Comandos;'))).toBe(true);
  await expect(toast(page, /evento\(s\) exportado\(s\) em eventos-/)).toBeVisible();

  // The drawer opens from the link.
  await page.getByRole('combobox', { name: 'Tipo de evento' }).selectOption({ label: 'Status de equipamentos' });
  await entries(page).filter({ hasText: 'Equipamento offline' }).first().getByRole('link').click();
  await expect(page.getByRole('dialog', { name: new RegExp(motor.name) })).toBeVisible();
});

test('the events page reads in English and passes the audit', async ({ page }) => {
  await page.goto('/events');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  const ready = async () => {
    await expect(entries(page).first()).toBeVisible();
  };
  await auditPage(page, 'events', ready);
});
