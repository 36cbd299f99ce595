import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { seedPlant, T0, T1 } from '../../../test/plant-fixture';

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

describe.each(testDatabaseKinds())('rooms API on %s', (kind) => {
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

  it('lists every room with its facility, equipment by status, power and open alerts', async () => {
    const list = await viewer.trpc.rooms.list.query({});
    expect(list).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(list.items.map((r) => r.name)).toEqual(['Sala A1', 'Sala A2', 'Sala A3', 'Sala B1', 'Sala B2']);
    const [a1, a2, a3, b1, b2] = list.items;
    expect(a1).toEqual({
      id: ids.r.a1,
      name: 'Sala A1',
      kind: 'production',
      facilityId: ids.f.alfa,
      facilityName: 'Fábrica Alfa',
      equipment: counts(3, 3),
      // The room's meter sees everything in the room: its reading, not the devices' sum.
      power: { kw: 50, source: 'meter', asOf: T1 },
      // The cleared alert is not open.
      openAlerts: alerts(1, 1),
    });
    // No meter: the devices' own readings (kW and W), the offline light's stale value and the
    // sensor left out; a device in maintenance still counts what it draws.
    expect(a2?.equipment).toEqual(counts(5, 3, 1, 1));
    expect(a2?.power.source).toBe('devices');
    expect(a2?.power.kw).toBeCloseTo(10.25, 9);
    expect(a2?.power.asOf).toEqual(T1);
    expect(a2?.openAlerts).toEqual(alerts(0, 0));
    expect(a3).toMatchObject({
      equipment: counts(0, 0),
      power: { kw: null, source: null, asOf: null },
      openAlerts: alerts(0, 0),
    });
    // The meter is offline (stale): the devices stand in.
    expect(b1).toMatchObject({
      facilityName: 'Fábrica Beta',
      equipment: counts(2, 0, 1, 0, 1),
      power: { kw: 5, source: 'devices', asOf: T0 },
      openAlerts: alerts(0, 1),
    });
    expect(b2).toMatchObject({ power: { kw: 12, source: 'meter' }, equipment: counts(1, 1) });

    // The summary covers every matching room; the main meter (in no room) is not a room's.
    expect(list.summary.rooms).toBe(5);
    expect(list.summary.equipment).toEqual(counts(11, 7, 2, 1, 1));
    expect(list.summary.powerKw).toBeCloseTo(50 + 10.25 + 5 + 12, 9);
    expect(list.summary.openAlerts).toEqual(alerts(1, 2));
  });

  it('filters by facility and by search (room or facility name), and pages', async () => {
    const beta = await viewer.trpc.rooms.list.query({ facilityId: ids.f.beta });
    expect(beta.items.map((r) => r.name)).toEqual(['Sala B1', 'Sala B2']);
    expect(beta.summary).toMatchObject({
      rooms: 2,
      equipment: counts(3, 1, 1, 0, 1),
      powerKw: 17,
      openAlerts: alerts(0, 1),
    });

    expect((await viewer.trpc.rooms.list.query({ search: '  a2 ' })).items.map((r) => r.id)).toEqual([ids.r.a2]);
    expect((await viewer.trpc.rooms.list.query({ search: 'BETA' })).total).toBe(2);
    // % and _ are literal characters, not wildcards.
    expect((await viewer.trpc.rooms.list.query({ search: '%' })).total).toBe(0);
    expect((await viewer.trpc.rooms.list.query({ search: '   ' })).total).toBe(5);

    const page2 = await viewer.trpc.rooms.list.query({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((r) => r.name)).toEqual(['Sala A3', 'Sala B1']);
    expect(page2.summary.rooms).toBe(5);
    expect((await viewer.trpc.rooms.list.query({ page: 4, pageSize: 2 })).items).toEqual([]);
  });

  it('gives the rooms of a facility for filters', async () => {
    expect(await viewer.trpc.rooms.options.query({ facilityId: ids.f.alfa })).toEqual([
      { id: ids.r.a1, name: 'Sala A1', facilityId: ids.f.alfa, facilityName: 'Fábrica Alfa' },
      { id: ids.r.a2, name: 'Sala A2', facilityId: ids.f.alfa, facilityName: 'Fábrica Alfa' },
      { id: ids.r.a3, name: 'Sala A3', facilityId: ids.f.alfa, facilityName: 'Fábrica Alfa' },
    ]);
    expect(await viewer.trpc.rooms.options.query()).toHaveLength(5);
  });

  it('refuses bad input with a message in the caller’s language, and strangers', async () => {
    expect(await failure(viewer.trpc.rooms.list.query({ facilityId: 'nope' }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Dados inválidos: facilityId: Instalação inválida.',
    });
    expect((await failure(viewerEn.trpc.rooms.list.query({ search: 'x'.repeat(121) }))).message).toBe(
      'Invalid input: search: The search can have at most 120 characters.',
    );
    expect((await failure(viewer.trpc.rooms.list.query({ pageSize: 1000 }))).code).toBe('BAD_REQUEST');
    expect((await failure(viewer.trpc.rooms.list.query({ page: 0 }))).code).toBe('BAD_REQUEST');
    expect((await failure(viewer.trpc.rooms.options.query({ facilityId: '1' }))).code).toBe('BAD_REQUEST');
    expect(await failure(server.client().trpc.rooms.list.query({}))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Please login (10001)',
    });

    const pending = server.client();
    await pending.trpc.auth.register.mutate({
      name: 'Pedro Pendente',
      email: 'pedro@example.com',
      password: 'Turbina#Forte26',
    });
    expect((await failure(pending.trpc.rooms.list.query({}))).code).toBe('FORBIDDEN');
  });
});
