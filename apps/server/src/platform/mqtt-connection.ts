import { Duplex } from 'node:stream';
import type { Aedes } from 'aedes';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { debugLoggingWanted } from '../env';

/**
 * Where MQTT clients of this process connect: the embedded broker (through in-memory streams,
 * so they work even when its TCP port could not be opened) or an external broker URL.
 */
export type MqttTarget =
  | { kind: 'embedded'; broker: Aedes }
  /** `username`/`password`: the login on an external broker (MQTT_USERNAME / MQTT_PASSWORD). */
  | { kind: 'url'; url: string; username?: string | undefined; password?: string | undefined };

/** One end of an in-memory socket pair: what one end writes, the other reads; closing closes both. */
class MemorySocket extends Duplex {
  peer: MemorySocket | undefined;

  constructor() {
    super({ allowHalfOpen: false });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.peer?.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.peer?.push(null);
    callback();
  }

  override _read(): void {}

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.peer && !this.peer.destroyed) this.peer.destroy();
    callback(error);
  }
}

/**
 * The usernames of the portal's own clients on the embedded broker, accepted only over an
 * in-process connection (ADR 016): the server (everything) and the virtual plant (a gateway for
 * every equipment of the registry).
 */
export const SERVER_USERNAME = '$server';
export const PLANT_USERNAME = '$plant';

/** The broker's ends of in-process connections: only code of this process can make one. */
const inProcessEnds = new WeakSet<object>();

/** Whether a broker connection comes from this process (the portal's own clients), not the network. */
export function isInProcess(conn: unknown): boolean {
  return typeof conn === 'object' && conn !== null && inProcessEnds.has(conn);
}

function memoryPipe(): [Duplex, Duplex] {
  const client = new MemorySocket();
  const server = new MemorySocket();
  client.peer = server;
  server.peer = client;
  inProcessEnds.add(server);
  return [client, server];
}

/**
 * mqtt.js's logger: the `debug` package's unless told otherwise, called several times a packet
 * even when nothing is printed (about 1 % of the server's busy CPU under ingest through Mosquitto
 * in a profile; mqtt-packet's own debug calls, as much again, are not reached by this). A no-op
 * unless `DEBUG` is set, where `DEBUG=mqttjs*` still shows mqtt.js's lines.
 */
const mqttLog: IClientOptions['log'] = debugLoggingWanted() ? undefined : () => {};

export function connectMqtt(target: MqttTarget, options: IClientOptions): MqttClient {
  const defaults: IClientOptions = {
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    ...(mqttLog ? { log: mqttLog } : {}),
  };
  if (target.kind === 'url') {
    const login = target.username === undefined ? {} : { username: target.username, password: target.password };
    return mqtt.connect(target.url, { ...defaults, ...login, ...options });
  }
  return new mqtt.MqttClient(
    () => {
      const [client, server] = memoryPipe();
      target.broker.handle(server);
      return client;
    },
    { ...defaults, username: SERVER_USERNAME, ...options },
  );
}

/** Resolves when the client is connected (or rejects after `ms`). */
export function whenConnected(client: MqttClient, ms = 10_000): Promise<void> {
  if (client.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('connect', onConnect);
      reject(new Error('MQTT connection timed out'));
    }, ms);
    const onConnect = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('connect', onConnect);
  });
}
