import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { defaultMigrationsFolder, migrateDatabase } from './migrate';
import { alertRules, alerts, equipment, facilities } from './schema/plant';

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
      const rule = (name: string, metric: string, threshold: number, severity: 'warning' | 'critical') => ({
        name,
        kind: 'motor' as const,
        metric,
        comparison: 'above' as const,
        threshold,
        clearAt: threshold - 0.5,
        severity,
      });
      const [zoneC, zoneD, hot] = await db
        .insert(alertRules)
        .values([
          rule('C', 'vibration', 4.5, 'warning'),
          rule('D', 'vibration', 7.1, 'critical'),
          rule('T', 'temperature', 80, 'warning'),
        ])
        .returning();
      const alert = (
        equipmentId: string,
        ruleId: string,
        severity: 'warning' | 'critical',
        status = 'active' as const,
      ) => ({
        source: `threshold:${ruleId}`,
        ruleId,
        equipmentId,
        severity,
        message: severity,
        status,
      });
      await db.insert(alerts).values([
        // The duplicate of issue 11: zones C and D open together on one motor.
        { ...alert('m1', zoneC!.id, 'warning'), message: 'm1 C' },
        { ...alert('m1', zoneD!.id, 'critical'), message: 'm1 D' },
        { ...alert('m1', hot!.id, 'warning'), message: 'm1 T' },
        { ...alert('m2', zoneC!.id, 'warning'), message: 'm2 C' },
        { source: 'silence', equipmentId: 'm2', severity: 'warning', message: 'm2 silence' },
      ]);

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
