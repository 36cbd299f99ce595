import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { toast } from './fixtures';
import { expect, seriousViolations, test } from './ops';

// A device's MQTT credentials, from the drawer to the broker (issue 10, ADR 016): the
// administrator generates a secret in the browser, a device (mqtt.js here, on the Node side)
// connects to the embedded broker with it and publishes; rotating and revoking in the browser
// close its connection; the provisioning file downloads fresh secrets that work.

function mqttUrl(): string {
  const url = process.env.E2E_MQTT_URL;
  if (!url) throw new Error('E2E_MQTT_URL is not set: run through playwright test (global setup)');
  return url;
}

const clientId = (who: string) => `e2e-${who}-${Math.random().toString(16).slice(2, 10)}`;

/** The CONNACK of one connection attempt (0: accepted, 5: not authorized), or 'closed'. */
function connackOf(options: IClientOptions): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const client = mqtt.connect(mqttUrl(), {
      clientId: clientId('probe'),
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...options,
    });
    client.on('connect', () => {
      resolve(0);
      client.end(true);
    });
    client.on('error', (error: Error & { code?: number }) => {
      resolve(typeof error.code === 'number' ? error.code : 'closed');
      client.end(true);
    });
    client.on('close', () => resolve('closed'));
  });
}

/** A device connected with its username and secret (the promise rejects on a refusal). */
function connectDevice(username: string, password: string): Promise<MqttClient> {
  return mqtt.connectAsync(mqttUrl(), {
    clientId: clientId(username),
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

/** Resolves when the broker ends the connection (mqtt.js emits `close`, and never reconnects here). */
function closed(client: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    if (!client.connected) resolve();
    else client.once('close', () => resolve());
  });
}

/** 'closed' once `connectionClosed` resolves, or 'still open' after `ms`. */
async function closedWithin(connectionClosed: Promise<void>, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('still open'), ms);
  });
  try {
    return await Promise.race([connectionClosed.then(() => 'closed'), late]);
  } finally {
    clearTimeout(timer);
  }
}

const NOT_AUTHORIZED = 5;
const ROW = 'tbody tr[data-equipment-id]';

/** Opens the drawer of the first motor the search finds; answers the drawer and the motor's name. */
async function openMotorDrawer(page: Page, search: string): Promise<{ sheet: Locator; name: string }> {
  await page.goto(`/equipment?kind=motor&search=${encodeURIComponent(search)}`);
  const row = page.locator(ROW).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  const name = ((await row.getByRole('button').textContent()) ?? '').trim();
  await row.getByRole('button').click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  return { sheet, name };
}

/** The secret dialog's username, secret and telemetry topic, read from the page text. */
async function readSecretDialog(dialog: Locator) {
  const codes = dialog.locator('code');
  await expect(codes).toHaveCount(6);
  const [username, secret, telemetry] = await Promise.all([
    codes.nth(0).textContent(),
    dialog.getByTestId('device-secret').textContent(),
    codes.nth(2).textContent(),
  ]);
  return { username: username ?? '', secret: secret ?? '', telemetryTopic: telemetry ?? '' };
}

test.describe.configure({ mode: 'serial' });

test('an administrator generates a secret; the device connects and publishes with it; rotate and revoke cut it off', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const devices: MqttClient[] = [];
  try {
    const { sheet, name } = await openMotorDrawer(page, 'Dosadora');
    const equipmentId = ((await sheet.locator('header .font-mono').textContent()) ?? '').trim();
    expect(equipmentId).toMatch(/^[a-z0-9-]+$/);

    const section = sheet.getByRole('region', { name: 'Credenciais MQTT' });
    await expect(section).toBeVisible();
    await expect(section.getByText(`Usuário MQTT: ${equipmentId}`)).toBeVisible();
    // A retry of this test finds the secret of the first attempt: revoke it to start over.
    const generateButton = section.getByRole('button', { name: 'Gerar' });
    const revokeButton = section.getByRole('button', { name: 'Revogar' });
    await expect(generateButton.or(revokeButton).first()).toBeVisible();
    if (await revokeButton.isVisible()) {
      await revokeButton.click();
      await page
        .getByRole('dialog', { name: `Revogar as credenciais de ${name}?` })
        .getByRole('button', { name: 'Revogar' })
        .click();
      await expect(generateButton).toBeVisible();
    }
    await expect(section.getByText('Sem segredo: o equipamento não consegue se conectar ao broker.')).toBeVisible();

    // Nobody connects anonymously, nor as this device before it has a secret.
    expect(await connackOf({})).toBe(NOT_AUTHORIZED);
    expect(await connackOf({ username: equipmentId, password: 'x'.repeat(32) })).toBe(NOT_AUTHORIZED);

    // Generate: the secret is shown once, with the warning, the username and the topics.
    await generateButton.click();
    const secretDialog = page.getByRole('dialog', { name: `Credenciais de ${name}` });
    await expect(secretDialog).toBeVisible();
    await expect(secretDialog.getByRole('alert')).toContainText('Mostrado uma única vez');
    await expect(secretDialog.getByRole('alert')).toContainText('não poderá ser exibido de novo');
    const first = await readSecretDialog(secretDialog);
    expect(first.username).toBe(equipmentId);
    expect(first.secret).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
    const site = /^sentinela\/([^/]+)\/([^/]+)\/telemetry$/.exec(first.telemetryTopic);
    expect(site?.[2]).toBe(equipmentId);
    await expect(secretDialog.getByText(`sentinela/${site?.[1]}/${equipmentId}/cmd`)).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Concluído' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(section.getByText(/^Segredo ativo desde .+, por admin@sentinela\.test\.$/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Girar' })).toBeVisible();

    // The device connects with its secret and its telemetry is acknowledged (PUBACK after commit).
    expect(await connackOf({})).toBe(NOT_AUTHORIZED);
    const device = await connectDevice(equipmentId, first.secret);
    devices.push(device);
    const pubacks: (number | undefined)[] = [];
    device.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') pubacks.push(packet.messageId);
    });
    // mqtt.js resolves a QoS 1 publication once its PUBACK arrives: the broker acknowledged it.
    const sent = await device.publishAsync(
      first.telemetryTopic,
      JSON.stringify({ ts: Date.now(), metrics: { temperature: 41.5 } }),
      { qos: 1 },
    );
    expect(sent?.messageId).toBeDefined();
    expect(pubacks).toEqual([sent?.messageId]);

    // Rotate with no grace: a new secret, the old connection closed, the old secret refused.
    const deviceClosed = closed(device);
    await section.getByRole('button', { name: 'Girar' }).click();
    const rotateDialog = page.getByRole('dialog', { name: `Girar o segredo de ${name}?` });
    await rotateDialog.getByRole('combobox', { name: 'Tolerância do segredo atual' }).selectOption('none');
    await rotateDialog.getByRole('button', { name: 'Girar' }).click();
    await expect(secretDialog).toBeVisible();
    const second = await readSecretDialog(secretDialog);
    expect(second.username).toBe(equipmentId);
    expect(second.secret).not.toBe(first.secret);
    await secretDialog.getByRole('button', { name: 'Concluído' }).click();
    await expect(secretDialog).toBeHidden();
    expect(await closedWithin(deviceClosed, 5000)).toBe('closed');
    expect(await connackOf({ username: equipmentId, password: first.secret })).toBe(NOT_AUTHORIZED);

    // The new secret works; revoking (confirmed) closes that connection too and refuses it after.
    const rotated = await connectDevice(equipmentId, second.secret);
    devices.push(rotated);
    const rotatedClosed = closed(rotated);
    await section.getByRole('button', { name: 'Revogar' }).click();
    const revokeDialog = page.getByRole('dialog', { name: `Revogar as credenciais de ${name}?` });
    await expect(revokeDialog).toContainText('Todos os segredos do equipamento deixam de valer na hora');
    await revokeDialog.getByRole('button', { name: 'Revogar' }).click();
    await expect(toast(page, `Credenciais de ${name} revogadas.`)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Gerar' })).toBeVisible();
    expect(await closedWithin(rotatedClosed, 5000)).toBe('closed');
    expect(await connackOf({ username: equipmentId, password: second.secret })).toBe(NOT_AUTHORIZED);
  } finally {
    for (const client of devices) client.end(true);
  }
});

test('the provisioning file downloads a CSV of fresh secrets for the filter, which connect', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/equipment');
  await expect(page.locator(ROW).first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Arquivo de provisionamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Arquivo de provisionamento' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Instalação' }).selectOption({ label: 'Data Center Rio de Janeiro' });
  await dialog.getByRole('combobox', { name: 'Tipo' }).selectOption('hvac');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Girar os segredos e baixar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^provisionamento-\d{8}-\d{4}\.csv$/);
  await expect(dialog).toBeHidden();

  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]!.split(';')).toEqual([
    'ID',
    'Instalação',
    'Tipo',
    'Nome',
    'Usuário',
    'Segredo',
    'Tópico telemetry',
    'Tópico cmd',
    'Tópico ack',
    'Tópico status',
    'Observação',
  ]);
  const rows = lines.slice(1).map((line) => line.split(';'));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.length).toBeLessThan(10);
  await expect(toast(page, new RegExp(`^${rows.length} equipamento\\(s\\) em provisionamento-`))).toBeVisible();
  for (const [id, site, kind, , username, secret, telemetry] of rows) {
    expect(site).toBe('rio');
    expect(kind).toBe('HVAC');
    expect(username).toBe(id);
    expect(secret).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
    expect(telemetry).toBe(`sentinela/rio/${id}/telemetry`);
  }

  // A secret from the file connects its device.
  const [id, , , , , secret] = rows[0]!;
  const device = await connectDevice(id!, secret!);
  try {
    expect(device.connected).toBe(true);
  } finally {
    device.end(true);
  }
});

test('viewers and operators see no credentials section and cannot download the provisioning file', async ({
  viewerPage,
  operatorPage,
}) => {
  test.setTimeout(60_000);
  for (const page of [viewerPage, operatorPage]) {
    const { sheet } = await openMotorDrawer(page, 'Dosadora');
    await expect(sheet.getByRole('heading', { name: 'Valores mais recentes' })).toBeVisible();
    await expect(sheet.getByRole('region', { name: 'Credenciais MQTT' })).toHaveCount(0);
    await expect(sheet.getByText('Credenciais MQTT')).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Fechar' }).click();
    await expect(sheet).toBeHidden();
    // The page keeps the button, disabled with the reason (RoleGated).
    await expect(page.getByRole('button', { name: 'Arquivo de provisionamento' })).toBeDisabled();
    await expect(page.getByText('Requer o papel Administrador.').first()).toBeAttached();
  }
});
