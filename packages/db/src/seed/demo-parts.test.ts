import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import { parts, stockLocations, workOrderParts } from '../schema/procurement';
import { rowsOf } from '../sql-helpers';
import { createTestDatabase, testDatabaseKinds } from '../../test/test-database';
import { INITIAL_INVENTORY_REASON } from './demo-parts';
import { seedDemoRegistry } from './demo-site';

const NOW = new Date('2026-03-18T14:37:21.000Z');

describe.each(testDatabaseKinds())('demo spare parts on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoRegistry(handle.db, { now: NOW, seed: 7 });
  }, 120_000);
  afterAll(() => handle.close());

  it('stocks about forty parts in two locations, from an opening inventory, a few under their minimum', async () => {
    expect(await handle.db.$count(parts)).toBeGreaterThanOrEqual(40);
    expect(await handle.db.$count(stockLocations)).toBe(2);
    const [row] = rowsOf<{ below: number; opening: number }>(
      await handle.db.execute(sql`
        select (select count(*) from parts p
                 where coalesce((select sum(quantity) from part_stock s where s.part_id = p.id), 0) < p.minimum_stock)::int as below,
               (select count(*) from stock_movements where kind = 'adjusted' and reason = ${INITIAL_INVENTORY_REASON})::int as opening`),
    );
    expect(row?.below).toBeGreaterThanOrEqual(3);
    expect(row?.opening).toBeGreaterThanOrEqual(35);
  });

  it('keeps every balance equal to the sum of its movements, never negative on any day', async () => {
    const mismatched = rowsOf(
      await handle.db.execute(sql`
        with moved as (
          select part_id, to_location_id as location_id, quantity as q from stock_movements where to_location_id is not null
          union all
          select part_id, from_location_id, -quantity from stock_movements where from_location_id is not null
        ), sums as (select part_id, location_id, sum(q) as q from moved group by 1, 2)
        select * from sums full join part_stock s using (part_id, location_id)
         where coalesce(sums.q, 0) <> coalesce(s.quantity, 0)`),
    );
    expect(mismatched).toEqual([]);
    const negative = rowsOf(
      await handle.db.execute(sql`
        with moved as (
          select part_id, to_location_id as location_id, created_at, quantity as q from stock_movements where to_location_id is not null
          union all
          select part_id, from_location_id, created_at, -quantity from stock_movements where from_location_id is not null
        )
        select * from (
          select sum(q) over (partition by part_id, location_id order by created_at, q desc) as running from moved
        ) r where running < 0`),
    );
    expect(negative).toEqual([]);
  });

  it('takes parts for the completed demo orders, as consumed movements linked to them', async () => {
    const [row] = rowsOf<{ lines: number; consumed: number; open: number }>(
      await handle.db.execute(sql`
        select (select count(*) from work_order_parts)::int as lines,
               (select count(*) from stock_movements where kind = 'consumed' and work_order_id is not null)::int as consumed,
               (select count(*) from work_order_parts l join work_orders o on o.id = l.work_order_id
                 where o.status <> 'completed' or l.consumed_at is null)::int as open`),
    );
    expect(row?.lines).toBeGreaterThan(0);
    expect(row?.consumed).toBe(row?.lines);
    expect(row?.open).toBe(0);
    expect(await handle.db.$count(workOrderParts)).toBe(row?.lines);
  });
});
