import { describe, expect, it } from 'vitest';
import { applyCommand } from './device-commands';
import { createSimDevice, stepDevice, type PlantEnvironment, type SimDevice } from './device-models';
import type { PlantDevice } from './simulator/plant-devices';
import { activeFault, updateFaults } from './simulator/plant-faults';

const STEP_MS = 5000;
const STEPS_PER_HOUR = 3_600_000 / STEP_MS;
// A hot afternoon all day long: the worst case for temperatures.
const hot: PlantEnvironment = { outdoorC: 33, meteredKw: () => 120 };

const devices: PlantDevice[] = [
  {
    id: 'mtr-x-001',
    site: 'x',
    kind: 'motor',
    rated: { powerKw: 55, currentA: 99, rpm: 3550, voltageV: 380, efficiency: 94.5 },
    state: { on: true },
  },
  {
    id: 'hvac-x-001',
    site: 'x',
    kind: 'hvac',
    rated: { coolingKw: 35, powerKw: 10.9 },
    state: { on: true, setpoint: 24, mode: 'cool' },
  },
  {
    id: 'emt-x-001',
    site: 'x',
    kind: 'meter',
    rated: { maxKw: 300, voltageV: 380, baseKw: 5, powerFactor: 0.935 },
    state: {},
    roomId: 'r',
  },
  {
    id: 'rck-x-001',
    site: 'x',
    kind: 'server',
    rated: { powerKw: 8 },
    state: {},
    last: { inletTemp: 27.6, powerKw: 4.4 },
  },
];

/** Runs a device for simulated hours; answers every step's metrics and whether it was silent. */
function run(device: PlantDevice, hours: number, faults: boolean, seed = 3) {
  const sim: SimDevice = createSimDevice(device, seed, hot.outdoorC);
  const steps: { metrics: Record<string, number>; silent: boolean }[] = [];
  for (let i = 0; i < hours * STEPS_PER_HOUR; i++) {
    if (faults) sim.faults = updateFaults(sim.faults, device.kind, sim.random, sim.t, STEP_MS, () => true);
    const metrics = stepDevice(sim, hot, STEP_MS);
    steps.push({ metrics, silent: activeFault(sim.faults, 'silence', sim.t) !== undefined });
  }
  return steps;
}

const max = (steps: { metrics: Record<string, number> }[], metric: string) =>
  Math.max(...steps.map((s) => s.metrics[metric] ?? -Infinity));
const min = (steps: { metrics: Record<string, number> }[], metric: string) =>
  Math.min(...steps.map((s) => s.metrics[metric] ?? Infinity));

describe('device models', () => {
  it('keep a calm plant out of every alarm band for two days, even on a hot one', () => {
    const [motor, hvac, meter, rack] = devices.map((d) => run(d, 48, false));
    expect(max(motor!, 'temperature')).toBeLessThan(80);
    expect(max(motor!, 'vibration')).toBeLessThan(4.5);
    expect(max(hvac!, 'supplyTemp')).toBeLessThan(18);
    expect(min(meter!, 'powerFactor')).toBeGreaterThanOrEqual(0.92);
    // Even a rack whose last value was in alarm starts below the recommended limit.
    expect(max(rack!, 'inletTemp')).toBeLessThan(27);
  });

  it('with faults, overheat a motor past 95 °C over minutes and let it cool back', () => {
    const steps = run(devices[0]!, 96, true);
    const temperatures = steps.map((s) => s.metrics.temperature ?? 0);
    const peak = temperatures.findIndex((t) => t > 95);
    expect(peak).toBeGreaterThan(0);
    // It climbed for minutes (three minutes before, it was below the warning band)…
    expect(temperatures[peak - 36]).toBeLessThan(80);
    // …and came back under it.
    expect(temperatures.slice(peak).some((t) => t < 80)).toBe(true);
    expect(max(steps, 'vibration')).toBeGreaterThan(4.5);
  });

  it('with faults, silence a device for 90 to 180 s at a time', () => {
    const steps = run(devices[1]!, 24 * 20, true, 11);
    const spells: number[] = [];
    let length = 0;
    for (const step of steps) {
      if (step.silent) {
        length++;
      } else if (length > 0) {
        spells.push(length * STEP_MS);
        length = 0;
      }
    }
    expect(spells.length).toBeGreaterThan(0);
    for (const ms of spells) {
      expect(ms).toBeGreaterThanOrEqual(85_000);
      expect(ms).toBeLessThanOrEqual(185_000);
    }
  });

  it('are the same for the same seed', () => {
    expect(run(devices[0]!, 2, true, 5)).toEqual(run(devices[0]!, 2, true, 5));
    expect(run(devices[0]!, 2, true, 5)).not.toEqual(run(devices[0]!, 2, true, 6));
  });

  it('spin a motor down when it is switched off, and cool it slowly', () => {
    const sim = createSimDevice(devices[0]!, 1, hot.outdoorC);
    for (let i = 0; i < STEPS_PER_HOUR * 3; i++) stepDevice(sim, hot, STEP_MS);
    const hotC = sim.metrics.temperature ?? 0;
    expect(applyCommand(sim.model, 'setPower', { on: false })).toEqual({ ok: true, state: { on: false } });
    const rpm = Array.from({ length: 10 }, () => stepDevice(sim, hot, STEP_MS).rpm ?? -1);
    expect(rpm[0]).toBeLessThan(3550);
    expect(rpm.indexOf(0)).toBeGreaterThan(2);
    expect(rpm.slice(rpm.indexOf(0))).toEqual(Array(10 - rpm.indexOf(0)).fill(0));
    for (let i = 0; i < STEPS_PER_HOUR / 2; i++) stepDevice(sim, hot, STEP_MS);
    expect(sim.metrics.temperature).toBeLessThan(hotC - 10);
    expect(sim.metrics.temperature).toBeGreaterThan(35);
  });

  it('set light modes and levels as an operator expects', () => {
    const light = createSimDevice(
      {
        id: 'lgt-x-001',
        site: 'x',
        kind: 'light',
        rated: { powerW: 100 },
        state: { on: false, brightness: 80, mode: 'normal' },
      },
      1,
      25,
    );
    const set = (params: Record<string, unknown>) => applyCommand(light.model, 'setLight', params);
    expect(set({ mode: 'boost' }).state).toEqual({ on: false, brightness: 100, mode: 'boost' });
    expect(set({ on: true, mode: 'eco' }).state).toEqual({ on: true, brightness: 50, mode: 'eco' });
    expect(set({ brightness: 50 }).state).toEqual({ on: true, brightness: 50, mode: 'eco' });
    expect(set({ brightness: 70 }).state).toEqual({ on: true, brightness: 70, mode: 'normal' });
    expect(set({ mode: 'eco' }).state).toMatchObject({ brightness: 50 });
    expect(set({ mode: 'normal' }).state).toEqual({ on: true, brightness: 100, mode: 'normal' });
    expect(set({}).ok).toBe(false);
    expect(set({ brightness: 120 }).ok).toBe(false);
    expect(set({ colour: 'red' }).ok).toBe(false);
  });
});
