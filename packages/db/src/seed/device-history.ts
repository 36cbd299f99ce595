import type { SeedDevice } from './demo-equipment';
import { incidentsOf, overlap, type Incident } from './demo-incidents';
import type { FacilityPlan, RoomPlan } from './demo-site-plan';
import {
  READINGS_PER_HOUR,
  addLatest,
  addRoomLoad,
  bucketOf,
  clamp,
  round2,
  weatherOf,
  type HistoryContext,
} from './history-context';
import {
  HOUR_MS,
  clearSkyIrradiance,
  lightingShare,
  localTime,
  officeActivity,
  scheduleActivity,
  typicalWindKmh,
} from './site-calendar';
import { createRandom, streamSeed } from './seeded-random';

/** Raises a mean and a maximum where an incident covers the hour. */
function withIncidents(incidents: Incident[], ctx: HistoryContext, bucket: number, mean: number, max: number) {
  for (const incident of incidents) {
    const share = overlap(incident, bucket, bucket + HOUR_MS, ctx.now);
    if (share > 0) {
      max = Math.max(max, incident.peak);
      mean += (incident.peak - 0.8 - mean) * share;
    }
  }
  return { mean, max };
}

function hvacHour(device: SeedDevice, ms: number, outdoorC: number) {
  const t = localTime(ms);
  const schedule = device.profile.schedule;
  const activity = scheduleActivity(schedule, device.facility.shifts, t);
  let on = schedule === 'continuous' ? 1 : activity >= 0.4 ? 1 : 0;
  if (device.status !== 'online' && ms >= (device.profile.statusSince ?? Infinity)) on = 0;
  const setpoint = typeof device.state.setpoint === 'number' ? device.state.setpoint : 23;
  const load =
    schedule === 'continuous'
      ? clamp(0.5 + 0.02 * (outdoorC - 20), 0.3, 0.8)
      : clamp(0.3 + 0.045 * (outdoorC - 18) + 0.15 * activity, 0.2, 1);
  const roomC = 0.5 * outdoorC + 13;
  return {
    on,
    setpoint,
    load,
    supplyOnC: setpoint - 10 + 2 * (load - 0.5),
    roomC,
    powerKw: (device.rated.powerKw ?? 0) * load,
  };
}

function generateHvac(ctx: HistoryContext, device: SeedDevice): void {
  const random = createRandom(streamSeed(ctx.seed, device.id));
  const incidents = incidentsOf(ctx.incidents, device.id, 'supplyAir');
  const power = ctx.hourly.series(device.id, 'powerKw');
  const supplyTemp = ctx.hourly.series(device.id, 'supplyTemp');
  for (let h = 0; h < ctx.hours; h++) {
    const bucket = bucketOf(ctx, h);
    const x = hvacHour(device, bucket + HOUR_MS / 2, weatherOf(ctx, device, bucket + HOUR_MS / 2).temperature);
    const kw = x.powerKw * x.on;
    power.push(bucket, READINGS_PER_HOUR, kw, x.on < 1 ? 0 : kw * 0.8, x.on > 0 ? x.powerKw * 1.15 : 0);
    const supply = x.on * x.supplyOnC + (1 - x.on) * x.roomC + random.normal() * 0.15;
    const raised = withIncidents(incidents, ctx, bucket, supply, supply + random.range(0.3, 0.8));
    supplyTemp.push(bucket, READINGS_PER_HOUR, raised.mean, supply - random.range(0.3, 0.8), raised.max);
    addRoomLoad(ctx, device.room, h, kw);
  }
  const x = hvacHour(device, ctx.now, weatherOf(ctx, device, ctx.now).temperature);
  const on = device.state.on === true;
  addLatest(ctx, device, random.int(0, 4000), {
    supplyTemp: round2((on ? x.supplyOnC : x.roomC) + random.normal() * 0.15),
    returnTemp: round2(on ? x.setpoint + random.range(0.8, 1.8) : x.roomC + random.range(0.5, 1.5)),
    setpoint: x.setpoint,
    humidity: round2(on ? random.range(45, 55) : random.range(58, 68)),
    powerKw: round2(on ? x.powerKw : 0),
    on: on ? 1 : 0,
  });
}

function rackHour(device: SeedDevice, ms: number, outdoorC: number) {
  const hour = localTime(ms).hour;
  // Nightly backups (01:00–03:00) are the busiest hours of the racks.
  const utilization =
    (device.profile.utilization ?? 0.55) * (0.92 + 0.08 * officeActivity(localTime(ms))) +
    (hour >= 1 && hour < 3 ? 0.1 : 0);
  const powerKw = (device.rated.powerKw ?? 8) * utilization;
  const inletC = 22.3 + (device.profile.inletOffset ?? 0) + 1.5 * (utilization - 0.55) + 0.04 * (outdoorC - 22);
  return { powerKw, inletC };
}

function generateRack(ctx: HistoryContext, device: SeedDevice): void {
  const random = createRandom(streamSeed(ctx.seed, device.id));
  const incidents = incidentsOf(ctx.incidents, device.id, 'rackInlet');
  const silences = incidentsOf(ctx.incidents, device.id, 'silence');
  const power = ctx.hourly.series(device.id, 'powerKw');
  const inletTemp = ctx.hourly.series(device.id, 'inletTemp');
  for (let h = 0; h < ctx.hours; h++) {
    const bucket = bucketOf(ctx, h);
    const x = rackHour(device, bucket + HOUR_MS / 2, weatherOf(ctx, device, bucket + HOUR_MS / 2).temperature);
    const kw = x.powerKw * random.range(0.98, 1.02);
    // A silent rack kept running, but sent fewer readings that hour.
    const silent = silences.reduce((share, i) => share + overlap(i, bucket, bucket + HOUR_MS, ctx.now), 0);
    const count = Math.max(1, Math.round(READINGS_PER_HOUR * (1 - Math.min(1, silent))));
    power.push(bucket, count, kw, kw * 0.9, kw * 1.12);
    const inlet = x.inletC + random.normal() * 0.1;
    const raised = withIncidents(incidents, ctx, bucket, inlet, inlet + random.range(0.2, 0.5));
    inletTemp.push(bucket, count, raised.mean, inlet - random.range(0.2, 0.5), raised.max);
    addRoomLoad(ctx, device.room, h, kw);
  }
  const x = rackHour(device, ctx.now, weatherOf(ctx, device, ctx.now).temperature);
  const open = incidents.find((i) => i.end === null);
  addLatest(ctx, device, random.int(0, 4000), {
    powerKw: round2(x.powerKw),
    inletTemp: round2(open ? open.peak - random.range(0, 0.3) : x.inletC + random.normal() * 0.1),
  });
}

function generateSensor(ctx: HistoryContext, device: SeedDevice): void {
  const random = createRandom(streamSeed(ctx.seed, device.id));
  const temperature = ctx.hourly.series(device.id, 'temperature');
  const humidity = ctx.hourly.series(device.id, 'humidity');
  for (let h = 0; h < ctx.hours; h++) {
    const bucket = bucketOf(ctx, h);
    const a = weatherOf(ctx, device, bucket);
    const b = weatherOf(ctx, device, bucket + HOUR_MS);
    const mid = weatherOf(ctx, device, bucket + HOUR_MS / 2);
    const spread = random.range(0.1, 0.4);
    temperature.push(
      bucket,
      READINGS_PER_HOUR,
      mid.temperature,
      Math.min(a.temperature, b.temperature) - spread,
      Math.max(a.temperature, b.temperature) + spread,
    );
    humidity.push(
      bucket,
      READINGS_PER_HOUR,
      mid.humidity,
      Math.min(a.humidity, b.humidity) - 1,
      Math.min(100, Math.max(a.humidity, b.humidity) + 1),
    );
  }
  const w = weatherOf(ctx, device, ctx.now);
  const outdoor = device.room?.kind === 'outdoor' ? generateWindAndSun(ctx, device) : {};
  addLatest(ctx, device, random.int(0, 4000), {
    temperature: round2(w.temperature),
    humidity: round2(w.humidity),
    ...outdoor,
  });
}

/**
 * An outdoor station's wind (km/h) and solar irradiance (W/m²): the daily cycles with gusty noise
 * and passing clouds, from a stream of their own (the temperature history stays as it was).
 * Returns the values now.
 */
function generateWindAndSun(ctx: HistoryContext, device: SeedDevice): Record<string, number> {
  const random = createRandom(streamSeed(ctx.seed, `${device.id}:wind-sun`));
  const wind = ctx.hourly.series(device.id, 'windSpeed');
  const irradiance = ctx.hourly.series(device.id, 'irradiance');
  let gustiness = 1;
  let cloud = 0.8;
  const at = (ms: number) => {
    const t = localTime(ms);
    return { wind: typicalWindKmh(t.hour) * gustiness, sun: clearSkyIrradiance(t.hour, t.month) * cloud };
  };
  for (let h = 0; h < ctx.hours; h++) {
    const bucket = bucketOf(ctx, h);
    gustiness = clamp(gustiness * 0.8 + 0.2 * (1 + random.normal() * 0.5), 0.3, 2.5);
    cloud = clamp(cloud * 0.7 + 0.3 * random.range(0.25, 1), 0.15, 1);
    const mid = at(bucket + HOUR_MS / 2);
    const kmh = Math.max(0, mid.wind);
    wind.push(bucket, READINGS_PER_HOUR, kmh, kmh * random.range(0.3, 0.7), kmh * random.range(1.4, 2));
    const a = at(bucket).sun;
    const b = at(bucket + HOUR_MS).sun;
    irradiance.push(bucket, READINGS_PER_HOUR, mid.sun, Math.min(a, b) * 0.6, Math.max(a, b, mid.sun) * 1.1);
  }
  const now = at(ctx.now);
  return { windSpeed: round2(Math.max(0, now.wind)), irradiance: Math.round(now.sun) };
}

/** Light power at a brightness, W: LED drivers draw a little even when dimmed low. */
export function lightPowerW(ratedW: number, brightness: number): number {
  return ratedW * (0.08 + 0.92 * (brightness / 100));
}

function brightnessOf(device: SeedDevice): number {
  return typeof device.state.brightness === 'number' ? device.state.brightness : 100;
}

/** Standby draw of a light that is off (its driver and radio), W. */
const STANDBY_W = 0.4;

/** Share of a room's lights on in each hour of the history, computed once per room. */
const roomLightShares = new WeakMap<HistoryContext, Map<RoomPlan, Float64Array>>();

function lightSharesOf(ctx: HistoryContext, room: RoomPlan, shifts: FacilityPlan['shifts']): Float64Array {
  let rooms = roomLightShares.get(ctx);
  if (!rooms) roomLightShares.set(ctx, (rooms = new Map<RoomPlan, Float64Array>()));
  let shares = rooms.get(room);
  if (!shares) {
    shares = new Float64Array(ctx.hours);
    for (let h = 0; h < ctx.hours; h++) {
      shares[h] = lightingShare(room.schedule, shifts, localTime(bucketOf(ctx, h) + HOUR_MS / 2));
    }
    rooms.set(room, shares);
  }
  return shares;
}

/**
 * Each light's hours: the share of the hour it was on follows its room's schedule (as the
 * room's meter counts it), at its brightness; off, it draws its standby. A light that went
 * silent sends nothing after; one under maintenance stays off.
 */
function generateLight(ctx: HistoryContext, device: SeedDevice): void {
  const on = device.state.on === true;
  const brightness = brightnessOf(device);
  const ratedW = device.rated.powerW ?? 0;
  const onW = lightPowerW(ratedW, brightness);
  const onShare = ctx.hourly.series(device.id, 'on');
  const power = ctx.hourly.series(device.id, 'powerW');
  const since = device.status === 'online' ? Infinity : (device.profile.statusSince ?? Infinity);
  const shares = device.room ? lightSharesOf(ctx, device.room, device.facility.shifts) : null;
  for (let h = 0; h < ctx.hours; h++) {
    const bucket = bucketOf(ctx, h);
    if (bucket >= since && device.status === 'offline') break;
    const share = shares && bucket < since ? (shares[h] ?? 0) : 0;
    onShare.push(bucket, READINGS_PER_HOUR, share, share >= 1 ? 1 : 0, share > 0 ? 1 : 0);
    const watts = share * onW + (1 - share) * STANDBY_W;
    power.push(bucket, READINGS_PER_HOUR, watts, share >= 1 ? onW : STANDBY_W, share > 0 ? onW : STANDBY_W);
  }
  addLatest(ctx, device, createRandom(streamSeed(ctx.seed, device.id)).int(0, 4000), {
    on: on ? 1 : 0,
    brightness: on ? brightness : 0,
    powerW: round2(on ? onW : STANDBY_W),
  });
}

/** The lights of each room, all at once: what share is on follows the room's schedule. */
export function addLightLoads(ctx: HistoryContext, lights: SeedDevice[]): void {
  const wattsByRoom = new Map<RoomPlan, number>();
  for (const light of lights) {
    if (!light.room || light.status !== 'online') continue;
    const watts = lightPowerW(light.rated.powerW ?? 0, brightnessOf(light));
    wattsByRoom.set(light.room, (wattsByRoom.get(light.room) ?? 0) + watts);
  }
  const facilityOf = new Map(lights.map((l) => [l.room, l.facility]));
  for (const [room, watts] of wattsByRoom) {
    const shifts = facilityOf.get(room)?.shifts ?? 2;
    for (let h = 0; h < ctx.hours; h++) {
      const share = lightingShare(room.schedule, shifts, localTime(bucketOf(ctx, h) + HOUR_MS / 2));
      addRoomLoad(ctx, room, h, (share * watts) / 1000);
    }
  }
}

/** Small loads nobody meters separately (sockets, controls), following the room's activity. */
export function addBaseLoads(ctx: HistoryContext, facility: FacilityPlan): void {
  for (const room of facility.rooms) {
    for (let h = 0; h < ctx.hours; h++) {
      const activity = scheduleActivity(room.schedule, facility.shifts, localTime(bucketOf(ctx, h) + HOUR_MS / 2));
      addRoomLoad(ctx, room, h, room.baseKw * (0.35 + 0.65 * activity));
    }
  }
}

export function generateDeviceHistory(ctx: HistoryContext, device: SeedDevice): void {
  if (device.kind === 'hvac') generateHvac(ctx, device);
  else if (device.kind === 'server') generateRack(ctx, device);
  else if (device.kind === 'sensor') generateSensor(ctx, device);
  else if (device.kind === 'light') generateLight(ctx, device);
}
