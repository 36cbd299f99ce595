// The benchmarks' device fleet, run as a child process (so it does not share the ingest's event
// loop): one MQTT connection per device, multi-metric telemetry messages. Driven over IPC:
//   → { type: 'connect', url, site, ids, qos, metrics, credentials?, login? }        ← { type: 'connected', connections, failed, ms }
//   → { type: 'run', mode: 'max', durationMs, window, inflight? } (as fast as the ingest takes them: at most
//       `window` messages published and not yet taken, per the 'credit' messages the parent relays, and
//       at most `inflight` (1) per device not yet acknowledged)
//   → { type: 'run', mode: 'rate', durationMs, hz }             (each device `hz` messages/s, spread evenly)
//   → { type: 'credit', taken }                                 messages the ingest has taken so far
//   ← { type: 'done', published, acked, errors, startedAt, endedAt, cpuMs }
//   → { type: 'close' }                                         ← { type: 'closed' }
// Every message carries ts = the time of its publish (ms), unique per device. The connections are
// bench/lean-mqtt.ts's (real MQTT over TCP, a fraction of mqtt.js' CPU).
import { benchDeviceSecret } from './bench-util';
import { LeanDevice } from './lean-mqtt';

interface Connect {
  type: 'connect';
  url: string;
  site: string;
  ids: string[];
  qos: 0 | 1;
  metrics: number;
  clientPrefix: string;
  /** Connect with each device's credentials (username = equipment id, benchDeviceSecret). */
  credentials?: boolean;
  /** Else connect every device as this one user (e.g. the portal's own, on a broker that refuses anonymous clients). */
  login?: { username: string; password: string };
}
interface Run {
  type: 'run';
  mode: 'max' | 'rate';
  durationMs: number;
  window?: number;
  /** 'max': messages each device has published and not yet seen acknowledged, at most (default 1). */
  inflight?: number;
  hz?: number;
}

const METRICS = [
  'temperature',
  'vibration',
  'current',
  'efficiency',
  'rpm',
  'power',
  'voltage',
  'torque',
  'powerFactor',
  'bearingTemp',
];

/** The devices' keep-alive (s): a device quiet for half of it sends PINGREQ (one timer for the fleet). */
const KEEPALIVE_S = 60;

let config: Connect;
let clients: (LeanDevice | null)[] = [];
let lastTs: number[] = [];
let topics: Buffer[] = [];
let published = 0;
let acked = 0;
let errors = 0;
let taken = 0;
let running = false;
const creditWaiters: (() => void)[] = [];
setInterval(() => {
  for (const client of clients) client?.keepAlive((KEEPALIVE_S * 1000) / 2);
}, 5_000).unref();

const send = (message: Record<string, unknown>) => process.send?.(message);

function payload(i: number): string {
  const ts = Math.max(Date.now(), lastTs[i]! + 1);
  lastTs[i] = ts;
  let body = `{"ts":${ts},"metrics":{`;
  for (let m = 0; m < config.metrics; m++) {
    body += `${m ? ',' : ''}"${METRICS[m % METRICS.length]}${m >= METRICS.length ? m : ''}":${(50 + Math.random() * 50).toFixed(3)}`;
  }
  return `${body}}}`;
}

function publishOne(client: LeanDevice, i: number): Promise<void> {
  published++;
  return client.publish(topics[i]!, payload(i), config.qos).then(
    () => void acked++,
    () => void errors++,
  );
}

async function connectAll(): Promise<void> {
  const began = Date.now();
  clients = new Array<LeanDevice | null>(config.ids.length).fill(null);
  lastTs = new Array<number>(config.ids.length).fill(0);
  topics = config.ids.map((id) => Buffer.from(`sentinela/${config.site}/${id}/telemetry`));
  let next = 0;
  let failed = 0;
  // A few at a time: a thousand simultaneous CONNECTs would only measure the broker's accept queue.
  const worker = async () => {
    while (next < config.ids.length) {
      const i = next++;
      try {
        clients[i] = await LeanDevice.connect(config.url, {
          clientId: `${config.clientPrefix}-${i}`,
          connectTimeoutMs: 20_000,
          keepalive: KEEPALIVE_S,
          ...(config.credentials
            ? { username: config.ids[i]!, password: benchDeviceSecret(config.ids[i]!) }
            : (config.login ?? {})),
        });
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  send({ type: 'connected', connections: clients.filter(Boolean).length, failed, ms: Date.now() - began });
}

async function runMax(durationMs: number, window: number, inflight: number): Promise<void> {
  const pump = async (client: LeanDevice, i: number) => {
    while (running && !client.closed) {
      if (published - taken >= window) {
        await new Promise<void>((resolve) => creditWaiters.push(resolve));
        continue;
      }
      await publishOne(client, i);
    }
  };
  const stopAt = setTimeout(() => {
    running = false;
    for (const wake of creditWaiters.splice(0)) wake();
  }, durationMs);
  await Promise.all(
    clients.flatMap((c, i) => (c ? Array.from({ length: inflight }, () => pump(c, i)) : [Promise.resolve()])),
  );
  clearTimeout(stopAt);
}

async function runRate(durationMs: number, hz: number): Promise<void> {
  const period = 1000 / hz;
  const live = clients.map((c, i) => [c, i] as const).filter((e): e is readonly [LeanDevice, number] => e[0] !== null);
  const sent = new Array<number>(live.length).fill(0);
  const began = performance.now();
  // One timer for the fleet: each device has its own offset, so the load is spread over the period.
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - began;
      if (elapsed >= durationMs) return resolve();
      for (let k = 0; k < live.length; k++) {
        const due = Math.floor((elapsed - (k / live.length) * period) / period) + 1;
        while (sent[k]! < due) {
          sent[k]!++;
          const [client, i] = live[k]!;
          void publishOne(client, i);
        }
      }
      setTimeout(tick, 1);
    };
    tick();
  });
  const deadline = Date.now() + 5000;
  while (acked + errors < published && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

process.on('message', (message: Connect | Run | { type: 'credit'; taken: number } | { type: 'close' }) => {
  switch (message.type) {
    case 'connect':
      config = message;
      void connectAll();
      break;
    case 'credit':
      taken = message.taken;
      for (const wake of creditWaiters.splice(0)) wake();
      break;
    case 'run': {
      running = true;
      published = acked = errors = 0;
      const startedAt = Date.now();
      const cpuAtStart = process.cpuUsage();
      const run =
        message.mode === 'max'
          ? runMax(message.durationMs, message.window ?? 5000, message.inflight ?? 1)
          : runRate(message.durationMs, message.hz ?? 1);
      void run.then(() => {
        const cpu = process.cpuUsage(cpuAtStart);
        send({
          type: 'done',
          published,
          acked,
          errors,
          startedAt,
          endedAt: Date.now(),
          cpuMs: (cpu.user + cpu.system) / 1000,
        });
      });
      break;
    }
    case 'close':
      running = false;
      void Promise.all(clients.filter((c): c is LeanDevice => c !== null).map((c) => c.end(true))).then(() => {
        send({ type: 'closed' });
        process.exit(0);
      });
      break;
  }
});
process.on('disconnect', () => process.exit(0));
