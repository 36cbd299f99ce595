import type { LatestRow, RollupRows } from './bulk-rows';
import type { DemandOverrun } from './demo-demand';
import type { SeedDevice } from './demo-equipment';
import type { Incident } from './demo-incidents';
import type { RoomPlan } from './demo-site-plan';
import { HOUR_MS } from './site-calendar';
import type { SiteWeather } from './site-weather';

/** What the history generators share: the period, the weather, and where rows go. */
export interface HistoryContext {
  seed: number;
  now: number;
  /** First hourly bucket; `hours` full hours follow it, up to the hour `now` is in. */
  start: number;
  hours: number;
  weather: Map<string, SiteWeather>;
  incidents: Incident[];
  hourly: RollupRows;
  latest: LatestRow[];
  /** Mean electrical load of each room per hour (kW), for its meter. */
  roomLoads: Map<RoomPlan, Float64Array>;
  /** The demo's one demand overrun, drawn by its main meter (demo-demand.ts). */
  demandOverrun?: DemandOverrun;
}

/** Readings per hourly bucket: one every 5 s, as the virtual plant publishes. */
export const READINGS_PER_HOUR = 720;
export const READINGS_PER_MINUTE = 12;

export function bucketOf(ctx: HistoryContext, hour: number): number {
  return ctx.start + hour * HOUR_MS;
}

export function weatherOf(ctx: HistoryContext, device: SeedDevice, ms: number) {
  const weather = ctx.weather.get(device.facility.code);
  if (!weather) throw new Error(`no weather for ${device.facility.code}`);
  return weather.at(ms);
}

export function addRoomLoad(ctx: HistoryContext, room: RoomPlan | null, hour: number, kw: number): void {
  if (!room) return;
  let loads = ctx.roomLoads.get(room);
  if (!loads) ctx.roomLoads.set(room, (loads = new Float64Array(ctx.hours)));
  loads[hour] = (loads[hour] ?? 0) + kw;
}

/** The device's newest values: a few seconds old for a device that reports, older for a silent one. */
export function addLatest(
  ctx: HistoryContext,
  device: SeedDevice,
  ageMs: number,
  metrics: Record<string, number>,
): void {
  const silentSince = device.status === 'offline' ? device.profile.statusSince : undefined;
  const ts = Math.floor((silentSince ?? ctx.now - ageMs) / 1000) * 1000;
  for (const [metric, value] of Object.entries(metrics)) ctx.latest.push({ equipmentId: device.id, metric, ts, value });
}

export const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Indoor air where motors and racks stand: mostly the building, partly the weather. */
export function indoorTemperature(outdoorC: number): number {
  return 0.35 * outdoorC + 0.65 * 27;
}
