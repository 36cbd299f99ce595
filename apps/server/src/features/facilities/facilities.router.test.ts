import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { seedPlant, T1 } from '../../../test/plant-fixture';

const counts = (total: number, online: number, offline = 0, maintenance = 0, error = 0) => ({
  total,
  online,
  offline,
  maintenance,
  error,
});
const alerts = (critical: number, warning: number, info = 0) => ({
  total: critical + warning + info,
  critical,
  warning,
  info,
});

describe.each(testDatabaseKinds())('facilities API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let viewerEn: TestClient;
  let ids: Awaited<ReturnType<typeof seedPlant>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    viewerEn = await server.enrolledClient('victor@example.com', 'viewer', 'en');
    ids = await seedPlant(server.database.db);
  });
  afterAll(() => server.close());

  it('lists each facility with rooms, equipment by status and kind, power and open alerts', async () => {
    const list = await viewer.trpc.facilities.list.query({});
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 12 });
    const [alfa, beta] = list.items;
    expect(alfa).toEqual({
      id: ids.f.alfa,
      code: 'alfa',
      name: 'Fábrica Alfa',
      city: 'Campinas',
      state: 'SP',
      latitude: -22.9,
      longitude: -47.06,
      timezone: 'America/Sao_Paulo',
      rooms: 3,
      equipment: counts(9, 7, 1, 1),
      byKind: { motor: 2, light: 3, hvac: 1, meter: 2, server: 0, sensor: 1, gateway: 0 },
      // The incoming-supply meter sees the whole site.
      power: { kw: 70, source: 'mainMeter', asOf: T1 },
      // The main meter's alert counts for the facility; the cleared one does not.
      openAlerts: alerts(1, 2),
    });
    // No main meter: the sum of the rooms' figures (B1 from its devices, B2 from its meter),
    // exactly what the Rooms page shows for them.
    expect(beta).toMatchObject({
      name: 'Fábrica Beta',
      state: 'SC',
      latitude: null,
      longitude: null,
      rooms: 2,
      equipment: counts(3, 1, 1, 0, 1),
      power: { kw: 17, source: 'rooms' },
      openAlerts: alerts(0, 1),
    });
    const rooms = await viewer.trpc.rooms.list.query({ facilityId: ids.f.beta });
    expect(beta?.power.kw).toBe(rooms.summary.powerKw);

    expect(list.summary).toEqual({
      facilities: 2,
      rooms: 5,
      equipment: counts(12, 8, 2, 1, 1),
      powerKw: 87,
      openAlerts: alerts(1, 3),
    });
  });

  it('falls back to the rooms when the main meter goes silent, and searches and pages', async () => {
    await server.database.db.update(equipment).set({ status: 'offline' }).where(eq(equipment.id, 'emt-a0'));
    const [alfa] = (await viewer.trpc.facilities.list.query({ search: 'alfa' })).items;
    expect(alfa?.power.source).toBe('rooms');
    expect(alfa?.power.kw).toBeCloseTo(60.25, 9);
    await server.database.db.update(equipment).set({ status: 'online' }).where(eq(equipment.id, 'emt-a0'));

    expect((await viewer.trpc.facilities.list.query({ search: 'joinville' })).items.map((f) => f.code)).toEqual([
      'beta',
    ]);
    expect((await viewer.trpc.facilities.list.query({ search: 'sp' })).items.map((f) => f.code)).toEqual(['alfa']);
    const none = await viewer.trpc.facilities.list.query({ search: 'nada' });
    expect(none).toMatchObject({
      items: [],
      total: 0,
      summary: { facilities: 0, rooms: 0, powerKw: null, equipment: counts(0, 0) },
    });
    const page2 = await viewer.trpc.facilities.list.query({ page: 2, pageSize: 1 });
    expect(page2.items.map((f) => f.code)).toEqual(['beta']);
    expect(page2.summary.facilities).toBe(2);
  });

  it('gives every facility for filters, with the time zone its times are shown in', async () => {
    expect(await viewer.trpc.facilities.options.query()).toEqual([
      { id: ids.f.alfa, name: 'Fábrica Alfa', code: 'alfa', timezone: 'America/Sao_Paulo' },
      { id: ids.f.beta, name: 'Fábrica Beta', code: 'beta', timezone: 'America/Sao_Paulo' },
    ]);
  });

  it('refuses bad input with a message, and strangers', async () => {
    expect(await failure(viewerEn.trpc.facilities.list.query({ pageSize: 0 }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    });
    expect((await failure(viewer.trpc.facilities.list.query({ search: 'y'.repeat(200) }))).message).toBe(
      'Dados inválidos: search: A busca pode ter no máximo 120 caracteres.',
    );
    expect((await failure(server.client().trpc.facilities.list.query({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(server.client().trpc.facilities.options.query())).code).toBe('UNAUTHORIZED');
  });
});
