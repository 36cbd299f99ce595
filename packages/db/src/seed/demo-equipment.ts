import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import type { FacilityPlan, MotorDuty, MotorGroup, RoomPlan, Schedule } from './demo-site-plan';
import { HOUR_MS, lightingShare, localTime, scheduleActivity } from './site-calendar';
import type { Random } from './seeded-random';

export type { EquipmentKind, EquipmentStatus };

/** One device of the demo site, with what the history generator needs beyond the row. */
export interface SeedDevice {
  id: string;
  name: string;
  kind: EquipmentKind;
  status: EquipmentStatus;
  facility: FacilityPlan;
  /** null: facility-wide (the main meter). */
  room: RoomPlan | null;
  location: string;
  rated: Record<string, number>;
  state: Record<string, unknown>;
  profile: {
    schedule: Schedule;
    duty?: MotorDuty;
    load?: number;
    vibration?: number;
    /** When a device that is not simply online took that status (maintenance, error, offline). */
    statusSince?: number;
    utilization?: number;
    inletOffset?: number;
  };
}

const VOLTAGE_V = 380;
const RPM = { 2: 3550, 4: 1765, 6: 1170 } as const;
const POWER_FACTOR = { 2: 0.88, 4: 0.84, 6: 0.8 } as const;
// IE3 nominal efficiencies (%) by rated power (kW), 60 Hz.
const EFFICIENCY: [number, number][] = [
  [1.5, 86.5],
  [3, 88.5],
  [5.5, 89.6],
  [7.5, 91],
  [11, 91.7],
  [15, 92.4],
  [22, 93],
  [30, 93.6],
  [45, 94.1],
  [55, 94.5],
  [75, 95],
];

function ratedEfficiency(powerKw: number): number {
  return EFFICIENCY.find(([kw]) => kw >= powerKw)?.[1] ?? 95.4;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const two = (n: number) => String(n).padStart(2, '0');
const three = (n: number) => String(n).padStart(3, '0');

function motorRated(group: MotorGroup): Record<string, number> {
  const efficiency = ratedEfficiency(group.powerKw);
  const currentA = (group.powerKw * 1000) / (Math.sqrt(3) * VOLTAGE_V * POWER_FACTOR[group.poles] * (efficiency / 100));
  return { powerKw: group.powerKw, currentA: round1(currentA), rpm: RPM[group.poles], voltageV: VOLTAGE_V, efficiency };
}

/** Which devices are not simply online: a few in maintenance, one tripped, one silent. */
const SPECIAL_STATUS: Record<string, { status: EquipmentStatus; sinceHoursAgo: number }> = {
  'campinas/Moinho 01': { status: 'maintenance', sinceHoursAgo: 50 },
  'campinas/Prensa Hidráulica 02': { status: 'error', sinceHoursAgo: 5 },
  'campinas/Self Contained Escritórios 02': { status: 'maintenance', sinceHoursAgo: 70 },
  'campinas/Luminária Galpão B 17': { status: 'maintenance', sinceHoursAgo: 30 },
  'campinas/Luminária Almoxarifado 05': { status: 'maintenance', sinceHoursAgo: 100 },
  'joinville/Luminária Armazém 41': { status: 'maintenance', sinceHoursAgo: 20 },
  'joinville/Refletor Pátio 07': { status: 'offline', sinceHoursAgo: 3 },
};

function specialStatus(device: Pick<SeedDevice, 'facility' | 'name'>) {
  return SPECIAL_STATUS[`${device.facility.code}/${device.name}`];
}

export function buildDemoEquipment(facilities: FacilityPlan[], random: Random, now: number): SeedDevice[] {
  const devices: SeedDevice[] = [];
  for (const facility of facilities) {
    const t = localTime(now);
    const serial: Record<string, number> = {};
    const nextId = (prefix: string) =>
      `${prefix}-${facility.idCode}-${three((serial[prefix] = (serial[prefix] ?? 0) + 1))}`;
    const names: Record<string, number> = {};
    const nextName = (name: string) => `${name} ${two((names[name] = (names[name] ?? 0) + 1))}`;
    const add = (device: Omit<SeedDevice, 'status' | 'facility'>) => {
      const full: SeedDevice = { ...device, facility, status: 'online' };
      const special = specialStatus(full);
      if (special) {
        full.status = special.status;
        full.profile.statusSince = now - special.sinceHoursAgo * HOUR_MS;
        if ('on' in full.state) full.state = { ...full.state, on: false };
      }
      devices.push(full);
    };

    for (const room of facility.rooms) {
      const activity = scheduleActivity(room.schedule, facility.shifts, t);
      for (const group of room.motors ?? []) {
        for (let i = 0; i < group.count; i++) {
          const running = group.duty === 'continuous' || activity > 0.5;
          add({
            id: nextId('mtr'),
            name: nextName(group.name),
            kind: 'motor',
            room,
            location: room.name,
            rated: motorRated(group),
            state: { on: running },
            profile: {
              schedule: room.schedule,
              duty: group.duty,
              load: group.load * random.range(0.93, 1.07),
              vibration: random.range(0.9, 2.3),
            },
          });
        }
      }
      const lightsOn = lightingShare(room.schedule, facility.shifts, t) > 0.5;
      for (let i = 0; i < room.lights.count; i++) {
        const mode = room.lights.eco ? 'eco' : 'normal';
        add({
          id: nextId('lgt'),
          name: nextName(room.lights.name),
          kind: 'light',
          room,
          location: `${room.name}, fileira ${Math.floor(i / 8) + 1}`,
          rated: { powerW: room.lights.powerW },
          state: { on: lightsOn, brightness: mode === 'eco' ? 50 : 100, mode },
          profile: { schedule: room.schedule },
        });
      }
      for (const group of room.hvac ?? []) {
        for (let i = 0; i < group.count; i++) {
          add({
            id: nextId('hvac'),
            name: nextName(group.name),
            kind: 'hvac',
            room,
            location: room.name,
            rated: { coolingKw: group.coolingKw, powerKw: round1(group.coolingKw / 3.2) },
            state: {
              on: scheduleActivity(group.schedule, facility.shifts, t) > 0.3,
              setpoint: group.setpoint,
              mode: 'cool',
            },
            profile: { schedule: group.schedule },
          });
        }
      }
      for (let i = 0; i < (room.racks ?? 0); i++) {
        const name = `Rack ${i < 5 ? 'A' : 'B'}${two((i % 5) + 1)}`;
        add({
          id: nextId('rck'),
          name,
          kind: 'server',
          room,
          location: `${room.name}, fila ${i < 5 ? 'A' : 'B'}`,
          rated: { powerKw: 8, units: 42 },
          state: {},
          // Rack B04 sits where the cold aisle leaks: the warmest inlet of the room.
          profile: {
            schedule: room.schedule,
            utilization: random.range(0.45, 0.7),
            inletOffset: name === 'Rack B04' ? 2.4 : random.range(-0.6, 0.6),
          },
        });
      }
      for (let i = 0; i < (room.sensors ?? 0); i++) {
        add({
          id: nextId('sns'),
          name: 'Estação Meteorológica',
          kind: 'sensor',
          room,
          location: `${room.name}, mastro`,
          rated: {},
          state: {},
          profile: { schedule: room.schedule },
        });
      }
    }
    // Meters last: their sizing reads what the room holds.
    for (const room of facility.rooms) {
      const connectedKw = devices
        .filter((d) => d.room === room)
        .reduce((kw, d) => kw + (d.rated.powerKw ?? 0) + (d.rated.powerW ?? 0) / 1000, room.baseKw);
      add({
        id: nextId('emt'),
        name: `Medidor ${room.name}`,
        kind: 'meter',
        room,
        location: `Quadro de distribuição, ${room.name}`,
        rated: {
          maxKw: Math.max(25, Math.ceil((connectedKw * 1.3) / 25) * 25),
          voltageV: VOLTAGE_V,
          baseKw: room.baseKw,
          powerFactor: room.powerFactor,
        },
        state: {},
        profile: { schedule: room.schedule },
      });
    }
    add({
      id: nextId('emt'),
      name: 'Medidor Geral (entrada de energia)',
      kind: 'meter',
      room: null,
      location: 'Subestação de entrada',
      rated: { maxKw: facility.mainMeterMaxKw, voltageV: VOLTAGE_V, baseKw: 1.5, powerFactor: 0.95 },
      state: {},
      profile: { schedule: 'continuous' },
    });
  }
  return devices;
}
