import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { MqttCredentials } from './device-credential';

/** The metrics of every flood message: one message is this many rows of raw telemetry. */
export const FLOOD_METRICS = ['temperature', 'rpm', 'current'] as const;

export interface FloodOptions {
  site: string;
  deviceIds: string[];
  credentials?: MqttCredentials;
  /** The first message's timestamp (ms); the n-th carries firstTs + n, so every (device, ts) is unique. */
  firstTs: number;
  /** Messages published and not yet acknowledged, at most (mqtt.js itself has no limit). */
  window?: number;
}

export interface Flood {
  /** Every message whose PUBACK came back (the publish callback without error): device → its timestamps. */
  acknowledged: Map<string, number[]>;
  published(): number;
  acknowledgedCount(): number;
  /** Whether its connection is still open (a broker limit may have closed it). */
  connected(): boolean;
  /** Stops publishing, waits briefly for PUBACKs still due, and closes the connection. */
  stop(): Promise<void>;
}

/**
 * A device-side publisher: one MQTT connection (a gateway's credentials may speak for several
 * devices) flooding QoS 1 telemetry as fast as the broker acknowledges it, devices in turn.
 */
export async function startFlood(url: string, options: FloodOptions): Promise<Flood> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `flood-${randomBytes(4).toString('hex')}`,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...(options.credentials ? { username: options.credentials.username, password: options.credentials.password } : {}),
  });
  client.on('error', () => {}); // the server's death shows as a closed connection
  const window = options.window ?? 1000;
  const acknowledged = new Map<string, number[]>(options.deviceIds.map((id) => [id, []]));
  let next = 0;
  let inFlight = 0;
  let acked = 0;
  let running = true;
  let settled: (() => void) | undefined;

  const pump = () => {
    while (running && inFlight < window && client.connected) {
      const n = next++;
      const device = options.deviceIds[n % options.deviceIds.length]!;
      const ts = options.firstTs + n;
      const body = JSON.stringify({
        ts,
        metrics: { temperature: 40 + (n % 50), rpm: 1700 + (n % 100), current: 10 + (n % 7) / 10 },
      });
      inFlight++;
      client.publish(`sentinela/${options.site}/${device}/telemetry`, body, { qos: 1 }, (error) => {
        inFlight--;
        if (!error) {
          acked++;
          acknowledged.get(device)!.push(ts);
        }
        if (inFlight === 0) settled?.();
        pump();
      });
    }
  };
  pump();

  return {
    acknowledged,
    published: () => next,
    acknowledgedCount: () => acked,
    connected: () => client.connected,
    async stop() {
      running = false;
      if (inFlight > 0 && client.connected) {
        await new Promise<void>((resolve) => {
          settled = resolve;
          client.once('close', () => resolve());
          setTimeout(resolve, 5000);
        });
      }
      await client.endAsync(true);
    },
  };
}
