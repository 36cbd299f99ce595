import { and, count, eq, like } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { equipment, facilities, rooms, telemetry } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const BOM = '\uFEFF';
const csv = (lines: string[]) => `${BOM}${lines.join('\r\n')}\r\n`;

const facilitiesCsv = csv([
  'Código;Nome;Endereço;Cidade;Estado;Latitude;Longitude;Fuso horário',
  'imp-a;Fábrica A;"Rua 1; fundos";Sorocaba;SP;-23,5;-47,45;America/Sao_Paulo',
  'imp-b;Fábrica B;;Itu;SP;;;America/Sao_Paulo',
]);

const roomsCsv = csv([
  'Facility;Room;Type;Area (m²);Min set-point;Max set-point',
  ...Array.from({ length: 5 }, (_, i) => `imp-a;Galpão ${i};Production;1200,5;18;26`),
  ...Array.from({ length: 5 }, (_, i) => `imp-b;Galpão ${i};warehouse;;;`),
]);

const equipmentHeader =
  'Código;Nome;Tipo;Instalação;Sala;Fabricante;Instalação em;powerKw (kW);rpm;powerW (W);Métricas';
const equipmentLine = (i: number) =>
  i % 2 === 0
    ? `imp-m-${i};Bomba ${i};Motor;imp-a;Galpão ${i % 5};WEG;2024-05-10;15,5;1760;;`
    : `imp-l-${i};Luz ${i};Iluminação;imp-b;Galpão ${i % 5};;;;;40;on|powerW`;
const equipmentCsv = csv([equipmentHeader, ...Array.from({ length: 500 }, (_, i) => equipmentLine(i))]);

describe.each(testDatabaseKinds())('registry CSV import on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let adminEn: TestClient;
  let operator: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.enrolledClient('ana@example.com', 'admin');
    adminEn = await server.enrolledClient('adam@example.com', 'admin', 'en');
    operator = await server.enrolledClient('otto@example.com', 'operator');
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const countOf = async (table: typeof equipment | typeof rooms | typeof facilities) =>
    (await db().select({ n: count() }).from(table))[0]!.n;
  const auditCount = async (action: string) =>
    (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;

  it('facilities, rooms, then 500 equipment: a dry run writes nothing, applying writes every line, audited', async () => {
    const dry = await admin.trpc.registry.import.mutate({ entity: 'facilities', csv: facilitiesCsv });
    expect(dry).toMatchObject({
      applied: false,
      counts: { create: 2, update: 0, unchanged: 0, refuse: 0 },
      omitted: 0,
    });
    expect(await countOf(facilities)).toBe(0);
    await admin.trpc.registry.import.mutate({ entity: 'facilities', csv: facilitiesCsv, apply: true });
    const [a] = await db().select().from(facilities).where(eq(facilities.code, 'imp-a'));
    expect(a).toMatchObject({ name: 'Fábrica A', address: 'Rua 1; fundos', latitude: -23.5, longitude: -47.45 });

    const roomsApplied = await admin.trpc.registry.import.mutate({ entity: 'rooms', csv: roomsCsv, apply: true });
    expect(roomsApplied.counts).toEqual({ create: 10, update: 0, unchanged: 0, refuse: 0 });
    const [hall] = await db()
      .select()
      .from(rooms)
      .where(and(eq(rooms.facilityId, a!.id), eq(rooms.name, 'Galpão 3')));
    expect(hall).toMatchObject({ kind: 'production', areaM2: 1200.5, setpointMin: 18, setpointMax: 26 });

    const plan = await admin.trpc.registry.import.mutate({ entity: 'equipment', csv: equipmentCsv });
    expect(plan.counts).toEqual({ create: 500, update: 0, unchanged: 0, refuse: 0 });
    expect(plan.lines[0]).toEqual({ line: 2, key: 'imp-m-0', action: 'create' });
    expect(await countOf(equipment)).toBe(0);

    const applied = await admin.trpc.registry.import.mutate({ entity: 'equipment', csv: equipmentCsv, apply: true });
    expect(applied).toMatchObject({ applied: true, counts: { create: 500 } });
    expect(await countOf(equipment)).toBe(500);
    const [motor] = await db().select().from(equipment).where(eq(equipment.id, 'imp-m-2'));
    expect(motor).toMatchObject({
      kind: 'motor',
      facilityId: a!.id,
      roomId: (
        await db()
          .select()
          .from(rooms)
          .where(and(eq(rooms.facilityId, a!.id), eq(rooms.name, 'Galpão 2')))
      )[0]!.id,
      manufacturer: 'WEG',
      installDate: '2024-05-10',
      rated: { powerKw: 15.5, rpm: 1760 },
      metrics: null,
      state: { on: false },
    });
    const [light] = await db().select().from(equipment).where(eq(equipment.id, 'imp-l-1'));
    expect(light).toMatchObject({ kind: 'light', rated: { powerW: 40 }, metrics: ['on', 'powerW'] });
    expect(await auditCount('equipment.import.create')).toBe(500);
    const [summary] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registry.import'), eq(auditLog.target, 'equipment')));
    expect(summary).toMatchObject({ actorEmail: 'ana@example.com', details: { create: 500, lines: 500 } });
  });

  it('the same file again is all unchanged; an edited line is an update naming its changes', async () => {
    const again = await admin.trpc.registry.import.mutate({ entity: 'equipment', csv: equipmentCsv, apply: true });
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 500, refuse: 0 });
    expect(await auditCount('equipment.import.update')).toBe(0);
    expect(
      (await admin.trpc.registry.import.mutate({ entity: 'facilities', csv: facilitiesCsv })).counts.unchanged,
    ).toBe(2);
    expect((await admin.trpc.registry.import.mutate({ entity: 'rooms', csv: roomsCsv })).counts.unchanged).toBe(10);

    // Columns the file leaves out keep their values; the ones it has are written.
    const edited = csv(['Code;Name;Type;Facility;powerKw (kW)', 'imp-m-0;Bomba nova;motor;imp-a;20']);
    const result = await adminEn.trpc.registry.import.mutate({ entity: 'equipment', csv: edited, apply: true });
    expect(result.lines).toEqual([
      {
        line: 2,
        key: 'imp-m-0',
        action: 'update',
        changes: {
          name: ['Bomba 0', 'Bomba nova'],
          rated: [
            { powerKw: 15.5, rpm: 1760 },
            { powerKw: 20, rpm: 1760 },
          ],
        },
      },
    ]);
    const [row] = await db().select().from(equipment).where(eq(equipment.id, 'imp-m-0'));
    expect(row).toMatchObject({ name: 'Bomba nova', manufacturer: 'WEG', rated: { powerKw: 20, rpm: 1760 } });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'equipment.import.update'), eq(auditLog.target, 'imp-m-0')));
    expect(entry?.details).toMatchObject({ changes: { name: ['Bomba 0', 'Bomba nova'] } });
  });

  it('exports each entity in the import format: the file imports back all unchanged, in both languages', async () => {
    for (const entity of ['facilities', 'rooms', 'equipment'] as const) {
      for (const client of [admin, adminEn]) {
        const file = await client.trpc.registry.export.query({ entity });
        expect(file.csv.startsWith('\uFEFF')).toBe(true);
        expect(file.rows).toBeGreaterThan(0);
        const back = await client.trpc.registry.import.mutate({ entity, csv: file.csv });
        expect(back.counts).toEqual({ create: 0, update: 0, unchanged: file.rows, refuse: 0 });
      }
    }
    const pt = await admin.trpc.registry.export.query({ entity: 'facilities' });
    expect(pt.filename).toMatch(/^instalacoes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(pt.csv.split('\r\n')[0]).toBe('\uFEFFCódigo;Nome;Endereço;Cidade;Estado;Latitude;Longitude;Fuso horário');
    expect(await failure(operator.trpc.registry.export.query({ entity: 'rooms' }))).toMatchObject({ status: 403 });
  });

  it('a bad file is refused line by line, and applying it writes nothing', async () => {
    const before = { equipment: await countOf(equipment), audit: await auditCount('registry.import') };
    const bad = csv([
      equipmentHeader,
      'imp-x-1;Nova;Motor;imp-a;Sala que não existe;;;;;;',
      'imp-x-2;Nova;Motor;imp-a;;;;;;;',
      'imp-x-2;Repetida;Motor;imp-a;;;;;;;',
      'imp-x-3;Nova;Motor;imp-a;;;;muito;;;',
      'imp-x-4;Nova;Motor;imp-zz;;;;;;;',
      'imp-x-5;Nova;Foguete;imp-a;;;;;;;',
      'imp-x-6;Nova;Motor;;;;;;;;',
    ]);
    const dry = await admin.trpc.registry.import.mutate({ entity: 'equipment', csv: bad });
    expect(dry.counts).toEqual({ create: 1, update: 0, unchanged: 0, refuse: 6 });
    const byLine = Object.fromEntries(dry.lines.map((l) => [l.line, l]));
    expect(byLine[2]?.issues).toEqual([{ field: 'room', message: 'Sala não encontrada.' }]);
    expect(byLine[3]?.action).toBe('create');
    expect(byLine[4]?.issues).toEqual([{ field: 'id', message: 'Repete o registro da linha 3.' }]);
    expect(byLine[5]?.issues).toEqual([{ field: 'rated.powerKw', message: 'Informe um número.' }]);
    expect(byLine[6]?.issues).toEqual([{ field: 'facility', message: 'Instalação não encontrada.' }]);
    expect(byLine[7]?.issues).toEqual([{ field: 'kind', message: 'Tipo de equipamento inválido.' }]);
    expect(byLine[8]?.issues).toEqual([{ field: 'facility', message: 'Preencha este campo.' }]);

    const refused = await failure(admin.trpc.registry.import.mutate({ entity: 'equipment', csv: bad, apply: true }));
    expect(refused).toMatchObject({
      status: 400,
      message: '6 linha(s) recusada(s): nada foi gravado. Corrija o arquivo e tente de novo.',
    });
    expect(await countOf(equipment)).toBe(before.equipment);
    expect(await auditCount('registry.import')).toBe(before.audit);

    const badSites = csv(['Code;Name;City;Time zone', 'imp-c;C;Itu;+03:00', 'imp-d;D;Itu;Mars/Olympus']);
    const sites = await adminEn.trpc.registry.import.mutate({ entity: 'facilities', csv: badSites });
    expect(sites.lines.map((l) => l.issues)).toEqual([
      [{ field: 'timezone', message: expect.stringMatching(/time zone/i) }],
      [{ field: 'timezone', message: expect.stringMatching(/time zone/i) }],
    ]);
  });

  it('refuses a room of another facility and a kind change of equipment with history', async () => {
    await admin.trpc.registry.import.mutate({
      entity: 'rooms',
      csv: csv(['Instalação;Sala;Tipo', 'imp-b;Só em B;Escritório']),
      apply: true,
    });
    await db().insert(telemetry).values({ equipmentId: 'imp-m-4', metric: 'rpm', ts: new Date(), value: 1 });
    const result = await admin.trpc.registry.import.mutate({
      entity: 'equipment',
      csv: csv(['Code;Name;Type;Facility;Room', 'imp-m-2;Bomba 2;Motor;imp-a;Só em B', 'imp-m-4;Bomba 4;Light;imp-a;']),
    });
    expect(result.lines.map((l) => l.issues)).toEqual([
      [{ field: 'room', message: 'A sala escolhida é de outra instalação.' }],
      [{ field: 'kind', message: 'O tipo não pode mudar: o equipamento tem histórico.' }],
    ]);
    // Without history the kind may change (its nameplate values of the old kind are dropped).
    const ok = await admin.trpc.registry.import.mutate({
      entity: 'equipment',
      csv: csv(['Code;Name;Type;Facility', 'imp-m-6;Sensor 6;sensor;imp-a']),
      apply: true,
    });
    expect(ok.lines[0]).toMatchObject({ action: 'update', changes: { kind: ['motor', 'sensor'] } });
  });

  it('reads the Gateway column: a gateway of the same file, in its facility; exports it back', async () => {
    const file = csv([
      'Code;Name;Type;Facility;Gateway',
      // The device comes before its gateway in the file: the gateway is written first.
      'imp-s-1;Sensor 1;sensor;imp-a;imp-gw-1',
      'imp-gw-1;Gateway 1;gateway;imp-a;',
      'imp-s-2;Sensor 2;sensor;imp-b;imp-gw-1',
      'imp-s-3;Sensor 3;sensor;imp-a;imp-m-0',
      'imp-s-4;Sensor 4;sensor;imp-a;imp-gw-9',
      'imp-gw-2;Gateway 2;gateway;imp-a;imp-gw-1',
    ]);
    const dry = await adminEn.trpc.registry.import.mutate({ entity: 'equipment', csv: file });
    expect(dry.lines.map((l) => l.issues ?? l.action)).toEqual([
      'create',
      'create',
      [{ field: 'gateway', message: 'The gateway imp-gw-1 belongs to another facility.' }],
      [{ field: 'gateway', message: 'The equipment imp-m-0 is not a gateway.' }],
      [{ field: 'gateway', message: 'Gateway imp-gw-9 not found.' }],
      [{ field: 'gateway', message: 'A gateway cannot have a gateway.' }],
    ]);
    const good = csv([
      'Code;Name;Type;Facility;Gateway',
      'imp-s-1;Sensor 1;sensor;imp-a;imp-gw-1',
      'imp-gw-1;Gateway 1;gateway;imp-a;',
    ]);
    await admin.trpc.registry.import.mutate({ entity: 'equipment', csv: good, apply: true });
    const [sensor] = await db().select().from(equipment).where(eq(equipment.id, 'imp-s-1'));
    expect(sensor?.gatewayId).toBe('imp-gw-1');
    // A file without the column keeps the assignment; a blank cell removes it.
    const kept = await admin.trpc.registry.import.mutate({
      entity: 'equipment',
      csv: csv(['Code;Name;Type;Facility', 'imp-s-1;Sensor um;sensor;imp-a']),
      apply: true,
    });
    expect(kept.lines[0]).toMatchObject({ action: 'update', changes: { name: ['Sensor 1', 'Sensor um'] } });
    const exported = await admin.trpc.registry.export.query({ entity: 'equipment' });
    const [header, ...rows] = exported.csv.slice(1, -2).split('\r\n');
    const column = header!.split(';').indexOf('Gateway');
    expect(column).toBeGreaterThan(0);
    expect(rows.find((r) => r.startsWith('imp-s-1;'))?.split(';')[column]).toBe('imp-gw-1');
    const back = await admin.trpc.registry.import.mutate({ entity: 'equipment', csv: exported.csv });
    expect(back.counts).toMatchObject({ update: 0, refuse: 0 });
    const cleared = await admin.trpc.registry.import.mutate({
      entity: 'equipment',
      csv: csv(['Code;Name;Type;Facility;Gateway', 'imp-s-1;Sensor um;sensor;imp-a;']),
      apply: true,
    });
    expect(cleared.lines[0]).toMatchObject({ action: 'update', changes: { gatewayId: ['imp-gw-1', null] } });
  });

  it('refuses a whole file with an unknown or missing header', async () => {
    const unknown = await failure(
      adminEn.trpc.registry.import.mutate({ entity: 'rooms', csv: 'Facility;Room;Type;Colour\n' }),
    );
    expect(unknown).toMatchObject({
      status: 400,
      message: 'Unknown column in the header: "Colour". Nothing was imported.',
    });
    const missing = await failure(admin.trpc.registry.import.mutate({ entity: 'rooms', csv: 'Sala;Tipo\n' }));
    expect(missing.message).toBe('Falta a coluna obrigatória "Instalação" no cabeçalho. Nada foi importado.');
  });

  it('is for administrators only', async () => {
    const denied = await failure(operator.trpc.registry.import.mutate({ entity: 'facilities', csv: facilitiesCsv }));
    expect(denied.status).toBe(403);
    expect(await auditCount('facilities.import.create')).toBe(2);
  });

  describe('request size', () => {
    const post = (path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      fetch(`${server.base}/api/trpc/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...headers,
        },
        body,
        // A stream is sent in chunks (no Content-Length); Node's fetch then wants `duplex`.
        ...(typeof body === 'string' ? {} : { duplex: 'half' }),
      });
    const importBody = (text: string) =>
      JSON.stringify(superjson.serialize({ entity: 'facilities', csv: text, apply: false }));
    const errorMessage = async (response: Response) =>
      superjson.deserialize<{ message: string }>(((await response.json()) as { error: never }).error).message;

    it('the import takes a file over 1 MB; over 8 MB is a 413', async () => {
      const big = `Code;Name;City;Time zone\nimp-big;${'x'.repeat(2_000_000)};Itu;UTC\n`;
      const taken = await post('registry.import', importBody(big));
      expect(taken.status).toBe(200);
      const answer = superjson.deserialize<{ counts: { refuse: number } }>(
        ((await taken.json()) as { result: { data: never } }).result.data,
      );
      expect(answer.counts.refuse).toBe(1);

      const huge = await post('registry.import', importBody('x'.repeat(8_500_000)));
      expect(huge.status).toBe(413);
      expect(await errorMessage(huge)).toBe('A requisição é grande demais.');
    });

    it('every other call, and the import batched, still refuses more than 1 MB, even sent in chunks', async () => {
      const body = JSON.stringify({ json: { code: 'x'.repeat(1_100_000) } });
      const other = await post('facilities.create', body);
      expect(other.status).toBe(413);
      expect(await errorMessage(other)).toBe('A requisição é grande demais.');
      const batched = await post(
        'registry.import?batch=1',
        JSON.stringify({ 0: { json: { csv: 'x'.repeat(1_100_000) } } }),
      );
      expect(batched.status).toBe(413);

      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 20) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const chunked = await post('facilities.create', stream);
      expect(chunked.status).toBe(413);
    });
  });

  it('keeps earlier tests honest: the audit of imports names its lines', async () => {
    const rows = await db().select().from(auditLog).where(like(auditLog.action, 'rooms.import.%'));
    expect(rows.every((r) => typeof (r.details as { line?: number }).line === 'number')).toBe(true);
  });
});
