import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  dataCenters,
  equipment,
  equipmentStatusChanges,
  facilities,
  rooms,
  telemetry1h,
} from '@sentinela/db/schema/plant';
import { seedDemoSite } from '@sentinela/db/seed/demo-site';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MONTH_S = 30 * 86_400;

describe.each(testDatabaseKinds())('data centers API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  const site: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    const db = server.database.db;
    const now = server.clock.now().getTime();
    const at = (msAgo: number) => new Date(now - msAgo);

    const [fp, fd, fe] = await db
      .insert(facilities)
      .values([
        { code: 'sp', name: 'Planta SP', city: 'Campinas' },
        { code: 'rj', name: 'DC Rio', city: 'Rio de Janeiro' },
        { code: 'sc', name: 'CD Joinville', city: 'Joinville' },
      ])
      .returning();
    const [serverRoom, office, rioRoom] = await db
      .insert(rooms)
      .values([
        { facilityId: fp!.id, name: 'Sala de Servidores', kind: 'server-room' },
        { facilityId: fp!.id, name: 'Escritório', kind: 'office' },
        { facilityId: fd!.id, name: 'Sala de Dados', kind: 'server-room' },
      ])
      .returning();
    await db.insert(equipment).values([
      { id: 'r1', name: 'Rack A01', kind: 'server', status: 'online', facilityId: fp!.id, roomId: serverRoom!.id },
      { id: 'r2', name: 'Rack A02', kind: 'server', status: 'online', facilityId: fp!.id, roomId: serverRoom!.id },
      {
        id: 'mp',
        name: 'Medidor Sala de Servidores',
        kind: 'meter',
        status: 'online',
        facilityId: fp!.id,
        roomId: serverRoom!.id,
      },
      // Neither the office's meter nor the plant's motors are the data center's.
      { id: 'mo', name: 'Medidor Escritório', kind: 'meter', status: 'online', facilityId: fp!.id, roomId: office!.id },
      { id: 'mt', name: 'Motor', kind: 'motor', status: 'online', facilityId: fp!.id, roomId: office!.id },
      { id: 'd1', name: 'Rack B01', kind: 'server', status: 'online', facilityId: fd!.id, roomId: rioRoom!.id },
      { id: 'd2', name: 'Rack B02', kind: 'server', status: 'offline', facilityId: fd!.id, roomId: rioRoom!.id },
      { id: 'dh', name: 'Ar de Precisão', kind: 'hvac', status: 'online', facilityId: fd!.id, roomId: rioRoom!.id },
      { id: 'e1', name: 'Rack E01', kind: 'server', status: 'maintenance', facilityId: fe!.id },
    ]);
    const rows = await db
      .insert(dataCenters)
      .values([
        {
          name: 'DC Campinas',
          region: 'Sudeste',
          latitude: -22.9,
          longitude: -47.06,
          function: 'primary',
          ipAddress: '10.0.0.1',
          facilityId: fp!.id,
        },
        {
          name: 'DC Rio',
          region: 'Rio',
          latitude: -22.9,
          longitude: -43.17,
          function: 'disaster-recovery',
          ipAddress: '10.0.0.2',
          facilityId: fd!.id,
        },
        {
          name: 'Edge Joinville',
          region: 'Sul',
          latitude: -26.3,
          longitude: -48.85,
          function: 'edge',
          ipAddress: '10.0.0.3',
          facilityId: fe!.id,
        },
        {
          name: 'Edge Santos',
          region: 'Sudeste',
          latitude: -23.96,
          longitude: -46.33,
          function: 'edge',
          ipAddress: '10.0.0.4',
          facilityId: null,
        },
      ])
      .returning();
    for (const row of rows) site[row.name] = row.id;

    // Hourly power means over the last 24 h: racks 5 and 3 kW, the server room's meter 10 kW.
    const hourly = (id: string, kw: number, hoursAgo: number, metric = 'powerKw') => ({
      equipmentId: id,
      metric,
      bucket: at(hoursAgo * HOUR_MS),
      count: 720,
      sum: kw * 720,
      min: kw * 0.9,
      max: kw * 1.1,
    });
    await db.insert(telemetry1h).values([
      ...[2, 5, 9].flatMap((h) => [
        hourly('r1', 5, h),
        hourly('r2', 3, h),
        hourly('mp', 10, h),
        hourly('mo', 40, h),
        hourly('mt', 30, h),
      ]),
      // Outside the 24-h window, and another metric: neither counts.
      hourly('mp', 500, 30),
      hourly('r1', 25, 3, 'inletTemp'),
      hourly('d1', 4, 1),
    ]);

    // The racks' status history (what uptime reads), and the silence alerts of the same story.
    const down = (
      equipmentId: string,
      wentAgo: number,
      backAgo: number | null,
      to: 'offline' | 'error' = 'offline',
    ) => [
      { equipmentId, at: at(wentAgo), fromStatus: 'online' as const, toStatus: to },
      ...(backAgo === null ? [] : [{ equipmentId, at: at(backAgo), fromStatus: to, toStatus: 'online' as const }]),
    ];
    await db.insert(equipmentStatusChanges).values([
      // 72 min two days ago; 1 h of one that straddles the start of a 30-day window; one too old.
      ...down('r1', 2 * DAY_MS, 2 * DAY_MS - 72 * 60_000),
      ...down('r2', 40 * DAY_MS, 40 * DAY_MS - HOUR_MS),
      ...down('r2', 30 * DAY_MS + HOUR_MS, 30 * DAY_MS - HOUR_MS, 'error'),
      // Still down: 3 h so far.
      ...down('d2', 3 * HOUR_MS, null),
      // In maintenance since yesterday: planned, not down.
      { equipmentId: 'e1', at: at(DAY_MS), fromStatus: 'online' as const, toStatus: 'maintenance' as const },
    ]);
    const silence = (equipmentId: string, raisedAgo: number, clearedAgo: number | null) => ({
      source: 'silence',
      equipmentId,
      severity: 'warning' as const,
      message: 'Sem dados',
      raisedAt: at(raisedAgo),
      status: clearedAgo === null ? ('active' as const) : ('cleared' as const),
      clearedAt: clearedAgo === null ? null : at(clearedAgo),
    });
    await db.insert(alerts).values([
      silence('d2', 3 * HOUR_MS, null),
      // A silence alert the status history does not tell (a row from before it): not downtime.
      silence('d1', 5 * DAY_MS, 5 * DAY_MS - 10 * HOUR_MS),
      // Not a rack: no part of uptime, but an open alert in the server room.
      { source: 'event:filter', equipmentId: 'dh', severity: 'info', message: 'Filtro', raisedAt: at(HOUR_MS) },
      // The plant's motor is not the data center's.
      { source: 'event:x', equipmentId: 'mt', severity: 'critical', message: 'Motor', raisedAt: at(HOUR_MS) },
    ]);
  });
  afterAll(() => server.close());

  it('computes servers, status, uptime from the status history and PUE from the meters, per site', async () => {
    const overview = await viewer.trpc.datacenters.overview.query({});
    expect(overview.uptimeDays).toBe(30);
    expect(overview.pueWindowHours).toBe(24);
    expect(overview.sites.map((s) => s.name)).toEqual(['DC Campinas', 'DC Rio', 'Edge Joinville', 'Edge Santos']);
    const [campinas, rio, joinville, santos] = overview.sites;

    expect(campinas).toMatchObject({
      function: 'primary',
      status: 'online',
      servers: 2,
      serversOnline: 2,
      openAlerts: 0,
    });
    expect(campinas?.facility).toMatchObject({ name: 'Planta SP', city: 'Campinas' });
    expect(campinas?.itPowerKw).toBeCloseTo(8, 6);
    expect(campinas?.facilityPowerKw).toBeCloseTo(10, 6);
    expect(campinas?.pue).toBeCloseTo(1.25, 6);
    expect(campinas?.downtimeMinutes).toBeCloseTo(132, 6);
    expect(campinas?.uptime).toBeCloseTo(1 - (132 * 60) / (2 * MONTH_S), 9);

    expect(rio).toMatchObject({
      status: 'degraded',
      servers: 2,
      serversOnline: 1,
      facilityPowerKw: null,
      pue: null,
      openAlerts: 2,
    });
    expect(rio?.itPowerKw).toBeCloseTo(4, 6);
    expect(rio?.uptime).toBeCloseTo(1 - (180 * 60) / (2 * MONTH_S), 9);

    // In maintenance: no rack online, yet it was never silent.
    expect(joinville).toMatchObject({
      status: 'offline',
      servers: 1,
      serversOnline: 0,
      uptime: 1,
      itPowerKw: null,
      pue: null,
    });
    expect(santos).toMatchObject({
      facility: null,
      status: 'offline',
      servers: 0,
      uptime: null,
      downtimeMinutes: 0,
      openAlerts: 0,
    });

    expect(overview.summary).toEqual({
      total: 4,
      regions: 3,
      // Sudeste (Campinas online) and Rio (degraded); Sul's only site is offline.
      activeRegions: 2,
      servers: 5,
      averageUptime: ((campinas?.uptime ?? 0) + (rio?.uptime ?? 0) + 1) / 3,
    });
    expect(overview.links).toEqual([
      { from: site['DC Campinas'], to: site['DC Rio'], kind: 'replication', status: 'degraded' },
      { from: site['DC Campinas'], to: site['Edge Joinville'], kind: 'edge-sync', status: 'offline' },
      { from: site['DC Campinas'], to: site['Edge Santos'], kind: 'edge-sync', status: 'offline' },
    ]);
  });

  it("takes the uptime window from the input, and refuses a bad one in the caller's language", async () => {
    const week = await viewer.trpc.datacenters.overview.query({ uptimeDays: 7 });
    expect(week.sites[0]?.downtimeMinutes).toBeCloseTo(72, 6);
    expect(week.sites[0]?.uptime).toBeCloseTo(1 - (72 * 60) / (2 * 7 * 86_400), 9);

    expect(await failure(viewer.trpc.datacenters.overview.query({ uptimeDays: 0 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Dados inválidos: uptimeDays: Escolha um período de 1 a 365 dias inteiros.',
    });
    const english = await server.enrolledClient('eve@example.com', 'viewer', 'en');
    expect(await failure(english.trpc.datacenters.overview.query({ uptimeDays: 1.5 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid input: uptimeDays: Choose a period of 1 to 365 whole days.',
    });
    expect((await failure(viewer.trpc.datacenters.overview.query({ uptimeDays: 'x' as unknown as number }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('answers only signed-in users', async () => {
    expect(await failure(server.client().trpc.datacenters.overview.query({}))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Please login (10001)',
    });
  });
});

describe.each(testDatabaseKinds())('data centers of the demo site on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemoSite(server.database.db, { now: server.clock.now(), seed: 11 });
  }, 120_000);
  afterAll(() => server.close());

  it('backs all three sites with racks, meters and a status history', async () => {
    const viewer = await server.enrolledClient('vic@example.com', 'viewer');
    const { sites, summary, links } = await viewer.trpc.datacenters.overview.query({});
    expect(sites.map((s) => [s.name, s.function])).toEqual([
      ['Data Center Campinas', 'primary'],
      ['Data Center Rio de Janeiro', 'disaster-recovery'],
      ['Edge Joinville', 'edge'],
    ]);
    for (const s of sites) {
      expect(s.facility, s.name).not.toBeNull();
      expect(s.servers, s.name).toBeGreaterThan(0);
      expect(s.status, s.name).toBe('online');
      // Every site had a rack go silent at some point, never for long.
      expect(s.uptime, s.name).toBeGreaterThan(0.99);
      expect(s.uptime, s.name).toBeLessThan(1);
      // Cooling, lights and losses on top of the racks: a believable PUE.
      expect(s.pue, s.name).toBeGreaterThan(1.05);
      expect(s.pue, s.name).toBeLessThan(2);
    }
    expect(summary).toMatchObject({
      total: 3,
      regions: 3,
      activeRegions: 3,
      servers: sites.reduce((n, s) => n + s.servers, 0),
    });
    expect(links.map((l) => l.kind)).toEqual(['replication', 'edge-sync']);
  });
});
