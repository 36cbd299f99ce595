import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { rowsOf } from '@sentinela/db/sql-helpers';

export interface Point {
  equipmentId: string;
  metric: string;
  ts: Date;
  value: number;
}

/**
 * Writes one batch in one transaction: raw points (a duplicate (equipment, metric, ts) replaces
 * the earlier value), the latest value per metric (only if newer) and each device's last
 * contact. Answers the ids of devices that came back from offline.
 */
export async function writeBatch(db: Database, points: Point[]): Promise<string[]> {
  if (points.length === 0) return [];
  // ON CONFLICT cannot touch a row twice in one statement: the last duplicate wins here.
  const unique = new Map<string, Point>();
  for (const p of points) unique.set(`${p.equipmentId}\u0000${p.metric}\u0000${p.ts.getTime()}`, p);
  const latest = new Map<string, Point>();
  const lastSeen = new Map<string, Date>();
  const ids: string[] = [];
  const metrics: string[] = [];
  const times: string[] = [];
  const values: number[] = [];
  for (const p of unique.values()) {
    ids.push(p.equipmentId);
    metrics.push(p.metric);
    times.push(p.ts.toISOString());
    values.push(p.value);
    const key = `${p.equipmentId}\u0000${p.metric}`;
    const known = latest.get(key);
    if (!known || known.ts < p.ts) latest.set(key, p);
    const seen = lastSeen.get(p.equipmentId);
    if (!seen || seen < p.ts) lastSeen.set(p.equipmentId, p.ts);
  }
  const latestPoints = [...latest.values()];
  // One JSON parameter per statement, whatever the batch size (both drivers, no parameter limit).
  const rows = JSON.stringify(ids.map((id, i) => ({ e: id, m: metrics[i], t: times[i], v: values[i] })));
  const latestRows = JSON.stringify(
    latestPoints.map((p) => ({ e: p.equipmentId, m: p.metric, t: p.ts.toISOString(), v: p.value })),
  );
  const seenRows = JSON.stringify([...lastSeen].map(([id, ts]) => ({ e: id, t: ts.toISOString() })));
  const seenIds = JSON.stringify([...lastSeen.keys()]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into telemetry (equipment_id, metric, ts, value)
      select e, m, t, v from json_to_recordset(${rows}::json) as x(e text, m text, t timestamptz, v float8)
      on conflict (equipment_id, metric, ts) do update set value = excluded.value`);
    await tx.execute(sql`
      insert into telemetry_latest (equipment_id, metric, ts, value)
      select e, m, t, v from json_to_recordset(${latestRows}::json) as x(e text, m text, t timestamptz, v float8)
      on conflict (equipment_id, metric) do update set ts = excluded.ts, value = excluded.value
      where telemetry_latest.ts <= excluded.ts`);
    const back = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from equipment where id in (select json_array_elements_text(${seenIds}::json)) and status = 'offline'`,
      ),
    ).map((r) => r.id);
    await tx.execute(sql`
      update equipment as e
         set last_seen_at = greatest(coalesce(e.last_seen_at, v.t), v.t),
             status = case when e.status = 'offline' then 'online' else e.status end
        from json_to_recordset(${seenRows}::json) as v(e text, t timestamptz)
       where e.id = v.e`);
    return back;
  });
}

/**
 * Recomputes the 1-minute rollups of [from, to) from raw points, and the hourly rollups of the
 * hours around it from the minutes. Idempotent: recomputing never double-counts.
 */
export async function recomputeRollups(db: Database, from: Date, to: Date): Promise<void> {
  await db.execute(sql`
    insert into telemetry_1m (equipment_id, metric, bucket, count, sum, min, max)
    select equipment_id, metric, date_trunc('minute', ts), count(*), sum(value), min(value), max(value)
      from telemetry where ts >= ${from.toISOString()}::timestamptz and ts < ${to.toISOString()}::timestamptz
     group by 1, 2, 3
    on conflict (equipment_id, metric, bucket) do update
       set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max`);
  await db.execute(sql`
    insert into telemetry_1h (equipment_id, metric, bucket, count, sum, min, max)
    select equipment_id, metric, date_trunc('hour', bucket), sum(count), sum(sum), min(min), max(max)
      from telemetry_1m
     where bucket >= date_trunc('hour', ${from.toISOString()}::timestamptz)
       and bucket < date_trunc('hour', ${to.toISOString()}::timestamptz) + interval '1 hour'
     group by 1, 2, 3
    on conflict (equipment_id, metric, bucket) do update
       set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max`);
}

export interface Retention {
  rawDays: number;
  minuteDays: number;
}

/** Drops what retention no longer keeps (hourly rollups are kept for ever). */
export async function applyRetention(db: Database, now: Date, retention: Retention): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  await db.execute(
    sql`delete from telemetry where ts < ${new Date(now.getTime() - retention.rawDays * day).toISOString()}::timestamptz`,
  );
  await db.execute(
    sql`delete from telemetry_1m where bucket < ${new Date(now.getTime() - retention.minuteDays * day).toISOString()}::timestamptz`,
  );
}
