import type { FacilityPlan } from './demo-site-plan';
import { DAY_MS, HOUR_MS, localTime, outdoorHumidity, outdoorTemperature } from './site-calendar';
import type { Random } from './seeded-random';

/**
 * Outdoor weather of one facility over the seeded period: the month's mean, a day-to-day
 * anomaly (fronts come and go: a damped random walk) and the daily swing.
 */
export class SiteWeather {
  private readonly anomalies = new Map<number, number>();
  private readonly phase: number;

  constructor(
    private readonly facility: FacilityPlan,
    random: Random,
    from: number,
    to: number,
  ) {
    let anomaly = random.range(-1.5, 1.5);
    for (let day = localTime(from).day - 1; day <= localTime(to).day + 1; day++) {
      anomaly = anomaly * 0.7 + random.normal() * 1.4;
      this.anomalies.set(day, anomaly);
    }
    this.phase = random.range(0, Math.PI * 2);
  }

  at(ms: number): { temperature: number; humidity: number } {
    const t = localTime(ms);
    const today = this.anomalies.get(t.day) ?? 0;
    const tomorrow = this.anomalies.get(t.day + 1) ?? today;
    // Blend towards the next day's anomaly so midnight has no step; a slow wobble stands for clouds.
    const anomaly = today + (tomorrow - today) * (t.hour / 24) + 0.5 * Math.sin(ms / HOUR_MS / 2.3 + this.phase);
    const temperature = outdoorTemperature(this.facility, t, anomaly);
    return { temperature, humidity: outdoorHumidity(this.facility, temperature, t) };
  }
}

export function weatherByFacility(facilities: FacilityPlan[], random: Random, from: number, to: number) {
  return new Map(facilities.map((f) => [f.code, new SiteWeather(f, random, from - DAY_MS, to + DAY_MS)]));
}
