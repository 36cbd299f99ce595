import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test, type Browser, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { SMTPServer } from 'smtp-server';
import { ADMIN, callProcedure, createAdminSession } from './admin-session';
import { toast } from './fixtures';
import { seriousViolations } from './ops';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

// A site of its own, with its e-mail through a local SMTP server and its webhook on a local HTTP
// server: a motor overheats (its device publishes over MQTT), the critical alert is posted to the
// webhook at once and, left unacknowledged past the escalation time (1 min), e-mailed to the on-call list.
// The server's minute of the escalation setting lasts ESCALATION_MINUTE_MS (production: 60 s): here
// 3 s, so "1 min" escalates after 3 s and the job checks every 1.5 s instead of waiting a real minute.
const ESCALATION_MINUTE_MS = 3000;

const ON_CALL = 'plantao@sentinela.test';
const SECRET = 'e2e-webhook-shared-secret';

interface Mail {
  to: string[];
  raw: string;
}
interface Post {
  signature: string | undefined;
  body: string;
}

let site: ServerProcess;
let smtp: SMTPServer;
let hook: Server;
let hookUrl = '';
let mqttPort = 0;
const mails: Mail[] = [];
const posts: Post[] = [];
let cookies: Map<string, string>;
let storageState: Awaited<ReturnType<typeof createAdminSession>>['storageState'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posts.push({ signature: req.headers['x-sentinela-signature'] as string | undefined, body });
      res.writeHead(204).end();
    });
  });
  const hookPort = await freePort();
  await new Promise<void>((resolve) => hook.listen(hookPort, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${hookPort}/chat`;
  mqttPort = await freePort();
  site = await startServerProcess({
    // The demo site's motors, without its 35 days of history (not read here).
    DEMO_DATA: 'on',
    DEMO_HISTORY: 'off',
    SIMULATOR: 'off',
    MQTT_PORT: String(mqttPort),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_FROM: 'Sentinela <alertas@sentinela.test>',
    ESCALATION_MINUTE_MS: String(ESCALATION_MINUTE_MS),
  });
  ({ storageState } = await createAdminSession(site.baseURL));
  cookies = new Map(storageState.cookies.map((cookie) => [cookie.name, cookie.value]));
});
test.afterAll(async () => {
  await site?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  hook?.closeAllConnections();
  await new Promise<void>((resolve) => hook?.close(() => resolve()));
});

const call = (path: string, kind: 'query' | 'mutation', input?: unknown) =>
  callProcedure(site.baseURL, path, kind, input, cookies);

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.baseURL, storageState });
  return context.newPage();
}

test('the user menu opens Notificações; the admin sets the escalation, on-call list and webhook on /settings', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  await page.goto('/');
  await page.getByRole('button', { name: /^Menu do usuário: / }).click();
  await page.getByRole('menuitem', { name: 'Notificações' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notificações' });
  await expect(dialog.getByRole('checkbox', { name: 'E-mail para alertas críticos' })).toBeChecked();
  await expect(dialog.getByText(`E-mails vão para ${ADMIN.email}.`)).toBeVisible();
  expect(await seriousViolations(page), 'the Notificações dialog').toEqual([]);
  await dialog.getByRole('checkbox', { name: 'Não enviar avisos e informações neste horário' }).check();
  await dialog.getByLabel('Início').fill('22:00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  // A save may take a while on a busy machine.
  await expect(toast(page, 'Preferências de notificação salvas!')).toBeVisible({ timeout: 20_000 });

  // Nobody is left to escalate but the alert this spec raises: the demo's are acknowledged.
  const open = (await call('alerts.list', 'query', { status: 'active', page: 1, pageSize: 200 })) as {
    items: { id: string }[];
  };
  if (open.items.length > 0) await call('alerts.acknowledgeMany', 'mutation', { ids: open.items.map((a) => a.id) });

  await page.goto('/settings');
  const section = page.getByRole('form', { name: 'Notificações' });
  await section.getByLabel('Escalonar após (minutos)').fill('1');
  await section.getByLabel('E-mails adicionais de plantão').fill(`${ON_CALL}\nnot-an-email`);
  await section.getByLabel('Endereço do webhook').fill(hookUrl);
  await section.getByLabel('Segredo compartilhado').fill(SECRET);
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(section.getByRole('alert')).toContainText('Informe um e-mail válido.');
  await section.getByLabel('E-mails adicionais de plantão').fill(ON_CALL);
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Configurações de notificação salvas!')).toBeVisible();
  await expect(section.getByText('Um segredo está definido. Deixe em branco para mantê-lo.')).toBeVisible();
  expect(await seriousViolations(page), 'the settings page').toEqual([]);

  await page.getByRole('button', { name: 'Testar webhook' }).click();
  await expect(page.getByText('Enviado com sucesso.')).toBeVisible();
  const probe = posts.find((p) => (JSON.parse(p.body) as { type: string }).type === 'test');
  expect(probe?.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(probe!.body).digest('hex')}`);
  await page.getByRole('button', { name: 'Enviar e-mail de teste' }).click();
  await expect(page.getByRole('button', { name: 'Enviar e-mail de teste' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Testar o envio' }).getByRole('status')).toHaveText(
    'Enviado com sucesso.',
  );
  await expect.poll(() => mails.some((m) => m.to.includes(ADMIN.email))).toBe(true);
});

test('a critical alert left unacknowledged is posted to the webhook and e-mailed to the on-call list', async () => {
  test.setTimeout(180_000);
  const motors = (await call('equipment.list', 'query', { kind: 'motor', page: 1, pageSize: 1 })) as {
    items: { id: string }[];
  };
  const motorId = motors.items[0]!.id;
  const credential = (await call('deviceCredentials.generate', 'mutation', { equipmentId: motorId })) as {
    username: string;
    secret: string;
    topics: { telemetry: string };
  };
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    username: credential.username,
    password: credential.secret,
    clientId: `e2e-${motorId}`,
    reconnectPeriod: 0,
  });
  try {
    await device.publishAsync(
      credential.topics.telemetry,
      JSON.stringify({ ts: Date.now(), metrics: { temperature: 118 } }),
      { qos: 1 },
    );
    const raised = async () => {
      const list = (await call('alerts.list', 'query', {
        status: 'active',
        severity: 'critical',
        equipmentId: motorId,
        page: 1,
        pageSize: 5,
      })) as { items: { id: string }[] };
      return list.items[0]?.id ?? null;
    };
    await expect.poll(raised, { timeout: 20_000 }).not.toBeNull();
    const alertId = (await raised())!;

    // The webhook hears of it at once, signed.
    await expect
      .poll(() => posts.some((p) => p.body.includes(alertId) && p.body.includes('"type":"alert.raised"')), {
        timeout: 20_000,
      })
      .toBe(true);
    const post = posts.find((p) => p.body.includes(alertId))!;
    expect(post.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(post.body).digest('hex')}`);

    // Nobody acknowledges it: after a "minute" (ESCALATION_MINUTE_MS; the job runs twice a minute)
    // the on-call list is e-mailed, once.
    await expect
      .poll(() => mails.filter((m) => m.to.includes(ON_CALL)).length, { timeout: 60_000, intervals: [500] })
      .toBe(1);
    // Still once two runs of the job later.
    await new Promise((resolve) => setTimeout(resolve, ESCALATION_MINUTE_MS));
    expect(mails.filter((m) => m.to.includes(ON_CALL))).toHaveLength(1);
    const mail = mails.find((m) => m.to.includes(ON_CALL))!;
    expect(mail.raw).toContain('Sem reconhecimento h');
  } finally {
    await device.endAsync();
  }
});
