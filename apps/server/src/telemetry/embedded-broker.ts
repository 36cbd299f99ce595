import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';

export interface EmbeddedBroker {
  broker: Aedes;
  /** The TCP port devices connect to, or null when it could not be opened (in-process only). */
  port: number | null;
  close(): Promise<void>;
}

/**
 * The embedded MQTT broker (aedes). It listens on MQTT_PORT for real devices; if that port is
 * taken it says so and runs in-process only (the virtual plant and the ingest connect through
 * memory streams and do not need the port).
 */
export async function startEmbeddedBroker(port: number, host: string, log: FastifyBaseLogger): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({ id: 'sentinela-embedded' });
  const server: Server = createServer(broker.handle);
  const listening = await new Promise<number | null>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.warn(
        { code: error.code, port },
        `MQTT port ${port} is not available (${error.code}): the embedded broker runs in-process only, devices cannot connect. Set MQTT_PORT to a free port, or MQTT_URL to use an external broker.`,
      );
      resolve(null);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  if (listening !== null) log.info({ port: listening }, `embedded MQTT broker listening on port ${listening}`);
  return {
    broker,
    port: listening,
    async close() {
      // The broker first: it disconnects its clients, without which the TCP server never closes.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      if (listening !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
