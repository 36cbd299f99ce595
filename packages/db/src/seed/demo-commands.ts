import type { DeviceRefusalCode } from '@sentinela/shared/device-refusals';
import type { commands } from '../schema/plant';
import type { SeedDevice } from './demo-equipment';
import { workingHourTime } from './demo-incidents';
import { HOUR_MS } from './site-calendar';
import type { Random } from './seeded-random';

type NewCommand = typeof commands.$inferInsert;

const TIMEOUT_MS = 5000;
const LIGHT_PARAMS: Record<string, unknown>[] = [
  { on: true },
  { on: false },
  { mode: 'eco' },
  { mode: 'boost' },
  { brightness: 70 },
  { mode: 'normal', brightness: 100 },
];
const REFUSALS: Record<string, string> = {
  motor: 'interlock active: guard door open',
  light: 'driver fault: lamp not responding',
  hvac: 'compressor lockout active',
};

function command(
  random: Random,
  device: SeedDevice,
  at: number,
  outcome: 'confirmed' | 'failed' | 'timeout',
  error?: string,
  turnOn?: boolean,
  errorCode?: DeviceRefusalCode,
): NewCommand {
  const [action, payload]: [string, Record<string, unknown>] =
    device.kind === 'motor'
      ? ['setPower', { on: turnOn ?? random.chance(0.5) }]
      : device.kind === 'light'
        ? ['setLight', { ...random.pick(LIGHT_PARAMS) }]
        : ['setSetpoint', { setpoint: random.int(21, 25) }];
  if (turnOn !== undefined && device.kind === 'light') payload.on = turnOn;
  return {
    equipmentId: device.id,
    action,
    payload,
    requestedBy: null,
    requestedAt: new Date(at),
    status: outcome,
    completedAt: new Date(at + (outcome === 'timeout' ? TIMEOUT_MS : random.int(120, 900))),
    error:
      outcome === 'timeout'
        ? 'no acknowledgement within 5 s'
        : outcome === 'failed'
          ? (error ?? REFUSALS[device.kind] ?? 'refused')
          : null,
    errorCode: outcome === 'failed' ? (errorCode ?? null) : null,
  };
}

/** A month of operators switching motors, dimming lights and moving set-points; mostly confirmed. */
export function demoCommands(devices: SeedDevice[], random: Random, now: number): NewCommand[] {
  const controllable = devices.filter((d) => d.status === 'online' && ['motor', 'light', 'hvac'].includes(d.kind));
  const rows: NewCommand[] = [];
  for (let i = 0; i < 160; i++) {
    const roll = random.next();
    const outcome = roll < 0.86 ? 'confirmed' : roll < 0.93 ? 'failed' : 'timeout';
    rows.push(command(random, random.pick(controllable), workingHourTime(random, now, 0.1, 34.9), outcome));
  }
  // The story of the devices that are not online now.
  for (const device of devices) {
    const since = device.profile.statusSince;
    if (since === undefined) continue;
    if (device.status === 'maintenance' && device.kind !== 'light') {
      rows.push(
        command(
          random,
          device,
          since + 3 * HOUR_MS,
          'failed',
          'locked out for maintenance',
          true,
          'maintenanceLockout',
        ),
      );
    } else if (device.status === 'error') {
      rows.push(
        command(
          random,
          device,
          since + HOUR_MS,
          'failed',
          'tripped: reset the overload relay at the panel',
          true,
          'tripped',
        ),
      );
    } else if (device.status === 'offline') {
      rows.push(command(random, device, since + HOUR_MS, 'timeout', undefined, true));
    }
  }
  return rows.sort((a, b) => (a.requestedAt?.getTime() ?? 0) - (b.requestedAt?.getTime() ?? 0));
}
