import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeWeatherMode = 'good' | 'garbage' | 'timeout' | 'error' | 'huge';

/**
 * A local server speaking Open-Meteo's /v1/forecast JSON (timeformat=unixtime), so tests never
 * reach the internet. `mode` says how it answers next; `requests` counts what it was asked.
 * The forecast starts at `start` (epoch ms): 7 days hourly, a heat-wave day (37 °C) on the second
 * day and a storm (gusts 85 km/h, 60 mm of rain) on the third.
 */
export class FakeOpenMeteo {
  mode: FakeWeatherMode = 'good';
  requests: URL[] = [];
  private server: Server | undefined;
  url = '';

  constructor(public start: number) {}

  async listen(): Promise<this> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      this.requests.push(url);
      if (url.pathname !== '/v1/forecast') {
        res.writeHead(404).end();
        return;
      }
      switch (this.mode) {
        case 'timeout':
          setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(this.body()), 30_000).unref();
          return;
        case 'error':
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":true,"reason":"down"}');
          return;
        case 'garbage':
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"hourly":{"time":[1,2],"temperature_2m":"hot"}}');
          return;
        case 'huge':
          res.writeHead(200, { 'content-type': 'application/json' }).end(`{"pad":"${'x'.repeat(2_000_000)}"}`);
          return;
        default:
          res.writeHead(200, { 'content-type': 'application/json' }).end(this.body());
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The answer Open-Meteo gives for 7 days (168 hours) from `start`. */
  body(): string {
    const time: number[] = [];
    const temperature: number[] = [];
    const humidity: number[] = [];
    const precipitation: number[] = [];
    const wind: number[] = [];
    const gusts: number[] = [];
    const radiation: number[] = [];
    for (let h = 0; h < 168; h++) {
      const day = Math.floor(h / 24);
      const hour = h % 24;
      const swing = Math.sin(((hour - 9) / 24) * 2 * Math.PI); // −1 at 03:00, +1 at 15:00
      const max = day === 1 ? 37 : 29;
      time.push(Math.floor(this.start / 1000) + h * 3600);
      temperature.push(Math.round((max - 5 + 5 * swing) * 10) / 10);
      humidity.push(70 - 10 * swing);
      precipitation.push(day === 2 && hour >= 12 && hour < 18 ? 10 : 0);
      wind.push(day === 2 ? 45 : 10);
      gusts.push(day === 2 ? 85 : 20);
      radiation.push(Math.max(0, Math.round(800 * Math.sin(((hour - 6) / 12) * Math.PI))));
    }
    return JSON.stringify({
      latitude: -22.9,
      longitude: -47.06,
      generationtime_ms: 0.2,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      timezone_abbreviation: 'GMT',
      elevation: 680,
      current_units: { time: 'unixtime', temperature_2m: '°C' },
      current: {
        time: Math.floor(this.start / 1000),
        interval: 900,
        temperature_2m: 24.5,
        relative_humidity_2m: 66,
        wind_speed_10m: 12.2,
        shortwave_radiation: 0,
      },
      hourly_units: { time: 'unixtime', temperature_2m: '°C' },
      hourly: {
        time,
        temperature_2m: temperature,
        relative_humidity_2m: humidity,
        precipitation,
        wind_speed_10m: wind,
        wind_gusts_10m: gusts,
        shortwave_radiation: radiation,
      },
    });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
