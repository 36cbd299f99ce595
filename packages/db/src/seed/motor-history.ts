import type { SeedDevice } from './demo-equipment';
import { incidentsOf, overlap } from './demo-incidents';
import {
  READINGS_PER_HOUR,
  addLatest,
  addRoomLoad,
  bucketOf,
  clamp,
  indoorTemperature,
  round2,
  weatherOf,
  type HistoryContext,
} from './history-context';
import { HOUR_MS, localTime, productionActivity } from './site-calendar';
import { createRandom, streamSeed, type Random } from './seeded-random';

interface MotorHour {
  /** Share of the hour the motor ran. */
  run: number;
  load: number;
  efficiency: number;
  /** Electrical input while running, kW. */
  powerKw: number;
  /** Where the winding temperature is heading, °C. */
  targetC: number;
}

function motorHour(device: SeedDevice, ms: number, outdoorC: number, random: Random): MotorHour {
  const { rated, profile } = device;
  const activity = productionActivity(device.facility.shifts, localTime(ms));
  let run = profile.duty === 'continuous' ? 1 : clamp(activity * random.range(0.9, 1.1), 0, 1);
  if (profile.statusSince !== undefined && device.status !== 'online' && ms >= profile.statusSince) run = 0;
  const demand = profile.duty === 'continuous' ? 0.8 + 0.2 * activity : 1;
  const load = clamp((profile.load ?? 0.7) * demand * random.range(0.94, 1.06), 0.2, 0.92);
  // Induction motors are least efficient at light load.
  const efficiency = (rated.efficiency ?? 92) - 25 * (load - 0.78) ** 2 + random.normal() * 0.15;
  const powerKw = ((rated.powerKw ?? 0) * load) / (efficiency / 100);
  return { run, load, efficiency, powerKw, targetC: indoorTemperature(outdoorC) + (50 * load * load + 3) * run };
}

export function generateMotorHistory(ctx: HistoryContext, device: SeedDevice): void {
  const random = createRandom(streamSeed(ctx.seed, device.id));
  const overheats = incidentsOf(ctx.incidents, device.id, 'overheat');
  const series = {
    temperature: ctx.hourly.series(device.id, 'temperature'),
    power: ctx.hourly.series(device.id, 'powerKw'),
    efficiency: ctx.hourly.series(device.id, 'efficiency'),
  };
  let temperature = motorHour(device, ctx.start, weatherOf(ctx, device, ctx.start).temperature, random).targetC;
  for (let h = 0; h < ctx.hours; h++) {
    const bucket = bucketOf(ctx, h);
    const mid = bucket + HOUR_MS / 2;
    const m = motorHour(device, mid, weatherOf(ctx, device, mid).temperature, random);
    const previous = temperature;
    // Thermal time constant ~25 min: most of the way to the target within the hour.
    temperature = previous + (m.targetC - previous) * 0.9;
    let mean = (previous + temperature) / 2 + random.normal() * 0.2;
    let max = Math.max(previous, temperature) + random.range(0.2, 0.8);
    for (const incident of overheats) {
      const share = overlap(incident, bucket, bucket + HOUR_MS, ctx.now);
      if (share > 0) {
        max = Math.max(max, incident.peak);
        mean += (incident.peak - 6 - mean) * share * 0.7;
      }
    }
    const min = Math.min(previous, temperature) - random.range(0.2, 0.8);
    series.temperature.push(bucket, READINGS_PER_HOUR, mean, min, max);
    const kw = m.powerKw * m.run;
    series.power.push(bucket, READINGS_PER_HOUR, kw, m.run < 1 ? 0 : kw * 0.95, m.run > 0 ? m.powerKw * 1.05 : 0);
    // Efficiency means nothing while stopped: it is only reported while running.
    if (m.run > 0) {
      const count = Math.max(1, Math.round(READINGS_PER_HOUR * m.run));
      series.efficiency.push(bucket, count, m.efficiency, m.efficiency - 0.6, m.efficiency + 0.4);
    }
    addRoomLoad(ctx, device.room, h, kw);
  }

  const running = device.state.on === true;
  const now = motorHour(device, ctx.now, weatherOf(ctx, device, ctx.now).temperature, random);
  const target = running ? now.targetC : indoorTemperature(weatherOf(ctx, device, ctx.now).temperature);
  const elapsed = (ctx.now % HOUR_MS) / HOUR_MS;
  const rated = device.rated;
  const metrics: Record<string, number> = {
    temperature: round2(temperature + (target - temperature) * 0.9 * elapsed),
    vibration: round2(running ? (device.profile.vibration ?? 1.5) * random.range(0.9, 1.1) : random.range(0.02, 0.08)),
    current: round2(running ? (rated.currentA ?? 0) * (0.35 + 0.65 * now.load) : 0),
    rpm: running ? Math.round((rated.rpm ?? 0) * (1 - 0.025 * now.load)) : 0,
    powerKw: round2(running ? now.powerKw : 0),
  };
  if (running) metrics.efficiency = round2(now.efficiency);
  addLatest(ctx, device, random.int(0, 4000), metrics);
}
