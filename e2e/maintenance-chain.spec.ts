import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl, toast } from './fixtures';
import { expect, test } from './ops';

// Issue 12's whole chain on the demo site, as a shift runs it: a corrective order opened from a
// motor's alert → started (the motor is locked out: a command is refused naming the order) → a
// bulk light action skips a light another order in progress locks out, and says so → the order
// completed with "clear the alert" ticked → the alert is cleared and MTBF/MTTR moved.

interface AlertRow {
  id: string;
  equipmentId: string | null;
  equipmentName: string | null;
  status: string;
  workOrder: { number: string } | null;
}
interface OrderDetail {
  id: string;
  number: string;
}

const call = (path: string, kind: 'query' | 'mutation', input?: unknown) =>
  callProcedure(baseUrl(), path, kind, input, adminCookies());
const card = (page: Page, label: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
const orders = (page: Page) => page.locator('[data-order-id]');
// The room no other spec acts on: its lights are ours to switch off.
const FACILITY = 'Centro de Distribuição Joinville';
const ROOM = 'Câmara Fria';

interface Kpis {
  mtbfHours: number | null;
  mttrHours: number | null;
  completed: { corrective: number };
}
const kpis = async () => (await call('maintenance.kpis', 'query', {})) as Kpis;
const hoursText = (value: number | null) =>
  value === null ? 'Sem falhas' : `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(value)} h`;

/**
 * MTBF (its figure), MTTR (in the split card's hint) and the corrective orders completed (the
 * split card's figure) as the page shows them: those of `expected` once the page has them.
 */
async function figuresShown(page: Page, expected: Kpis) {
  await expect(card(page, 'MTBF').locator('[data-slot="stat-value"]')).toHaveText(hoursText(expected.mtbfHours));
  const split = card(page, 'Preventiva × corretiva');
  await expect(split.locator('[data-slot="stat-value"]')).toHaveText(new RegExp(`× ${expected.completed.corrective}$`));
  await expect(split).toContainText(`MTTR ${hoursText(expected.mttrHours)}`);
}

/** An open alert of a motor with no work order yet, on the alerts page's first page. */
async function motorAlert(): Promise<AlertRow & { equipmentId: string; equipmentName: string }> {
  const open = (await call('alerts.list', 'query', { status: 'open', page: 1, pageSize: 25 })) as {
    items: AlertRow[];
  };
  for (const alert of open.items) {
    if (alert.equipmentId === null || alert.equipmentName === null || alert.workOrder !== null) continue;
    const device = (await call('equipment.get', 'query', { id: alert.equipmentId })) as { kind: string };
    if (device.kind === 'motor')
      return { ...alert, equipmentId: alert.equipmentId, equipmentName: alert.equipmentName };
  }
  throw new Error('the demo site has no open motor alert without a work order');
}

test('alert → corrective order → lockout (motor refused, bulk lights skip) → completed: alert cleared, MTBF/MTTR move', async ({
  operatorPage: page,
}) => {
  test.setTimeout(180_000);
  const alert = await motorAlert();
  const motor = { id: alert.equipmentId, name: alert.equipmentName };

  // Another order, in progress on one light of the room: that light is locked out.
  const lights = (await call('lights.list', 'query', { search: 'Luminária Câmara Fria', pageSize: 50 })) as {
    items: { id: string; name: string }[];
  };
  const light = lights.items[0]!;
  const lightOrder = (await call('maintenance.orders.create', 'mutation', {
    title: `Reator da luminária ${Date.now().toString(36)}`,
    kind: 'corrective',
    priority: 'medium',
    equipmentId: light.id,
    scheduledAt: new Date(),
    durationHours: 1,
  })) as OrderDetail;
  await call('maintenance.orders.start', 'mutation', { id: lightOrder.id });

  try {
    const before = await kpis();
    await page.goto('/maintenance');
    await figuresShown(page, before);

    // "Abrir ordem de serviço" on the alert's row: the form comes prefilled, corrective.
    await page.goto('/alerts');
    await page
      .locator(`[data-alert-id="${alert.id}"]`)
      .getByRole('link', { name: `Abrir ordem de serviço para o alerta de ${motor.name}` })
      .click();
    const form = page.getByRole('dialog', { name: 'Nova ordem de serviço' });
    await expect(form.getByRole('combobox', { name: 'Tipo' })).toHaveValue('corrective');
    await form.getByRole('button', { name: 'Criar ordem' }).click();
    const created = toast(page, /^OS-\d{4}-\d{4} criada\.$/);
    await expect(created).toBeVisible();
    const number = /OS-\d{4}-\d{4}/.exec((await created.textContent()) ?? '')![0];

    // Started: the motor is locked out.
    await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(number);
    await expect(orders(page)).toHaveCount(1);
    await orders(page)
      .first()
      .getByRole('button', { name: `Iniciar ${number}` })
      .click();
    await expect(
      toast(page, `${number} iniciada: os comandos para ${motor.name} ficam bloqueados até a conclusão.`),
    ).toBeVisible();

    // Its switch says why, and a command sent anyway (off included) is refused naming the order.
    await page.goto('/motors');
    await page.getByPlaceholder('Nome, código ou local').fill(motor.id);
    await expect(page.locator(`[data-motor-id="${motor.id}"]`)).toHaveCount(1);
    const motorSwitch = page.getByRole('switch', { name: `Ligar/desligar ${motor.name}` });
    await expect(motorSwitch).toBeDisabled();
    await expect(motorSwitch).toHaveAccessibleDescription(new RegExp(`^Bloqueado pela ${number} em andamento`));
    await expect(call('motors.setPower', 'mutation', { id: motor.id, on: false })).rejects.toThrow(
      `${motor.name}: bloqueado pela ${number} em andamento.`,
    );

    // A bulk action on the light's room skips the locked light and names its order.
    await page.goto('/lights');
    await page.getByRole('combobox', { name: 'Instalação' }).selectOption({ label: FACILITY });
    await page.getByRole('combobox', { name: 'Sala', exact: true }).selectOption({ label: ROOM });
    await page.getByRole('button', { name: 'Desligar todas' }).click();
    await page.getByRole('dialog', { name: 'Desligar todas?' }).getByRole('button', { name: 'Desligar todas' }).click();
    await expect(toast(page, `1 ignorada(s): bloqueada(s) por OS em andamento (${lightOrder.number})`)).toBeVisible({
      timeout: 30_000,
    });

    // Completed with "clear the alert" ticked.
    await page.goto('/maintenance');
    await page.getByRole('searchbox', { name: /Buscar ordens/ }).fill(number);
    await expect(orders(page)).toHaveCount(1);
    await orders(page)
      .first()
      .getByRole('button', { name: `Concluir ${number}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Concluir ${number}` });
    await dialog.getByRole('textbox', { name: 'Horas de trabalho' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Custo de peças (R$)' }).fill('310,00');
    await dialog.getByRole('textbox', { name: 'Nota de fechamento' }).fill('Rolamento trocado e motor realinhado.');
    const clearAlert = dialog.getByRole('checkbox', { name: 'Encerrar o alerta' });
    await clearAlert.check();
    await expect(clearAlert).toBeChecked();
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(toast(page, `${number} concluída.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The alert is cleared with the order's note, and the figures moved.
    const after = (await call('alerts.list', 'query', { equipmentId: motor.id, page: 1, pageSize: 200 })) as {
      items: (AlertRow & { clearNote: string | null })[];
    };
    expect(after.items.find((a) => a.id === alert.id)).toMatchObject({
      status: 'cleared',
      clearNote: `${number}: Rolamento trocado e motor realinhado.`,
      workOrder: { number },
    });
    // One more corrective failure (MTBF) and one more repair time in the mean (MTTR).
    const moved = await kpis();
    expect(moved.completed.corrective).toBe(before.completed.corrective + 1);
    expect(moved.mtbfHours).not.toBe(before.mtbfHours);
    expect(moved.mttrHours).not.toBe(before.mttrHours);
    await figuresShown(page, moved);
    await expect(card(page, 'MTBF').locator('[data-slot="stat-value"]')).not.toHaveText(hoursText(before.mtbfHours));
  } finally {
    await call('maintenance.orders.cancel', 'mutation', { id: lightOrder.id, reason: 'Fim do teste' });
  }
});
