import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createBrokerGuard, DEFAULT_BROKER_LIMITS, type BrokerGuard, type BrokerLimits } from './broker-guard';
import { staticDirectory, type DeviceDirectory } from './device-directory';

export interface EmbeddedBroker {
  broker: Aedes;
  /** The TCP port devices connect to, or null when it could not be opened (in-process only). */
  port: number | null;
  /** The TLS port, when MQTT_TLS_PORT is set and it could be opened. */
  tlsPort: number | null;
  /** Authentication, topic rules and limits (ADR 016): its counters and the ingest's hand-over. */
  guard: BrokerGuard;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  /** Who may connect (default: nobody from the network; the portal's in-process clients only). */
  directory?: DeviceDirectory;
  limits?: Partial<BrokerLimits>;
  tls?: { port: number; certFile: string; keyFile: string };
  /** Authentication and topic checks; off only in benchmarks, to measure what they cost. */
  checks?: boolean;
}

async function listen(server: Server, port: number, host: string, what: string, log: FastifyBaseLogger) {
  return new Promise<number | null>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.warn(
        { code: error.code, port },
        `${what} port ${port} is not available (${error.code}): the embedded broker runs in-process only, devices cannot connect. Set MQTT_PORT to a free port, or MQTT_URL to use an external broker.`,
      );
      resolve(null);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * The embedded MQTT broker (aedes). It listens on MQTT_PORT (and MQTT_TLS_PORT) for real devices;
 * if that port is taken it says so and runs in-process only (the virtual plant and the ingest
 * connect through memory streams and do not need the port). Every network connection passes the
 * broker guard: packet size and connection limits, device authentication and topic rules.
 */
export async function startEmbeddedBroker(
  port: number,
  host: string,
  log: FastifyBaseLogger,
  options: EmbeddedBrokerOptions = {},
): Promise<EmbeddedBroker> {
  const guard = createBrokerGuard({
    directory: options.directory ?? staticDirectory({}),
    limits: { ...DEFAULT_BROKER_LIMITS, ...options.limits },
    log,
    checks: options.checks ?? true,
  });
  const broker = await Aedes.createBroker({
    id: 'sentinela-embedded',
    ...guard.hooks,
    // Deliveries in flight at once: telemetry held until its batch commits counts among them.
    concurrency: 10_000,
  });
  const handle = (socket: Socket) => {
    const conn = guard.admit(socket);
    if (conn) broker.handle(conn);
  };
  const servers: Server[] = [createServer(handle)];
  const listening = await listen(servers[0]!, port, host, 'MQTT', log);
  if (listening !== null) log.info({ port: listening }, `embedded MQTT broker listening on port ${listening}`);
  let tlsPort: number | null = null;
  if (options.tls) {
    const tlsServer = createTlsServer(
      { cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile), minVersion: 'TLSv1.2' },
      handle,
    );
    servers.push(tlsServer);
    tlsPort = await listen(tlsServer, options.tls.port, host, 'MQTT TLS', log);
    if (tlsPort !== null) log.info({ port: tlsPort }, `embedded MQTT broker listening for TLS on port ${tlsPort}`);
  }
  return {
    broker,
    port: listening,
    tlsPort,
    guard,
    async close() {
      // The broker first: it disconnects its clients, without which the TCP servers never close.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all(
        servers.filter((s) => s.listening).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
    },
  };
}
