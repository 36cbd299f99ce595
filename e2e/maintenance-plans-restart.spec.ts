import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { callProcedure, createAdminSession } from './admin-session';
import { makeDataDir, startServerProcess, type ServerProcess } from './server-process';

// A preventive plan falls due and its order is created once (issue 12): however often the job
// runs, and after the server restarts on the same data folder (the job runs again at start and
// on demand, and the (plan, due date) key keeps it to one order). A server of its own, no demo.

interface Plan {
  id: string;
  nextDueAt: Date | null;
}
interface OrderList {
  total: number;
  items: { number: string; planId: string | null; kind: string; status: string; title: string }[];
}

const ENV = { DEMO_DATA: 'off', SIMULATOR: 'off' };
let dataDir: string;
let site: ServerProcess | undefined;

test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a plan that falls due gets one order, also after a server restart on the same data', async ({ browser }) => {
  test.setTimeout(180_000);
  dataDir = makeDataDir();
  site = await startServerProcess(ENV, { dataDir });
  const { storageState } = await createAdminSession(site.baseURL);
  const cookies = new Map(storageState.cookies.map((cookie) => [cookie.name, cookie.value]));
  const call = (path: string, kind: 'query' | 'mutation', input?: unknown) =>
    callProcedure(site!.baseURL, path, kind, input, cookies);

  const facility = (await call('facilities.create', 'mutation', {
    code: 'rst',
    name: 'Planta Reinício',
    city: 'Campinas',
    timezone: 'America/Sao_Paulo',
  })) as { id: string };
  await call('equipment.create', 'mutation', {
    id: 'rst-mtr-001',
    facilityId: facility.id,
    kind: 'motor',
    name: 'Motor Reinício',
    rated: {},
    gatewayId: null,
  });

  // Due in 20 days with 7 days' lead: not yet due, the job creates nothing.
  const title = 'Lubrificação preventiva';
  const plan = (await call('maintenance.plans.create', 'mutation', {
    title,
    equipmentId: 'rst-mtr-001',
    everyDays: 30,
    priority: 'medium',
    durationHours: 2,
    leadDays: 7,
    startsAt: new Date(Date.now() + 20 * 86_400_000),
  })) as Plan;
  expect(await call('maintenance.plans.runDue', 'mutation', null)).toEqual({ created: 0 });
  const ofPlan = async () => {
    const list = (await call('maintenance.orders.list', 'query', { search: title, pageSize: 200 })) as OrderList;
    return list.items.filter((o) => o.planId === plan.id);
  };
  expect(await ofPlan()).toEqual([]);

  // A lead of 30 days brings the due date in: it falls due, one order however often the job runs.
  await call('maintenance.plans.update', 'mutation', {
    id: plan.id,
    title,
    equipmentId: 'rst-mtr-001',
    everyDays: 30,
    priority: 'medium',
    durationHours: 2,
    leadDays: 30,
    startsAt: plan.nextDueAt,
  });
  expect(await call('maintenance.plans.runDue', 'mutation', null)).toEqual({ created: 1 });
  expect(await call('maintenance.plans.runDue', 'mutation', null)).toEqual({ created: 0 });
  const first = await ofPlan();
  expect(first).toHaveLength(1);
  expect(first[0]).toMatchObject({ kind: 'preventive', status: 'scheduled' });
  const number = first[0]!.number;

  // The server stops and starts again on the same folder: its job runs at start, and again now.
  await site.stop();
  site = await startServerProcess(ENV, { dataDir });
  expect(await call('maintenance.plans.runDue', 'mutation', null)).toEqual({ created: 0 });
  expect((await ofPlan()).map((o) => o.number)).toEqual([number]);

  // On the page too: one order of the plan, and the plan's next due date is the one after it.
  const context = await browser.newContext({ baseURL: site.baseURL, storageState });
  const page = await context.newPage();
  await page.goto('/maintenance');
  await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(title);
  await expect(page.locator('[data-order-id]')).toHaveCount(1);
  await expect(page.locator('[data-order-id]').first()).toHaveAttribute('data-number', number);
  const plans = (await call('maintenance.plans.list', 'query')) as Plan[];
  const after = plans.find((p) => p.id === plan.id)!;
  expect(after.nextDueAt!.getTime()).toBe(plan.nextDueAt!.getTime() + 30 * 86_400_000);
  await context.close();
});
