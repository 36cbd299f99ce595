import { randomUUID } from 'node:crypto';
import type { auditLog } from '../schema/audit';
import type { maintenancePlans, workOrderChecklistItems, workOrderSequences, workOrders } from '../schema/maintenance';
import type { Random } from './seeded-random';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './site-calendar';

type NewOrder = typeof workOrders.$inferInsert;
type NewItem = typeof workOrderChecklistItems.$inferInsert;
type NewPlan = typeof maintenancePlans.$inferInsert;
type NewAudit = typeof auditLog.$inferInsert;

/** An inserted device the orders can be about. */
export interface OrderDevice {
  id: string;
  name: string;
  kind: string;
  status: string;
  facilityId: string;
  roomId: string | null;
}

/** An inserted alert a corrective order can answer. */
export interface OrderAlert {
  id: string;
  equipmentId: string | null;
  source: string;
  severity: string;
  status: string;
  raisedAt: Date;
  clearedAt: Date | null;
}

export interface DemoPerson {
  id: string;
  email: string;
}

const CONTRACTORS = ['Elétrica Sul Manutenção Ltda', 'Refrigeração Paulista', 'Motores & Cia Assistência'];
const PREVENTIVE_EVERY_DAYS = 90;
/** The alerts a maintenance team opens an order for: faults of motors and HVAC units. */
const FAULT_SOURCES = ['threshold:temperature', 'threshold:vibration', 'threshold:supplyTemp', 'event:trip'];

const CHECKLISTS: Record<string, { label: string; mandatory: boolean }[]> = {
  motor: [
    { label: 'Bloquear e etiquetar (LOTO)', mandatory: true },
    { label: 'Medir isolamento dos enrolamentos', mandatory: true },
    { label: 'Lubrificar rolamentos', mandatory: false },
    { label: 'Medir vibração após a partida', mandatory: false },
  ],
  hvac: [
    { label: 'Bloquear e etiquetar (LOTO)', mandatory: true },
    { label: 'Limpar ou trocar filtros', mandatory: true },
    { label: 'Verificar pressão do refrigerante', mandatory: false },
  ],
};

const TITLES: Record<string, string> = {
  'threshold:temperature': 'Sobreaquecimento do motor',
  'threshold:vibration': 'Vibração excessiva do motor',
  'threshold:supplyTemp': 'Insuflamento acima do limite',
  'event:trip': 'Motor desarmado pela proteção térmica',
};

const money = (random: Random, max: number) => (Math.round(random.range(0, max) * 100) / 100).toFixed(2);

export interface DemoWorkOrders {
  orders: NewOrder[];
  checklist: NewItem[];
  sequences: (typeof workOrderSequences.$inferInsert)[];
  plans: NewPlan[];
  audit: NewAudit[];
}

/**
 * The demo site's maintenance: a corrective order for each fault alert of a motor or HVAC unit
 * (completed when the alert cleared, still open for an open critical one), a preventive order
 * every 90 days per motor and HVAC unit over the last six months (most on time), an order in
 * progress for each device in maintenance, a few orders this week, and preventive plans of which
 * some fall due in the coming days (the server's plans job creates their orders).
 */
export function demoWorkOrders(
  devices: OrderDevice[],
  alerts: OrderAlert[],
  people: DemoPerson[],
  random: Random,
  now: number,
): DemoWorkOrders {
  const orders: (NewOrder & { id: string; createdAt: Date })[] = [];
  const checklist: NewItem[] = [];
  const audit: NewAudit[] = [];
  const byId = new Map(devices.map((d) => [d.id, d]));
  const technician = () =>
    people.length > 0 && random.chance(0.75)
      ? { technicianId: random.pick(people).id, technicianName: null }
      : { technicianId: null, technicianName: random.pick(CONTRACTORS) };
  const actor = (id: string | null | undefined) => people.find((p) => p.id === id) ?? people[0];
  const log = (order: NewOrder & { id: string }, action: string, at: Date, by: string | null | undefined) => {
    const person = actor(by);
    audit.push({
      at,
      action: `workOrders.${action}`,
      result: 'success',
      target: order.id,
      userId: person?.id ?? null,
      actorEmail: person?.email ?? 'system',
      ip: 'demo',
      details: { number: '' },
    });
  };
  const add = (
    device: OrderDevice,
    order: Omit<NewOrder, 'number' | 'facilityId' | 'equipmentId' | 'roomId'> & { createdAt: Date },
    done: boolean,
  ) => {
    const row = {
      ...order,
      id: randomUUID(),
      number: '',
      equipmentId: device.id,
      facilityId: device.facilityId,
      roomId: device.roomId,
    };
    orders.push(row);
    (CHECKLISTS[device.kind] ?? []).forEach((item, position) =>
      checklist.push({
        workOrderId: row.id,
        position,
        ...item,
        ...(done ? { doneAt: row.completedAt ?? null, doneBy: row.technicianId ?? row.startedBy ?? null } : {}),
      }),
    );
    log(row, 'create', row.createdAt, row.createdBy);
    if (row.startedAt) log(row, 'start', row.startedAt, row.startedBy);
    if (row.completedAt) log(row, 'complete', row.completedAt, row.completedBy);
    return row;
  };

  // Corrective: one per fault alert of a motor or an HVAC unit.
  for (const alert of alerts) {
    const device = alert.equipmentId ? byId.get(alert.equipmentId) : undefined;
    if (!device || !FAULT_SOURCES.includes(alert.source)) continue;
    const open = alert.status !== 'cleared';
    if (open && alert.severity !== 'critical') continue;
    const createdAt = new Date(alert.raisedAt.getTime() + random.int(10, 60) * MINUTE_MS);
    const scheduledAt = new Date(createdAt.getTime() + random.int(1, 4) * HOUR_MS);
    const durationHours = random.int(2, 6);
    const who = technician();
    const by = people.length > 0 ? random.pick(people).id : null;
    const base = {
      title: TITLES[alert.source] ?? 'Falha do equipamento',
      kind: 'corrective' as const,
      priority: alert.severity === 'critical' ? ('urgent' as const) : ('high' as const),
      scheduledAt,
      durationHours,
      alertId: alert.id,
      createdBy: by,
      createdAt,
      ...who,
    };
    if (open || !alert.clearedAt) {
      add(device, { ...base, status: 'scheduled' }, false);
      continue;
    }
    const startedAt = new Date(Math.min(scheduledAt.getTime(), alert.clearedAt.getTime() - 30 * MINUTE_MS));
    const completedAt = new Date(Math.max(alert.clearedAt.getTime(), startedAt.getTime() + HOUR_MS));
    add(
      device,
      {
        ...base,
        status: 'completed',
        startedAt,
        startedBy: who.technicianId ?? by,
        completedAt,
        completedBy: who.technicianId ?? by,
        laborHours: Math.round(((completedAt.getTime() - startedAt.getTime()) / HOUR_MS) * 10) / 10,
        partsCost: money(random, 2500),
        otherCost: money(random, 600),
        closingNote: random.pick([
          'Rolamento substituído e alinhamento refeito.',
          'Conexões reapertadas; corrente normalizada.',
          'Filtro trocado e ventilador limpo.',
          'Relé térmico reajustado após inspeção.',
        ]),
      },
      true,
    );
  }

  // Preventive: every 90 days per motor and HVAC unit over the last six months.
  for (const device of devices.filter((d) => d.kind === 'motor' || d.kind === 'hvac')) {
    const offset = random.int(0, PREVENTIVE_EVERY_DAYS - 1) * DAY_MS;
    for (let at = now - 180 * DAY_MS + offset; at < now - DAY_MS; at += PREVENTIVE_EVERY_DAYS * DAY_MS) {
      const scheduledAt = new Date(Math.floor(at / DAY_MS) * DAY_MS + 11 * HOUR_MS); // 08:00 in São Paulo
      const late = random.chance(0.15);
      const startedAt = new Date(scheduledAt.getTime() + (late ? DAY_MS + 2 * HOUR_MS : 0));
      const durationHours = device.kind === 'motor' ? 3 : 2;
      const completedAt = new Date(startedAt.getTime() + durationHours * HOUR_MS);
      const who = technician();
      const by = who.technicianId ?? (people.length > 0 ? random.pick(people).id : null);
      add(
        device,
        {
          title: device.kind === 'motor' ? 'Manutenção preventiva trimestral' : 'Limpeza e inspeção trimestral',
          kind: 'preventive',
          priority: 'medium',
          status: 'completed',
          scheduledAt,
          durationHours,
          createdAt: new Date(scheduledAt.getTime() - 7 * DAY_MS),
          createdBy: by,
          startedAt,
          startedBy: by,
          completedAt,
          completedBy: by,
          laborHours: durationHours,
          partsCost: money(random, 400),
          otherCost: money(random, 150),
          closingNote: 'Checklist cumprido; equipamento liberado.',
          ...who,
        },
        true,
      );
    }
  }

  // In progress: whatever the site has in maintenance is under an order (and so locked out).
  for (const device of devices.filter((d) => d.status === 'maintenance')) {
    const startedAt = new Date(now - random.int(1, 20) * HOUR_MS);
    const who = technician();
    const by = who.technicianId ?? (people.length > 0 ? random.pick(people).id : null);
    add(
      device,
      {
        title: 'Revisão geral',
        kind: 'corrective',
        priority: 'high',
        status: 'in_progress',
        scheduledAt: startedAt,
        durationHours: 24,
        createdAt: new Date(startedAt.getTime() - 2 * HOUR_MS),
        createdBy: by,
        startedAt,
        startedBy: by,
        priorEquipmentStatus: 'online',
        ...who,
      },
      false,
    );
  }

  // This week: a few orders still to do.
  const candidates = devices.filter((d) => (d.kind === 'motor' || d.kind === 'hvac') && d.status !== 'maintenance');
  for (let i = 0; i < Math.min(5, candidates.length); i++) {
    const device = random.pick(candidates);
    const scheduledAt = new Date(Math.floor(now / DAY_MS) * DAY_MS + random.int(1, 4) * DAY_MS + 12 * HOUR_MS);
    add(
      device,
      {
        title: random.pick(['Inspeção termográfica', 'Reaperto de conexões', 'Troca de correias']),
        kind: 'preventive',
        priority: random.pick(['low', 'medium', 'high'] as const),
        status: 'scheduled',
        scheduledAt,
        durationHours: random.int(1, 4),
        createdAt: new Date(now - random.int(1, 5) * DAY_MS),
        createdBy: people.length > 0 ? random.pick(people).id : null,
        ...technician(),
      },
      false,
    );
  }

  // Numbered by creation, per year (São Paulo's calendar year: UTC−3).
  orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const last = new Map<number, number>();
  for (const order of orders) {
    const year = new Date(order.createdAt.getTime() - 3 * HOUR_MS).getUTCFullYear();
    const n = (last.get(year) ?? 0) + 1;
    last.set(year, n);
    order.number = `OS-${year}-${String(n).padStart(4, '0')}`;
  }
  const numberOf = new Map(orders.map((o) => [o.id, o.number]));
  for (const entry of audit) entry.details = { number: numberOf.get(entry.target ?? '') ?? '' };

  const motor = devices.find((d) => d.kind === 'motor' && d.status === 'online');
  const meter = devices.find((d) => d.kind === 'meter' && d.roomId === null);
  const day = (n: number) => new Date(Math.floor((now + n * DAY_MS) / DAY_MS) * DAY_MS + 11 * HOUR_MS);
  const plans: NewPlan[] = [
    {
      title: 'Lubrificação de rolamentos',
      kind: 'motor',
      everyRunningHours: 2000,
      priority: 'medium',
      durationHours: 1,
      checklist: [{ label: 'Lubrificar rolamentos (graxa especificada)', mandatory: true }],
      startsAt: new Date(now - 35 * DAY_MS),
    },
    {
      title: 'Limpeza de filtros do HVAC',
      kind: 'hvac',
      everyDays: 30,
      leadDays: 7,
      priority: 'medium',
      durationHours: 2,
      checklist: CHECKLISTS.hvac ?? [],
      // Due in three days: the plans job creates its orders at the first start.
      startsAt: day(3 - 30),
    },
    ...(meter
      ? [
          {
            title: 'Inspeção termográfica do quadro geral',
            equipmentId: meter.id,
            everyDays: 90,
            leadDays: 7,
            priority: 'high' as const,
            durationHours: 3,
            technicianName: CONTRACTORS[0],
            checklist: [{ label: 'Registrar imagens térmicas dos barramentos', mandatory: true }],
            startsAt: day(5 - 90),
          },
        ]
      : []),
    ...(motor
      ? [
          {
            title: 'Análise de vibração mensal',
            equipmentId: motor.id,
            everyDays: 30,
            leadDays: 7,
            priority: 'medium' as const,
            durationHours: 1,
            checklist: CHECKLISTS.motor ?? [],
            startsAt: day(12 - 30),
          },
        ]
      : []),
  ];
  return {
    orders,
    checklist,
    sequences: [...last].map(([year, n]) => ({ year, last: n })),
    plans,
    audit,
  };
}
