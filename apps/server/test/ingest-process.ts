// A bare ingest process for the crash tests: external broker → PostgreSQL, nothing else.
// Usage: tsx test/ingest-process.ts <mqtt url> <database url> <share group>
import pino from 'pino';
import { openDatabase } from '@sentinela/db/client';
import { startIngest } from '../src/telemetry/ingest';
import { LiveBus } from '../src/telemetry/live-bus';

const [url, databaseUrl, group] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 4 });
await startIngest({
  db: database.db,
  ...(database.copyIn ? { copyIn: database.copyIn } : {}), // as the server runs it (ADR 008)
  bus: new LiveBus(),
  log: pino({ level: 'warn' }),
  target: { kind: 'url', url },
  external: true,
  connections: 4,
  shareGroup: group,
  clientIdPrefix: group,
});
process.stdout.write('ready\n');
