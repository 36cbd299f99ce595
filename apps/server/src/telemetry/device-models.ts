import { createRandom, streamSeed, type Random } from '@sentinela/db/seed/seeded-random';
import { clearSkyIrradiance, typicalWindKmh } from '@sentinela/db/seed/site-calendar';
import type { DeviceRefusalCode } from '@sentinela/shared/device-refusals';
import { lightModes, type LightMode } from '@sentinela/shared/telemetry';
import type { PlantDevice } from './simulator/plant-devices';
import { activeFault, faultLevel, type ActiveFault } from './simulator/plant-faults';

export interface MotorModel {
  kind: 'motor';
  on: boolean;
  /** Why it refuses to start (locked out, tripped), or null. */
  lock: DeviceLock | null;
  /** Share of rated speed, 0…1. */
  spin: number;
  load: number;
  loadTarget: number;
  /** Winding temperature without any fault, °C. */
  temperature: number;
  vibration: number;
}
export interface LightModel {
  kind: 'light';
  on: boolean;
  brightness: number;
  mode: LightMode;
}
export interface HvacModel {
  kind: 'hvac';
  on: boolean;
  lock: DeviceLock | null;
  setpoint: number;
  mode: string;
  supply: number;
  room: number;
  humidity: number;
}
export interface MeterModel {
  kind: 'meter';
  energyKwh: number;
  noise: number;
}
export interface ServerModel {
  kind: 'server';
  utilization: number;
  inletOffset: number;
}
export interface SensorModel {
  kind: 'sensor';
  offset: number;
  /** An outdoor weather station (declares windSpeed): it also reports wind and irradiance. */
  station: { gustiness: number; cloud: number } | null;
}
/** A field gateway: it reports how long it has been up. */
export interface GatewayModel {
  kind: 'gateway';
  uptimeS: number;
}
export type DeviceModel = MotorModel | LightModel | HvacModel | MeterModel | ServerModel | SensorModel | GatewayModel;

/** One simulated device: its model, its own random stream and its faults. */
export interface SimDevice {
  device: PlantDevice;
  random: Random;
  model: DeviceModel;
  /** Simulated ms since the plant started: one interval per step, whatever the timers do. */
  t: number;
  faults: ActiveFault[];
  /** What it published last (at first: its last known values). */
  metrics: Record<string, number>;
}

export interface PlantEnvironment {
  outdoorC: number;
  /** The plant's clock, epoch ms (absent: the wall clock). */
  nowMs?: number;
  /** The electrical load a meter sees, kW, before its own base load (its room, or its site). */
  meteredKw(meter: SimDevice): number;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const r2 = (n: number) => Math.round(n * 100) / 100;
export const indoorC = (outdoorC: number) => 0.35 * outdoorC + 0.65 * 27;
/** Light power at a brightness, W: LED drivers draw a little even when dimmed low. */
export const lightPowerW = (ratedW: number, brightness: number) => ratedW * (0.08 + 0.92 * (brightness / 100));

/** Why a device refuses to start: the code the client translates and the device's own words. */
export interface DeviceLock {
  code: Extract<DeviceRefusalCode, 'maintenanceLockout' | 'tripped'>;
  error: string;
}

function lockOf(device: PlantDevice): DeviceLock | null {
  if (device.status === 'maintenance') return { code: 'maintenanceLockout', error: 'locked out for maintenance' };
  if (device.status === 'error') return { code: 'tripped', error: 'tripped: reset the overload relay at the panel' };
  return null;
}

function initialModel(device: PlantDevice, random: Random, outdoorC: number): DeviceModel {
  const { state, last = {}, rated } = device;
  const on = typeof state.on === 'boolean' ? state.on : device.status !== 'maintenance';
  switch (device.kind) {
    case 'motor': {
      const lock = lockOf(device);
      const running = on && !lock;
      const load = random.range(0.55, 0.85);
      // A restart finds the motor cooled below the warning band, whatever it was before.
      const temperature = clamp(last.temperature ?? indoorC(outdoorC) + (running ? 50 * load * load + 3 : 0), 15, 75);
      return {
        kind: 'motor',
        on: running,
        lock,
        spin: running ? 1 : 0,
        load,
        loadTarget: load,
        temperature,
        vibration: random.range(0.9, 2.3),
      };
    }
    case 'light': {
      const mode = lightModes.find((m) => m === state.mode) ?? 'normal';
      const brightness = typeof state.brightness === 'number' ? clamp(state.brightness, 0, 100) : 100;
      return { kind: 'light', on, brightness, mode };
    }
    case 'hvac': {
      const setpoint = typeof state.setpoint === 'number' ? state.setpoint : 23;
      const lock = lockOf(device);
      const room = last.returnTemp ?? setpoint + 1;
      return {
        kind: 'hvac',
        on: on && !lock,
        lock,
        setpoint,
        mode: typeof state.mode === 'string' ? state.mode : 'cool',
        supply: last.supplyTemp ?? setpoint - 10,
        room,
        humidity: last.humidity ?? 52,
      };
    }
    case 'meter':
      return {
        kind: 'meter',
        energyKwh: last.energyKwh ?? Math.round((rated.maxKw ?? 100) * random.range(2000, 6000)),
        noise: 0,
      };
    case 'server': {
      const utilization =
        last.powerKw !== undefined ? clamp(last.powerKw / (rated.powerKw ?? 8), 0.3, 0.85) : random.range(0.45, 0.7);
      const offset =
        last.inletTemp !== undefined ? last.inletTemp - (22.3 + 1.5 * (utilization - 0.55)) : random.range(-0.6, 0.6);
      // Never start hotter than the recommended band: an old fault is not carried on.
      return { kind: 'server', utilization, inletOffset: clamp(offset, -1.5, 2.5) };
    }
    case 'sensor':
      return {
        kind: 'sensor',
        offset: random.range(-0.8, 0.8),
        station: device.metrics?.includes('windSpeed') ? { gustiness: 1, cloud: 0.8 } : null,
      };
    case 'gateway':
      return { kind: 'gateway', uptimeS: 0 };
  }
}

export function createSimDevice(device: PlantDevice, seed: number, outdoorC: number): SimDevice {
  const random = createRandom(streamSeed(seed, device.id));
  return {
    device,
    random,
    model: initialModel(device, random, outdoorC),
    t: 0,
    faults: [],
    metrics: { ...device.last },
  };
}

/** The control state a command sets and an ack reports. */
export function controlState(model: DeviceModel): Record<string, unknown> {
  switch (model.kind) {
    case 'motor':
      return { on: model.on };
    case 'light':
      return { on: model.on, brightness: model.brightness, mode: model.mode };
    case 'hvac':
      return { on: model.on, setpoint: model.setpoint, mode: model.mode };
    default:
      return {};
  }
}

function stepMotor(sim: SimDevice, m: MotorModel, env: PlantEnvironment, dtS: number): Record<string, number> {
  const { rated } = sim.device;
  const random = sim.random;
  // Spins up or coasts down over a few intervals, whatever the interval.
  m.spin += ((m.on ? 1 : 0) - m.spin) * 0.5;
  if (m.spin < 0.02) m.spin = 0;
  if (m.spin > 0.995) m.spin = 1;
  if (random.chance(0.02)) m.loadTarget = random.range(0.55, 0.88);
  m.load = clamp(m.load + (m.loadTarget - m.load) * 0.1 + random.normal() * 0.005, 0.2, 0.9);
  const efficiency = (rated.efficiency ?? 92) - 25 * (m.load - 0.78) ** 2;
  const target = indoorC(env.outdoorC) + (50 * m.load * m.load + 3) * m.spin;
  // Thermal time constant of a medium motor: about 25 minutes.
  m.temperature += (target - m.temperature) * (1 - Math.exp(-dtS / 1500));
  const overheat = activeFault(sim.faults, 'overheat', sim.t);
  const extra = overheat
    ? faultLevel(sim.faults, 'overheat', sim.t) * Math.max(0, overheat.magnitude - m.temperature)
    : 0;
  const spike = activeFault(sim.faults, 'vibration', sim.t)?.magnitude ?? 0;
  const metrics: Record<string, number> = {
    temperature: r2(m.temperature + extra + random.normal() * 0.1),
    vibration: r2(
      m.spin > 0
        ? m.vibration * (0.3 + 0.7 * m.spin) + Math.abs(random.normal()) * 0.08 + spike * m.spin
        : random.range(0.02, 0.08),
    ),
    current: r2((rated.currentA ?? 0) * (0.35 + 0.65 * m.load) * m.spin),
    rpm: Math.round((rated.rpm ?? 0) * m.spin * (1 - 0.025 * m.load)),
    powerKw: r2((((rated.powerKw ?? 0) * m.load) / (efficiency / 100)) * m.spin),
  };
  // Efficiency means nothing for a stopped motor: not reported then.
  if (m.spin > 0.05) metrics.efficiency = r2(efficiency + random.normal() * 0.1);
  return metrics;
}

function stepHvac(sim: SimDevice, h: HvacModel, env: PlantEnvironment): Record<string, number> {
  const random = sim.random;
  const ratedKw = sim.device.rated.powerKw ?? 5;
  const load = clamp(0.4 + 0.045 * (env.outdoorC - 18), 0.2, 1);
  const supplyTarget = h.on ? h.setpoint - 10 + 2 * (load - 0.5) : h.room;
  const warmRoom = 0.5 * env.outdoorC + 13;
  h.supply += (supplyTarget - h.supply) * 0.3 + random.normal() * 0.05;
  h.room += ((h.on ? h.setpoint + 1 : warmRoom) - h.room) * 0.02 + random.normal() * 0.02;
  h.humidity = clamp(h.humidity + ((h.on ? 50 : 63) - h.humidity) * 0.05 + random.normal() * 0.2, 30, 90);
  const supplyFault = activeFault(sim.faults, 'supplyAir', sim.t);
  const supplyExtra = supplyFault && h.on ? faultLevel(sim.faults, 'supplyAir', sim.t) * supplyFault.magnitude : 0;
  return {
    supplyTemp: r2(h.supply + supplyExtra),
    returnTemp: r2(h.room),
    setpoint: h.setpoint,
    humidity: r2(h.humidity),
    powerKw: r2(h.on ? ratedKw * load * random.range(0.97, 1.03) : 0.05),
    on: h.on ? 1 : 0,
  };
}

function stepMeter(sim: SimDevice, m: MeterModel, env: PlantEnvironment, dtS: number): Record<string, number> {
  const { rated } = sim.device;
  const random = sim.random;
  m.noise = m.noise * 0.85 + random.normal() * 0.015;
  const powerKw = Math.max(0, ((rated.baseKw ?? 1) + env.meteredKw(sim)) * (1 + m.noise));
  m.energyKwh += (powerKw * dtS) / 3600;
  const low = activeFault(sim.faults, 'lowPowerFactor', sim.t);
  const nominal = rated.powerFactor ?? 0.95;
  // Calm, the power factor stays above the utilities' 0.92 (the capacitor bank does its job).
  const calm = clamp(nominal + random.normal() * 0.002, 0.925, 0.99);
  const level = faultLevel(sim.faults, 'lowPowerFactor', sim.t);
  return {
    energyKwh: Math.round(m.energyKwh * 1000) / 1000,
    powerKw: r2(powerKw),
    powerFactor: Math.round((low ? calm + (low.magnitude - calm) * level : calm) * 1000) / 1000,
    voltageV: r2((rated.voltageV ?? 380) * (1 + random.normal() * 0.005)),
  };
}

export function stepDevice(sim: SimDevice, env: PlantEnvironment, dtMs: number): Record<string, number> {
  sim.t += dtMs;
  const dtS = dtMs / 1000;
  const { model, random, device } = sim;
  let metrics: Record<string, number>;
  switch (model.kind) {
    case 'motor':
      metrics = stepMotor(sim, model, env, dtS);
      break;
    case 'light':
      metrics = {
        on: model.on ? 1 : 0,
        brightness: model.on ? model.brightness : 0,
        powerW: r2(
          model.on ? lightPowerW(device.rated.powerW ?? 50, model.brightness) * random.range(0.99, 1.01) : 0.4,
        ),
      };
      break;
    case 'hvac':
      metrics = stepHvac(sim, model, env);
      break;
    case 'meter':
      metrics = stepMeter(sim, model, env, dtS);
      break;
    case 'server': {
      model.utilization = clamp(
        model.utilization + random.normal() * 0.01 + (0.58 - model.utilization) * 0.01,
        0.3,
        0.85,
      );
      const inletFault = activeFault(sim.faults, 'rackInlet', sim.t);
      const inletExtra = inletFault ? faultLevel(sim.faults, 'rackInlet', sim.t) * inletFault.magnitude : 0;
      metrics = {
        powerKw: r2((device.rated.powerKw ?? 8) * model.utilization),
        inletTemp: r2(
          22.3 + model.inletOffset + 1.5 * (model.utilization - 0.55) + inletExtra + random.normal() * 0.08,
        ),
      };
      break;
    }
    case 'sensor': {
      const temperature = env.outdoorC + model.offset + random.normal() * 0.1;
      metrics = { temperature: r2(temperature), humidity: r2(clamp(72 - 2.8 * (temperature - 22), 30, 98)) };
      if (model.station) {
        // Wind and sun follow the day (site time, UTC−3) with gusts and passing clouds.
        const local = (env.nowMs ?? Date.now()) - 3 * 3_600_000;
        const hour = (((local / 3_600_000) % 24) + 24) % 24;
        const s = model.station;
        s.gustiness = clamp(s.gustiness * 0.9 + 0.1 * (1 + random.normal() * 0.6), 0.3, 2.5);
        s.cloud = clamp(s.cloud * 0.95 + 0.05 * random.range(0.25, 1), 0.15, 1);
        metrics.windSpeed = r2(Math.max(0, typicalWindKmh(hour) * s.gustiness));
        metrics.irradiance = Math.round(clearSkyIrradiance(hour, new Date(local).getUTCMonth()) * s.cloud);
      }
      break;
    }
    case 'gateway':
      model.uptimeS += dtS;
      metrics = { uptimeS: Math.round(model.uptimeS) };
      break;
  }
  sim.metrics = metrics;
  return metrics;
}

/** The power a device draws now, kW, from what it published last (for its meter). */
export function drawKw(sim: SimDevice): number {
  const m = sim.metrics;
  if (sim.model.kind === 'meter' || sim.model.kind === 'sensor') return 0;
  return (m.powerKw ?? 0) + (m.powerW ?? 0) / 1000;
}

/** Outdoor temperature by the local time of day (UTC−3), peaking at 15:00. */
export function outdoorTemperatureAt(nowMs: number): number {
  const hour = (((nowMs / 3_600_000 - 3) % 24) + 24) % 24;
  return 22 + 5 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
}
