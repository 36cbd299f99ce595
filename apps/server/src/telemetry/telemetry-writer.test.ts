import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import {
  equipment,
  facilities,
  telemetry,
  telemetry1h,
  telemetry1m,
  telemetryLatest,
} from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { DerivedState, splitDerived } from './derived-state';
import { recomputeRollups } from './rollups';
import { binaryCopyRows, rebuildDerived, writeBatch, writeDerived, writeRaw, type Reading } from './telemetry-writer';

describe.each(testDatabaseKinds())('telemetry writer on %s', (kind) => {
  let handle: DatabaseHandle;
  const t0 = new Date('2026-03-02T12:00:10Z');
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Planta', city: 'Campinas' })
      .returning();
    await handle.db.insert(equipment).values([
      { id: 'mtr-1', name: 'Motor 1', kind: 'motor', status: 'offline', facilityId: site!.id },
      { id: 'mtr-2', name: 'Motor 2', kind: 'motor', status: 'maintenance', facilityId: site!.id },
    ]);
  });
  afterAll(() => handle.close());

  it('writes raw points, replaces duplicates, keeps the newest latest value and marks devices seen', async () => {
    const back = await writeBatch(handle.db, [
      { equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 60 },
      { equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 61 }, // same key in one batch
      { equipmentId: 'mtr-1', metric: 'temperature', ts: new Date(t0.getTime() + 5000), value: 62 },
      { equipmentId: 'mtr-2', metric: 'rpm', ts: t0, value: 1750 },
    ]);
    expect(back).toEqual(['mtr-1']);
    // Redelivery of an old point: replaces, never doubles; latest stays on the newer one.
    await writeBatch(handle.db, [{ equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 63 }]);
    const raw = await handle.db.select().from(telemetry).where(eq(telemetry.equipmentId, 'mtr-1'));
    expect(raw.map((r) => r.value).sort()).toEqual([62, 63]);
    const [latest] = await handle.db.select().from(telemetryLatest).where(eq(telemetryLatest.equipmentId, 'mtr-1'));
    expect(latest?.value).toBe(62);
    const rows = await handle.db.select().from(equipment).orderBy(equipment.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['mtr-1', 'online'],
      ['mtr-2', 'maintenance'],
    ]);
    expect(rows[0]?.lastSeenAt?.getTime()).toBe(t0.getTime() + 5000);
  });

  it('rolls minutes and hours up from raw, idempotently', async () => {
    await recomputeRollups(handle.db, new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z'));
    await recomputeRollups(handle.db, new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z'));
    const [minute] = await handle.db
      .select()
      .from(telemetry1m)
      .where(sql`${telemetry1m.equipmentId} = 'mtr-1' and ${telemetry1m.metric} = 'temperature'`);
    expect(minute).toMatchObject({ count: 2, sum: 125, min: 62, max: 63 });
    const [hour] = await handle.db
      .select()
      .from(telemetry1h)
      .where(sql`${telemetry1h.equipmentId} = 'mtr-1' and ${telemetry1h.metric} = 'temperature'`);
    expect(hour).toMatchObject({ count: 2, sum: 125 });
  });
});

describe.each(testDatabaseKinds())('raw and derived writes on %s', (kind) => {
  let handle: DatabaseHandle;
  const t0 = Date.parse('2026-03-02T12:00:10Z');
  // Ids a text[] literal must quote: commas, braces, quotes, backslashes, spaces, the word NULL.
  const odd = ['a,b', '{x}', 'q"uote', 'back\\slash', 'with space', 'NULL', 'null'];
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Planta', city: 'Campinas' })
      .returning();
    await handle.db.insert(equipment).values([
      { id: 'm1', name: 'Motor 1', kind: 'motor', status: 'online', facilityId: site!.id },
      { id: 'm2', name: 'Motor 2', kind: 'motor', status: 'offline', facilityId: site!.id },
      { id: 'm3', name: 'Motor 3', kind: 'motor', status: 'maintenance', facilityId: site!.id },
      ...odd.map((id) => ({
        id,
        name: id,
        kind: 'sensor' as const,
        status: 'online' as const,
        facilityId: site!.id,
      })),
    ]);
  });
  afterAll(() => handle.close());

  const latestOf = async (id: string) =>
    Object.fromEntries(
      (await handle.db.select().from(telemetryLatest).where(eq(telemetryLatest.equipmentId, id))).map((r) => [
        r.metric,
        [r.ts.getTime(), r.value],
      ]),
    );
  const equipmentRow = async (id: string) => (await handle.db.select().from(equipment).where(eq(equipment.id, id)))[0]!;

  it('inserts plainly, and redoes a batch holding a stored point as an upsert: replaced, never doubled', async () => {
    expect(await writeRaw(handle.db, [{ equipmentId: 'm1', ts: t0, metrics: { a: 1, b: 2 } }], 'insert')).toBe(
      'insert',
    );
    const again: Reading[] = [
      { equipmentId: 'm1', ts: t0, metrics: { a: 10 } }, // stored: replaces
      { equipmentId: 'm1', ts: t0 + 1, metrics: { a: 11 } },
      { equipmentId: 'm1', ts: t0 + 1, metrics: { a: 12, b: 13 } }, // same message twice in a batch: the later wins
    ];
    expect(await writeRaw(handle.db, again, 'insert')).toBe('upsert');
    const rows = await handle.db
      .select()
      .from(telemetry)
      .where(eq(telemetry.equipmentId, 'm1'))
      .orderBy(telemetry.ts, telemetry.metric);
    expect(rows.map((r) => [r.ts.getTime() - t0, r.metric, r.value])).toEqual([
      [0, 'a', 10],
      [0, 'b', 2],
      [1, 'a', 12],
      [1, 'b', 13],
    ]);
  });

  it('writes ids that need quoting in an array literal as they are', async () => {
    await writeRaw(
      handle.db,
      odd.map((id, i) => ({ equipmentId: id, ts: t0, metrics: { v: i } })),
      'insert',
    );
    const derived = new DerivedState();
    derived.add(odd.map((id, i) => ({ equipmentId: id, ts: t0, metrics: { v: i } })));
    await writeDerived(handle.db, derived.take());
    const raw = await handle.db.select().from(telemetry).where(eq(telemetry.metric, 'v'));
    expect(Object.fromEntries(raw.map((r) => [r.equipmentId, r.value]))).toEqual(
      Object.fromEntries(odd.map((id, i) => [id, i])),
    );
    const latest = await handle.db.select().from(telemetryLatest).where(eq(telemetryLatest.metric, 'v'));
    expect(latest.map((r) => r.equipmentId).sort()).toEqual([...odd].sort());
    expect((await equipmentRow('NULL')).lastSeenAt?.getTime()).toBe(t0);
  });

  it('coalesces latest values in memory without ever going backwards, also when a write failed', async () => {
    const derived = new DerivedState();
    derived.add([{ equipmentId: 'm1', ts: t0 + 5000, metrics: { temperature: 70 } }]);
    derived.add([{ equipmentId: 'm1', ts: t0 + 1000, metrics: { temperature: 50, rpm: 1700 } }]); // older, late
    const failed = derived.take();
    derived.add([{ equipmentId: 'm1', ts: t0 + 6000, metrics: { rpm: 1750 } }]); // arrives during the failed write
    derived.restore(failed);
    await writeDerived(handle.db, derived.take());
    expect(await latestOf('m1')).toMatchObject({ temperature: [t0 + 5000, 70], rpm: [t0 + 6000, 1750] });
    expect((await equipmentRow('m1')).lastSeenAt?.getTime()).toBe(t0 + 6000);
    // A later write of older values (a redelivery, a slow batch) changes nothing…
    const older = new DerivedState();
    older.add([{ equipmentId: 'm1', ts: t0 + 2000, metrics: { temperature: 1, rpm: 1 } }]);
    await writeDerived(handle.db, older.take());
    expect(await latestOf('m1')).toMatchObject({ temperature: [t0 + 5000, 70], rpm: [t0 + 6000, 1750] });
    expect((await equipmentRow('m1')).lastSeenAt?.getTime()).toBe(t0 + 6000);
    // …and the same time again replaces (a duplicate replaces, as in the raw points).
    const same = new DerivedState();
    same.add([{ equipmentId: 'm1', ts: t0 + 5000, metrics: { temperature: 71 } }]);
    await writeDerived(handle.db, same.take());
    expect((await latestOf('m1')).temperature).toEqual([t0 + 5000, 71]);
  });

  it('brings an offline device back online with its derived write; maintenance stays', async () => {
    const derived = new DerivedState();
    derived.add([
      { equipmentId: 'm2', ts: t0, metrics: { rpm: 1 } },
      { equipmentId: 'm3', ts: t0, metrics: { rpm: 1 } },
    ]);
    const parts = splitDerived(derived.take(), 1);
    expect(parts).toHaveLength(2);
    const back = [...(await writeDerived(handle.db, parts[0]!)), ...(await writeDerived(handle.db, parts[1]!))];
    expect(back).toEqual(['m2']);
    expect((await equipmentRow('m2')).status).toBe('online');
    expect((await equipmentRow('m3')).status).toBe('maintenance');
  });

  it('rebuilds what a crash lost from the raw points: latest values, last contact, back online', async () => {
    // Raw points committed whose derived write never happened (the process died in between).
    await handle.db.update(equipment).set({ status: 'offline' }).where(eq(equipment.id, 'm2'));
    await writeRaw(handle.db, [
      { equipmentId: 'm1', ts: t0 + 9000, metrics: { temperature: 90 } }, // newer than its latest
      { equipmentId: 'm1', ts: t0 + 3000, metrics: { rpm: 3 } }, // older than its latest: stays
      { equipmentId: 'm2', ts: t0 + 9000, metrics: { rpm: 9, current: 4 } }, // a new metric too
    ]);
    expect(await rebuildDerived(handle.db)).toEqual(['m2']);
    expect(await latestOf('m1')).toMatchObject({ temperature: [t0 + 9000, 90], rpm: [t0 + 6000, 1750] });
    expect(await latestOf('m2')).toEqual({ rpm: [t0 + 9000, 9], current: [t0 + 9000, 4] });
    expect((await equipmentRow('m1')).lastSeenAt?.getTime()).toBe(t0 + 9000);
    expect(await equipmentRow('m2')).toMatchObject({ status: 'online', lastSeenAt: new Date(t0 + 9000) });
    // Nothing lost: nothing written.
    await handle.db.update(equipment).set({ status: 'offline' }).where(eq(equipment.id, 'm2'));
    expect(await rebuildDerived(handle.db)).toEqual([]);
    expect((await equipmentRow('m2')).status).toBe('offline');
  });
});

describe('binary COPY rows', () => {
  it('frames rows as PostgreSQL reads them: signature, four fields a row, trailer; nothing for no points', () => {
    expect(binaryCopyRows([])).toBeNull();
    expect(binaryCopyRows([{ equipmentId: 'm1', ts: 0, metrics: {} }])).toBeNull();
    const rows = binaryCopyRows([{ equipmentId: 'ç1', ts: Date.UTC(2000, 0, 1) + 1, metrics: { kw: -1.5 } }])!;
    expect(rows.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect(rows.readInt32BE(11)).toBe(0);
    expect(rows.readInt32BE(15)).toBe(0);
    let at = 19;
    expect(rows.readInt16BE(at)).toBe(4);
    at += 2;
    const field = () => {
      const length = rows.readInt32BE(at);
      const bytes = rows.subarray(at + 4, at + 4 + length);
      at += 4 + length;
      return bytes;
    };
    expect(field().toString('utf8')).toBe('ç1');
    expect(field().toString('utf8')).toBe('kw');
    expect(field().readBigInt64BE()).toBe(1000n); // µs from 2000-01-01
    expect(field().readDoubleBE()).toBe(-1.5);
    expect(rows.readInt16BE(at)).toBe(-1);
    expect(rows.length).toBe(at + 2);
  });
});

describe.runIf(testDatabaseKinds().includes('postgres'))('raw points as a binary COPY on postgres', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
  });
  afterAll(() => handle.close());

  /** The handle's COPY, counted: the tests see that the rows went that way. */
  let copies = 0;
  const copyIn = (statement: string, data: Uint8Array) => {
    copies++;
    return handle.copyIn!(statement, data);
  };

  const rowsOf = async (ids: string[]) =>
    (
      await handle.db
        .select()
        .from(telemetry)
        .where(inArray(telemetry.equipmentId, ids))
        .orderBy(telemetry.equipmentId, telemetry.ts, telemetry.metric)
    ).map((r) => [r.equipmentId, r.metric, r.ts.getTime(), r.value]);

  it('stores what the insert from arrays stores: any id, times before 2000 and to the millisecond, any double', async () => {
    const ids = ['cp-ç', 'cp-a,b', 'cp-"q"', 'cp-😀', 'cp-NULL'];
    const times = [Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 11, 3, 10, 0, 0, 1), 4_102_444_800_123];
    const values = [0, -0.000_001, 1e300, -42.125, 123_456_789.987];
    const readings: Reading[] = ids.flatMap((id, i) =>
      times.map((ts, j) => ({
        equipmentId: id,
        ts,
        metrics: { kw: values[(i + j) % values.length]!, rpm: i * 10 + j },
      })),
    );
    expect(await writeRaw(handle.db, readings, 'insert', copyIn)).toBe('insert');
    expect(copies).toBe(1);
    const viaCopy = await rowsOf(ids);
    expect(viaCopy).toHaveLength(ids.length * times.length * 2);
    await handle.db.delete(telemetry);
    expect(await writeRaw(handle.db, readings, 'insert')).toBe('insert');
    expect(await rowsOf(ids)).toEqual(viaCopy);
  });

  it('writes a batch holding a stored point again as the upsert: replaced, never doubled; a batch twice in itself once', async () => {
    const t = Date.UTC(2026, 11, 3, 11);
    expect(await writeRaw(handle.db, [{ equipmentId: 'cp-r', ts: t, metrics: { a: 1, b: 2 } }], 'insert', copyIn)).toBe(
      'insert',
    );
    const again: Reading[] = [
      { equipmentId: 'cp-r', ts: t, metrics: { a: 10 } },
      { equipmentId: 'cp-r', ts: t + 1, metrics: { a: 11 } },
      { equipmentId: 'cp-r', ts: t + 1, metrics: { a: 12, b: 13 } },
    ];
    copies = 0;
    expect(await writeRaw(handle.db, again, 'insert', copyIn)).toBe('upsert');
    expect(copies).toBe(1); // tried, refused (23505), then the upsert
    expect(await rowsOf(['cp-r'])).toEqual([
      ['cp-r', 'a', t, 10],
      ['cp-r', 'b', t, 2],
      ['cp-r', 'a', t + 1, 12],
      ['cp-r', 'b', t + 1, 13],
    ]);
    const fresh: Reading[] = [
      { equipmentId: 'cp-s', ts: t, metrics: { a: 1 } },
      { equipmentId: 'cp-s', ts: t, metrics: { a: 2 } },
    ];
    expect(await writeRaw(handle.db, fresh, 'insert', copyIn)).toBe('insert');
    expect(await rowsOf(['cp-s'])).toEqual([['cp-s', 'a', t, 2]]);
  });

  it('a COPY the server refuses otherwise rejects with its error, writes nothing and leaves the pool usable', async () => {
    const t = Date.UTC(2026, 11, 3, 12);
    const bad: Reading[] = [
      { equipmentId: 'cp-ok', ts: t, metrics: { a: 1 } },
      { equipmentId: 'cp-\u0000', ts: t, metrics: { a: 2 } }, // PostgreSQL's text holds no NUL
    ];
    await expect(writeRaw(handle.db, bad, 'insert', copyIn)).rejects.toMatchObject({ code: '22021' });
    expect(await rowsOf(['cp-ok'])).toEqual([]);
    // Every connection of the pool still answers, and copies.
    await Promise.all(Array.from({ length: 12 }, () => handle.db.execute(sql`select 1`)));
    expect(await writeRaw(handle.db, [{ equipmentId: 'cp-ok', ts: t, metrics: { a: 3 } }], 'insert', copyIn)).toBe(
      'insert',
    );
    expect(await rowsOf(['cp-ok'])).toEqual([['cp-ok', 'a', t, 3]]);
  });
});
