import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { defaultMigrationsFolder, migrateDatabase } from './migrate';
import { alerts, equipment, facilities } from './schema/plant';
import { rowsOf } from './sql-helpers';

/** Migration 0009: one open alert per metric and equipment, counted by 'threshold:<metric>'. */
describe('migration 0009 (alert sources by metric)', () => {
  let folder = '';
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps the worse of two open bands of one metric and moves threshold alerts to their metric', async () => {
    // The migrations up to 0008, as a site upgraded from the previous release has them.
    folder = await mkdtemp(path.join(tmpdir(), 'sentinela-migrations-'));
    await cp(defaultMigrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 9) }));

    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await migrateDatabase(handle, folder);
      const { db } = handle;
      const [site] = await db
        .insert(facilities)
        .values({ code: 'cps', name: 'Campinas', city: 'Campinas' })
        .returning();
      await db.insert(equipment).values(
        ['m1', 'm2'].map((id) => ({
          id,
          name: id,
          kind: 'motor' as const,
          status: 'online' as const,
          facilityId: site!.id,
        })),
      );
      // Rules and alerts as 0008 has them: raw SQL, as later migrations add columns to both tables.
      const rule = async (name: string, metric: string, threshold: number, severity: 'warning' | 'critical') => {
        const result = await db.execute(sql`
          insert into alert_rules (name, kind, metric, comparison, threshold, clear_at, severity)
          values (${name}, 'motor', ${metric}, 'above', ${threshold}, ${threshold - 0.5}, ${severity})
          returning id`);
        return rowsOf<{ id: string }>(result)[0]!.id;
      };
      const zoneC = await rule('C', 'vibration', 4.5, 'warning');
      const zoneD = await rule('D', 'vibration', 7.1, 'critical');
      const hot = await rule('T', 'temperature', 80, 'warning');
      const alert = (equipmentId: string, ruleId: string | null, severity: string, message: string) =>
        db.execute(sql`
          insert into alerts (source, rule_id, equipment_id, severity, message, status)
          values (${ruleId ? `threshold:${ruleId}` : 'silence'}, ${ruleId}, ${equipmentId}, ${severity}, ${message}, 'active')`);
      // The duplicate of issue 11: zones C and D open together on one motor.
      await alert('m1', zoneC, 'warning', 'm1 C');
      await alert('m1', zoneD, 'critical', 'm1 D');
      await alert('m1', hot, 'warning', 'm1 T');
      await alert('m2', zoneC, 'warning', 'm2 C');
      await alert('m2', null, 'warning', 'm2 silence');

      await migrateDatabase(handle);
      const rows = await db
        .select({ message: alerts.message, source: alerts.source, status: alerts.status })
        .from(alerts)
        .orderBy(alerts.message);
      expect(rows).toEqual([
        { message: 'm1 C', source: 'threshold:vibration', status: 'cleared' },
        { message: 'm1 D', source: 'threshold:vibration', status: 'active' },
        { message: 'm1 T', source: 'threshold:temperature', status: 'active' },
        { message: 'm2 C', source: 'threshold:vibration', status: 'active' },
        { message: 'm2 silence', source: 'silence', status: 'active' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
