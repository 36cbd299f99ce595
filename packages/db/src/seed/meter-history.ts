import type { RollupRows } from './bulk-rows';
import type { SeedDevice } from './demo-equipment';
import { incidentsOf } from './demo-incidents';
import { READINGS_PER_MINUTE, addLatest, clamp, round2, type HistoryContext } from './history-context';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './site-calendar';
import { createRandom, streamSeed } from './seeded-random';

/** The meter's mean load per hour (kW): its room's devices, or the whole facility for the main meter. */
export function hourlyLoad(ctx: HistoryContext, meter: SeedDevice): Float64Array {
  if (meter.room) return ctx.roomLoads.get(meter.room) ?? new Float64Array(ctx.hours);
  const total = new Float64Array(ctx.hours);
  for (const room of meter.facility.rooms) {
    const loads = ctx.roomLoads.get(room);
    if (loads) for (let h = 0; h < ctx.hours; h++) total[h] = (total[h] ?? 0) + (loads[h] ?? 0);
  }
  // Transformer and cabling losses plus the substation's own consumption.
  return total.map((kw) => kw * 1.015 + (meter.rated.baseKw ?? 0));
}

/**
 * Meters are simulated minute by minute (load between hour means, with correlated noise), so
 * the 1-minute rollups of the last 24 h and the hourly ones agree. `energyKwh` is the meter's
 * cumulative register (monotonic, as real meters and the virtual plant report it): the
 * consumption of a period is its last value minus its first, and of an hour about max − min.
 */
export function generateMeterHistory(ctx: HistoryContext, meter: SeedDevice, minutely: RollupRows): void {
  const random = createRandom(streamSeed(ctx.seed, meter.id));
  const loads = hourlyLoad(ctx, meter);
  const loadAt = (h: number) => loads[clamp(h, 0, ctx.hours - 1)] ?? 0;
  const meanLoad = loads.reduce((a, b) => a + b, 0) / Math.max(1, ctx.hours) || 1;
  const overrun = ctx.demandOverrun?.meterId === meter.id ? ctx.demandOverrun : undefined;
  const lowPf = incidentsOf(ctx.incidents, meter.id, 'lowPowerFactor');
  const nominalPf = meter.rated.powerFactor ?? 0.95;
  const endMinute = Math.floor(ctx.now / MINUTE_MS) * MINUTE_MS;
  const minutesFrom = endMinute - DAY_MS;
  const minutes = (endMinute - ctx.start) / MINUTE_MS;

  // A register that has been counting for a few years already.
  let energy = Math.round(meanLoad * 24 * 365 * random.range(1.5, 4));
  let noise = 0;
  let power = 0;
  let pf = nominalPf;
  const minute = {
    power: minutely.series(meter.id, 'powerKw'),
    pf: minutely.series(meter.id, 'powerFactor'),
    energy: minutely.series(meter.id, 'energyKwh'),
  };
  const hourly = {
    power: ctx.hourly.series(meter.id, 'powerKw'),
    pf: ctx.hourly.series(meter.id, 'powerFactor'),
    energy: ctx.hourly.series(meter.id, 'energyKwh'),
  };
  let hour = {
    n: 0,
    power: 0,
    minPower: Infinity,
    maxPower: -Infinity,
    pf: 0,
    minPf: Infinity,
    maxPf: -Infinity,
    energy: 0,
    firstEnergy: energy,
  };
  for (let m = 0; m < minutes; m++) {
    const t = ctx.start + m * MINUTE_MS;
    const h = Math.floor(m / 60);
    const within = ((m % 60) + 0.5) / 60;
    const base =
      within < 0.5
        ? loadAt(h - 1) + (loadAt(h) - loadAt(h - 1)) * (within + 0.5)
        : loadAt(h) + (loadAt(h + 1) - loadAt(h)) * (within - 0.5);
    noise = noise * 0.85 + random.normal() * 0.02;
    power = Math.max(0, base * (1 + noise));
    if (overrun && t >= overrun.start && t < overrun.end)
      power = Math.max(power, overrun.kw * (1 + Math.abs(noise) / 4));
    const low = lowPf.find((i) => t >= i.start && t < (i.end ?? ctx.now));
    pf = low
      ? low.peak + Math.abs(random.normal()) * 0.003
      : clamp(nominalPf + 0.015 * (power / meanLoad - 1) + random.normal() * 0.002, 0.86, 0.99);
    const next = energy + power / 60;
    if (t >= minutesFrom) {
      const spread = random.range(0.008, 0.02);
      minute.power.push(t, READINGS_PER_MINUTE, power, power * (1 - spread), power * (1 + spread));
      minute.pf.push(t, READINGS_PER_MINUTE, pf, pf - 0.002, pf + 0.002);
      minute.energy.push(t, READINGS_PER_MINUTE, (energy + next) / 2, energy, next);
    }
    hour.n++;
    hour.power += power;
    hour.minPower = Math.min(hour.minPower, power * 0.985);
    hour.maxPower = Math.max(hour.maxPower, power * 1.015);
    hour.pf += pf;
    hour.minPf = Math.min(hour.minPf, pf - 0.002);
    hour.maxPf = Math.max(hour.maxPf, pf + 0.002);
    hour.energy += (energy + next) / 2;
    energy = next;
    if (m % 60 === 59 || m === minutes - 1) {
      const bucket = ctx.start + h * HOUR_MS;
      const count = READINGS_PER_MINUTE * hour.n;
      hourly.power.push(bucket, count, hour.power / hour.n, hour.minPower, hour.maxPower);
      hourly.pf.push(bucket, count, hour.pf / hour.n, hour.minPf, hour.maxPf);
      hourly.energy.push(bucket, count, hour.energy / hour.n, hour.firstEnergy, energy);
      hour = {
        n: 0,
        power: 0,
        minPower: Infinity,
        maxPower: -Infinity,
        pf: 0,
        minPf: Infinity,
        maxPf: -Infinity,
        energy: 0,
        firstEnergy: energy,
      };
    }
  }
  addLatest(ctx, meter, random.int(0, 4000), {
    energyKwh: Math.round(energy * 100) / 100,
    powerKw: round2(power),
    powerFactor: Math.round(pf * 1000) / 1000,
    voltageV: round2((meter.rated.voltageV ?? 380) * (1 + random.normal() * 0.006)),
  });
}
