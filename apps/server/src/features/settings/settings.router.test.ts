import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { settings } from '@sentinela/db/schema/settings';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { defaultEnergyTariff, type EnergyTariff } from '@sentinela/shared/settings';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

describe.each(testDatabaseKinds())('energy tariff setting on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let admin: TestClient;
  let adminEn: TestClient;
  const azul: EnergyTariff = {
    ...defaultEnergyTariff,
    modality: 'azul',
    peakRate: 2.5,
    peakStart: '17:30',
    peakEnd: '20:30',
    contractedPeakDemandKw: 300,
    flag: 'vermelha1',
    meterReadingDay: 12,
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    adminEn = await server.enrolledClient('alan@example.com', 'admin', 'en');
  });
  afterAll(() => server.close());

  it('reads the defaults until an administrator saves a tariff, audited with the old and new value', async () => {
    expect(await viewer.trpc.settings.energyTariff.query()).toEqual(defaultEnergyTariff);
    expect(await admin.trpc.settings.setEnergyTariff.mutate(azul)).toEqual(azul);
    expect(await viewer.trpc.settings.energyTariff.query()).toEqual(azul);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.setEnergyTariff'));
    expect(entry).toMatchObject({ result: 'success', actorEmail: 'ana@example.com', target: 'energyTariff' });
    expect(entry!.details).toEqual({ before: defaultEnergyTariff, after: azul });
    // A second save replaces the one row.
    await admin.trpc.settings.setEnergyTariff.mutate({ ...azul, flag: 'verde' });
    const rows = await server.database.db.select().from(settings).where(eq(settings.key, 'energyTariff'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatchObject({ flag: 'verde', modality: 'azul' });
  });

  it('refuses viewers, and bad tariffs with a clear message per field (never a 500)', async () => {
    expect(await failure(viewer.trpc.settings.setEnergyTariff.mutate(azul))).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(admin.trpc.settings.setEnergyTariff.mutate({ ...azul, peakStart: '21:00', peakEnd: '18:00' })),
    ).toMatchObject({ code: 'BAD_REQUEST', status: 400, message: expect.stringContaining('ponta') });
    expect(await failure(adminEn.trpc.settings.setEnergyTariff.mutate({ ...azul, demandRate: -1 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('zero or more'),
    });
    expect(await failure(admin.trpc.settings.setEnergyTariff.mutate({ ...azul, peakStart: '25:00' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('HH:MM'),
    });
    expect((await viewer.trpc.settings.energyTariff.query()).flag).toBe('verde');
  });
});
