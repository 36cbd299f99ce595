import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { EQUIPMENT_CSV_MAX_ROWS } from '@sentinela/shared/equipment';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

/** A CSV file's lines (without the byte-order mark and the final CRLF). */
function csvLines(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe.each(testDatabaseKinds())('equipment API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let viewerEn: TestClient;
  let alfa = '';
  let beta = '';
  let galpao = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    viewerEn = await server.enrolledClient('victor@example.com', 'viewer', 'en');
    const db = server.database.db;
    const [a, b, big] = await db
      .insert(facilities)
      .values([
        { code: 'alfa', name: 'Fábrica Alfa', city: 'Campinas' },
        { code: 'beta', name: 'Fábrica Beta', city: 'Joinville' },
        { code: 'big', name: 'Zeta Armazém Enorme', city: 'Curitiba' },
      ])
      .returning();
    alfa = a!.id;
    beta = b!.id;
    const [room] = await db.insert(rooms).values({ facilityId: alfa, name: 'Galpão 1' }).returning();
    galpao = room!.id;
    await db.insert(equipment).values([
      {
        id: 'mtr-1',
        name: 'Motor Esteira 01',
        kind: 'motor',
        status: 'online',
        facilityId: alfa,
        roomId: galpao,
        location: 'Galpão 1',
        lastSeenAt: new Date('2026-03-02T11:59:58Z'),
      },
      {
        id: 'mtr-2',
        name: 'Motor Esteira 02',
        kind: 'motor',
        status: 'error',
        facilityId: alfa,
        roomId: galpao,
        location: 'Galpão 1',
      },
      {
        id: 'lgt-1',
        name: 'Luminária 01',
        kind: 'light',
        status: 'online',
        facilityId: alfa,
        roomId: galpao,
        location: 'Galpão 1, fileira 1',
      },
      {
        id: 'lgt-2',
        name: 'Luminária 02',
        kind: 'light',
        status: 'maintenance',
        facilityId: beta,
        location: 'Doca; portão "B"',
      },
      // Would run as formulas in a spreadsheet if written as they are.
      {
        id: 'sns-1',
        name: '=HYPERLINK("http://evil.example","clique")',
        kind: 'sensor',
        status: 'offline',
        facilityId: beta,
        location: '@SUM(1+1)',
      },
      { id: 'emt-1', name: '-2+3', kind: 'meter', status: 'online', facilityId: beta, location: '+cmd|calc' },
    ]);
    // More devices than one CSV may carry, in their own facility.
    const many = Array.from({ length: EQUIPMENT_CSV_MAX_ROWS + 1 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, '0')}`,
      name: `Sensor ${String(i).padStart(5, '0')}`,
      kind: 'sensor' as const,
      status: 'online' as const,
      facilityId: big!.id,
    }));
    for (let i = 0; i < many.length; i += 2000) await db.insert(equipment).values(many.slice(i, i + 2000));
  });
  afterAll(() => server.close());

  it('filters by status, kind, facility, room and search, and pages on the server', async () => {
    const motors = await viewer.trpc.equipment.list.query({ kind: 'motor' });
    expect(motors.items.map((i) => i.id)).toEqual(['mtr-1', 'mtr-2']);
    expect(motors.items[0]).toMatchObject({
      name: 'Motor Esteira 01',
      status: 'online',
      location: 'Galpão 1',
      facilityId: alfa,
      facilityName: 'Fábrica Alfa',
      roomId: galpao,
      roomName: 'Galpão 1',
      lastSeenAt: new Date('2026-03-02T11:59:58Z'),
    });
    expect((await viewer.trpc.equipment.list.query({ status: 'error' })).items.map((i) => i.id)).toEqual(['mtr-2']);
    expect((await viewer.trpc.equipment.list.query({ facilityId: beta })).total).toBe(3);
    expect((await viewer.trpc.equipment.list.query({ roomId: galpao, kind: 'light' })).items.map((i) => i.id)).toEqual([
      'lgt-1',
    ]);
    // By name, id or location, any case.
    expect((await viewer.trpc.equipment.list.query({ search: 'ESTEIRA' })).total).toBe(2);
    expect((await viewer.trpc.equipment.list.query({ search: 'lgt-' })).total).toBe(2);
    expect((await viewer.trpc.equipment.list.query({ search: 'fileira' })).items.map((i) => i.id)).toEqual(['lgt-1']);
    expect((await viewer.trpc.equipment.list.query({ search: 'nada disso' })).total).toBe(0);

    const page = await viewer.trpc.equipment.list.query({ facilityId: alfa, page: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((i) => i.id)).toEqual(['mtr-2']);
  });

  it('exports the filtered list as CSV in the caller’s language, safe to open in a spreadsheet', async () => {
    const pt = await viewer.trpc.equipment.exportCsv.query({ facilityId: beta });
    expect(pt).toMatchObject({ filename: 'equipamentos-2026-03-02.csv', rows: 3, truncated: false });
    const [header, ...rows] = csvLines(pt.csv);
    expect(header).toBe('ID;Nome;Tipo;Status;Instalação;Sala;Localização;Última comunicação (UTC)');
    // Sorted here: where punctuation sorts among letters depends on the database's collation.
    expect(rows.sort()).toEqual([
      // A formula-looking cell gets a leading apostrophe; quotes double; a ';' is quoted.
      `emt-1;'-2+3;Medidor de energia;Online;Fábrica Beta;;'+cmd|calc;`,
      'lgt-2;Luminária 02;Iluminação;Manutenção;Fábrica Beta;;"Doca; portão ""B""";',
      `sns-1;"'=HYPERLINK(""http://evil.example"",""clique"")";Sensor;Offline;Fábrica Beta;;'@SUM(1+1);`,
    ]);

    const en = await viewerEn.trpc.equipment.exportCsv.query({ kind: 'motor', search: 'esteira' });
    expect(en).toMatchObject({ filename: 'equipment-2026-03-02.csv', rows: 2 });
    expect(csvLines(en.csv)).toEqual([
      'ID,Name,Type,Status,Facility,Room,Location,Last seen (UTC)',
      'mtr-1,Motor Esteira 01,Motor,Online,Fábrica Alfa,Galpão 1,Galpão 1,2026-03-02T11:59:58.000Z',
      'mtr-2,Motor Esteira 02,Motor,Error,Fábrica Alfa,Galpão 1,Galpão 1,',
    ]);
    const empty = await viewer.trpc.equipment.exportCsv.query({ status: 'error', kind: 'light' });
    expect(empty.rows).toBe(0);
    expect(csvLines(empty.csv)).toHaveLength(1);
  });

  it('caps the CSV and says so', async () => {
    const all = await viewer.trpc.equipment.exportCsv.query({});
    expect(all).toMatchObject({ rows: EQUIPMENT_CSV_MAX_ROWS, truncated: true });
    expect(csvLines(all.csv)).toHaveLength(EQUIPMENT_CSV_MAX_ROWS + 1);
    const list = await viewer.trpc.equipment.list.query({});
    expect(list.total).toBe(EQUIPMENT_CSV_MAX_ROWS + 7);
  });

  it('refuses bad input with a message in the caller’s language, and strangers', async () => {
    expect(await failure(viewer.trpc.equipment.list.query({ roomId: 'sala-1' }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Dados inválidos: roomId: Sala inválida.',
    });
    expect((await failure(viewerEn.trpc.equipment.exportCsv.query({ facilityId: 'x' }))).message).toBe(
      'Invalid input: facilityId: Invalid facility.',
    );
    expect((await failure(viewer.trpc.equipment.list.query({ status: 'broken' as 'online' }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await failure(viewer.trpc.equipment.list.query({ pageSize: 501 }))).code).toBe('BAD_REQUEST');
    expect((await failure(viewer.trpc.equipment.exportCsv.query({ search: 'z'.repeat(121) }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await failure(server.client().trpc.equipment.exportCsv.query({}))).code).toBe('UNAUTHORIZED');
  });
});
