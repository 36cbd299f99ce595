import { sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '@sentinela/db/client';
import type { BrokerHealth, SystemHealth } from '@sentinela/shared/system';
import packageJson from '../../../package.json' with { type: 'json' };

/**
 * A cheap liveness report: the process answers and the database answers a query; with
 * `broker`, the MQTT broker's state (an external one's $SYS counters).
 */
export async function getSystemHealth(
  db: Database,
  kind: DatabaseKind,
  startedAt: Date,
  now = new Date(),
  broker?: BrokerHealth,
): Promise<SystemHealth> {
  const before = performance.now();
  let databaseLatencyMs: number | null;
  try {
    await db.execute(sql`select 1`);
    databaseLatencyMs = Math.round((performance.now() - before) * 10) / 10;
  } catch {
    databaseLatencyMs = null;
  }
  return {
    status: databaseLatencyMs === null ? 'degraded' : 'ok',
    database: kind,
    databaseLatencyMs,
    version: packageJson.version,
    uptimeSeconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    ...(broker ? { broker } : {}),
  };
}
