import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { SeedDevice } from './demo-equipment';
import { DAY_MS, HOUR_MS, MINUTE_MS, localTime } from './site-calendar';
import type { Random } from './seeded-random';

export type IncidentKind =
  'overheat' | 'vibration' | 'lowPowerFactor' | 'silence' | 'supplyAir' | 'rackInlet' | 'trip' | 'event';

/** What a device reported by itself (not a measured value): an 'event:<name>' alert. */
export interface DeviceEvent {
  name: string;
  severity: 'critical' | 'warning' | 'info';
  message: string;
}

/**
 * Something that went wrong on the site in the last 35 days (or is wrong now). The history
 * shows it and the alert log records it, so charts and alerts tell the same story.
 */
export interface Incident {
  kind: IncidentKind;
  device: SeedDevice;
  start: number;
  /** null: still going on. */
  end: number | null;
  /** The worst value reached (°C, mm/s, power factor…). */
  peak: number;
  acknowledged?: { at: number; note: string | null };
  /** Cleared by an operator rather than by the value coming back. */
  clearNote?: string;
  /** kind 'event': what the device reported. */
  event?: DeviceEvent;
}

const ACK_NOTES = [
  'Equipe de manutenção acionada',
  'Verificando no local',
  null,
  'Acompanhando pelo supervisório',
  null,
];

/** A moment between 07:00 and 21:00 local, some days back: when people are around to notice. */
export function workingHourTime(random: Random, now: number, minDaysAgo: number, maxDaysAgo: number): number {
  for (;;) {
    const ms = now - random.range(minDaysAgo, maxDaysAgo) * DAY_MS;
    const hour = localTime(ms).hour;
    if (hour >= 7 && hour < 21) return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  }
}

function past(
  random: Random,
  now: number,
  kind: IncidentKind,
  device: SeedDevice,
  minutes: [number, number],
  peak: number,
): Incident {
  const start = workingHourTime(random, now, 1.5, 33.5);
  const incident: Incident = { kind, device, start, end: start + random.int(minutes[0], minutes[1]) * MINUTE_MS, peak };
  if (random.chance(0.5)) {
    incident.acknowledged = { at: start + random.int(3, 15) * MINUTE_MS, note: random.pick(ACK_NOTES) };
  }
  return incident;
}

export function planIncidents(devices: SeedDevice[], random: Random, now: number): Incident[] {
  const online = (d: SeedDevice) => d.status === 'online';
  const motors = devices.filter((d) => d.kind === 'motor' && online(d));
  const hotMotors = motors.filter((d) => d.profile.duty === 'continuous');
  const find = (name: string, code: string) => devices.find((d) => d.name === name && d.facility.code === code);
  const incidents: Incident[] = [];
  const r2 = (n: number) => Math.round(n * 100) / 100;

  for (let i = 0; i < 6; i++) {
    const peak = i < 2 ? random.range(96, 101) : random.range(82, 91);
    incidents.push(past(random, now, 'overheat', random.pick(hotMotors), [25, 70], r2(peak)));
  }
  for (let i = 0; i < 5; i++) {
    const peak = i === 0 ? random.range(7.3, 8.2) : random.range(4.7, 6.6);
    incidents.push(past(random, now, 'vibration', random.pick(motors), [10, 90], r2(peak)));
  }
  const pfMeters = devices.filter((d) => d.kind === 'meter' && d.name === 'Medidor Casa de Compressores');
  for (let i = 0; i < 4; i++) {
    incidents.push(
      past(random, now, 'lowPowerFactor', random.pick(pfMeters), [60, 240], r2(random.range(0.875, 0.912))),
    );
  }
  for (let i = 0; i < 6; i++) {
    const device = random.pick(devices.filter((d) => online(d) && (d.kind === 'light' || d.kind === 'motor')));
    incidents.push(past(random, now, 'silence', device, [2, 25], 0));
  }
  const rooftop = find('Rooftop Linha de Envase 01', 'campinas');
  const hotRack = find('Rack B04', 'campinas');
  for (let i = 0; i < 2; i++) {
    if (rooftop) incidents.push(past(random, now, 'supplyAir', rooftop, [60, 180], r2(random.range(18.6, 21.5))));
    if (hotRack) incidents.push(past(random, now, 'rackInlet', hotRack, [40, 150], r2(random.range(27.2, 28.4))));
  }

  incidents.push(...rackOutages(devices, random, now), ...pastEvents(devices, random, now));

  // What is still wrong now (every one matches a device status or the latest values).
  const compressorMeter = find('Medidor Casa de Compressores', 'campinas');
  if (compressorMeter) {
    incidents.push({
      kind: 'lowPowerFactor',
      device: compressorMeter,
      start: now - 40 * MINUTE_MS,
      end: null,
      peak: 0.908,
    });
  }
  if (hotRack) {
    incidents.push({
      kind: 'rackInlet',
      device: hotRack,
      start: now - 2 * HOUR_MS,
      end: null,
      peak: 27.6,
      acknowledged: { at: now - 95 * MINUTE_MS, note: 'Placa cega faltando no rack; técnico a caminho' },
    });
  }
  for (const device of devices) {
    const since = device.profile.statusSince;
    if (device.status === 'error' && since !== undefined) {
      incidents.push({
        kind: 'trip',
        device,
        start: since,
        end: null,
        peak: 0,
        acknowledged: { at: since + 18 * MINUTE_MS, note: 'Relé térmico atuou; eletricista acionado' },
      });
    }
    if (device.status === 'maintenance' && device.kind === 'motor' && since !== undefined) {
      incidents.push({
        kind: 'vibration',
        device,
        start: since - 70 * MINUTE_MS,
        end: since,
        peak: 8.4,
        acknowledged: { at: since - 60 * MINUTE_MS, note: 'Ruído no rolamento do lado acoplado' },
        clearNote: 'Rolamento com desgaste; motor parado para manutenção',
      });
    }
    if (device.status === 'offline' && since !== undefined) {
      // The alarm engine calls a device silent after 60 s without data.
      incidents.push({ kind: 'silence', device, start: since + MINUTE_MS, end: null, peak: 0 });
    }
  }
  incidents.push(...openEvents(devices, now));
  return incidents;
}

const racksOf = (devices: SeedDevice[], code: string) =>
  devices.filter((d) => d.kind === 'server' && d.facility.code === code);

/**
 * The data centers' status history: the times their racks went silent (what uptime is
 * computed from). Edge Joinville lost its access switch once (every rack at once), a PDU
 * breaker left one Rio rack dark for a few minutes, and a switch firmware upgrade in Campinas
 * took two racks off the network.
 */
function rackOutages(devices: SeedDevice[], random: Random, now: number): Incident[] {
  const incidents: Incident[] = [];
  const outage = (racks: SeedDevice[], start: number, minutes: number, note: string | null) => {
    for (const rack of racks) {
      incidents.push({
        kind: 'silence',
        device: rack,
        start,
        end: start + minutes * MINUTE_MS,
        peak: 0,
        acknowledged: { at: start + Math.min(minutes - 1, 4) * MINUTE_MS, note },
      });
    }
  };
  const joinville = racksOf(devices, 'joinville');
  outage(
    joinville,
    workingHourTime(random, now, 6, 20),
    random.int(25, 50),
    'Switch de acesso travado; reiniciado no local',
  );
  const rio = racksOf(devices, 'rio');
  if (rio.length > 0)
    outage([random.pick(rio)], workingHourTime(random, now, 3, 28), random.int(6, 15), 'Disjuntor da PDU B rearmado');
  const campinas = racksOf(devices, 'campinas');
  outage(
    campinas.slice(0, 2),
    workingHourTime(random, now, 2, 30),
    random.int(3, 8),
    'Atualização de firmware do switch de topo',
  );
  return incidents;
}

/** Events the devices reported in the past, cleared by an operator once dealt with. */
function pastEvents(devices: SeedDevice[], random: Random, now: number): Incident[] {
  const mainMeters = devices.filter((d) => d.kind === 'meter' && d.room === null);
  const incidents: Incident[] = [];
  for (let i = 0; i < 3; i++) {
    const start = workingHourTime(random, now, 2, 30);
    const pu = (0.7 + random.range(0, 0.15)).toFixed(2).replace('.', ',');
    incidents.push({
      kind: 'event',
      device: random.pick(mainMeters),
      start,
      end: start + random.int(20, 90) * MINUTE_MS,
      peak: 0,
      acknowledged: { at: start + random.int(3, 12) * MINUTE_MS, note: 'Ocorrência na rede da concessionária' },
      clearNote: 'Sem novas ocorrências; nenhum equipamento desarmou',
      event: {
        name: 'voltageSag',
        severity: 'warning',
        message: `Afundamento de tensão na entrada: ${pu} pu por ${random.int(3, 12) * 20} ms`,
      },
    });
  }
  return incidents;
}

/**
 * Events still open now, nobody has acknowledged them yet. They are not measured values, so no
 * calm plant clears them: someone has to look (the alerts page always has work on a fresh site).
 */
function openEvents(devices: SeedDevice[], now: number): Incident[] {
  const find = (name: string, code: string) => devices.find((d) => d.name === name && d.facility.code === code);
  const open: [SeedDevice | undefined, number, DeviceEvent][] = [
    [
      find('Rack B02', 'rio'),
      25,
      { name: 'psuRedundancy', severity: 'warning', message: 'Redundância de fonte perdida: PSU 2 do rack sem tensão' },
    ],
    [
      find('Medidor Geral (entrada de energia)', 'campinas'),
      50,
      { name: 'voltageSag', severity: 'warning', message: 'Afundamento de tensão na entrada: 0,82 pu por 120 ms' },
    ],
    [
      find('Ar de Precisão 01', 'joinville'),
      190,
      { name: 'filterClogged', severity: 'info', message: 'Filtro de ar com perda de carga alta: programar a troca' },
    ],
    [
      find('Compressor 02', 'campinas'),
      75,
      {
        name: 'excessiveStarts',
        severity: 'info',
        message: 'Partidas acima do recomendado: 7 na última hora (máx. 6)',
      },
    ],
    [
      find('Rack A03', 'campinas'),
      12,
      { name: 'doorOpen', severity: 'info', message: 'Porta traseira do rack aberta há mais de 10 min' },
    ],
  ];
  return open.flatMap(([device, minutesAgo, event]) =>
    device ? [{ kind: 'event' as const, device, start: now - minutesAgo * MINUTE_MS, end: null, peak: 0, event }] : [],
  );
}

/** The incidents of one device and kind, to shape its history. */
export function incidentsOf(incidents: Incident[], deviceId: string, kind: IncidentKind): Incident[] {
  return incidents.filter((i) => i.device.id === deviceId && i.kind === kind);
}

/** Share of [from, to) an incident covers, 0…1. */
export function overlap(incident: Incident, from: number, to: number, now: number): number {
  const end = incident.end ?? now;
  const covered = Math.min(end, to) - Math.max(incident.start, from);
  return covered > 0 ? covered / (to - from) : 0;
}

/** One row of the equipment status history (equipment_status_changes). */
export interface StatusChange {
  equipmentId: string;
  at: Date;
  fromStatus: EquipmentStatus;
  toStatus: EquipmentStatus;
}

/**
 * The demo's past in the status history, from the same incidents as its alerts (ADR 018): a
 * silence is offline from its start to its end; a device whose status is not online now went
 * there at its `statusSince` (offline, in error, in maintenance). Per device in time order, each
 * change from the status before it, so the chain ends at the device's status now.
 */
export function statusHistory(devices: SeedDevice[], incidents: Incident[]): StatusChange[] {
  const moves = new Map<string, { at: number; to: EquipmentStatus }[]>();
  const move = (device: SeedDevice, at: number, to: EquipmentStatus) => {
    const list = moves.get(device.id) ?? [];
    list.push({ at, to });
    moves.set(device.id, list);
  };
  for (const incident of incidents) {
    // An open silence is the device's offline now: its statusSince below.
    if (incident.kind !== 'silence' || incident.end === null) continue;
    move(incident.device, incident.start, 'offline');
    move(incident.device, incident.end, 'online');
  }
  for (const device of devices) {
    const since = device.profile.statusSince;
    if (device.status !== 'online' && since !== undefined) move(device, since, device.status);
  }
  const rows: StatusChange[] = [];
  for (const [equipmentId, list] of moves) {
    list.sort((a, b) => a.at - b.at);
    let status: EquipmentStatus = 'online';
    for (const { at, to } of list) {
      if (to === status) continue;
      rows.push({ equipmentId, at: new Date(at), fromStatus: status, toStatus: to });
      status = to;
    }
  }
  return rows;
}
