import { TRPCClientError } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { telemetry } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

/** The field issues of a refused call (error.data.issues), as `{ path: message }`. */
async function issuesOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const data = (error as { data?: { httpStatus?: number; issues?: { path: string; message: string }[] } }).data;
  expect(data?.httpStatus).toBe(400);
  return Object.fromEntries((data?.issues ?? []).map((issue) => [issue.path, issue.message]));
}

const site = {
  code: 'sorocaba',
  name: 'Fábrica Sorocaba',
  address: 'Av. Industrial, 1000',
  city: 'Sorocaba',
  state: 'SP',
  latitude: -23.5,
  longitude: -47.45,
  timezone: 'America/Sao_Paulo',
};

describe.each(testDatabaseKinds())('plant registry on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let adminEn: TestClient;
  let operator: TestClient;
  let viewer: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.enrolledClient('ana@example.com', 'admin');
    adminEn = await server.enrolledClient('adam@example.com', 'admin', 'en');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
  });
  afterAll(() => server.close());

  const auditOf = (action: string, target: string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  it('an admin sets up a facility, a room and a motor that then appear in the lists', async () => {
    const facility = await admin.trpc.facilities.create.mutate(site);
    expect(facility).toMatchObject({ code: 'sorocaba', name: 'Fábrica Sorocaba', timezone: 'America/Sao_Paulo' });
    const room = await admin.trpc.rooms.create.mutate({
      facilityId: facility.id,
      name: 'Galpão 1',
      kind: 'production',
      areaM2: 1200,
      setpointMin: 18,
      setpointMax: 26,
    });
    const motor = await admin.trpc.equipment.create.mutate({
      id: 'so-mtr-001',
      facilityId: facility.id,
      roomId: room.id,
      kind: 'motor',
      name: 'Bomba 01',
      manufacturer: 'WEG',
      model: 'W22',
      serial: 'SN-1',
      installDate: '2024-05-10',
      rated: { powerKw: 15, voltageV: 380, currentA: 28.5, rpm: 1760, ieClass: 3 },
    });
    expect(motor).toMatchObject({
      id: 'so-mtr-001',
      kind: 'motor',
      installDate: '2024-05-10',
      // No list given: the kind's device model.
      metrics: ['temperature', 'vibration', 'current', 'efficiency', 'rpm', 'powerKw'],
      retiredAt: null,
      hasHistory: false,
    });

    const motors = await viewer.trpc.motors.list.query({ facilityId: facility.id });
    expect(motors.items.map((m) => m.id)).toEqual(['so-mtr-001']);
    const rooms = await viewer.trpc.rooms.list.query({ facilityId: facility.id });
    expect(rooms.items.map((r) => r.name)).toEqual(['Galpão 1']);

    const created = await auditOf('facilities.create', 'sorocaba');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ result: 'success', actorEmail: 'ana@example.com' });
  });

  it('edits are audited with the old and new values; a move names itself', async () => {
    const facility = await admin.trpc.facilities.create.mutate({ ...site, code: 'itu', name: 'Itu' });
    const [r1, r2] = await Promise.all(
      ['Sala 1', 'Sala 2'].map((name) =>
        admin.trpc.rooms.create.mutate({ facilityId: facility.id, name, kind: 'office' }),
      ),
    );
    const updated = await admin.trpc.facilities.update.mutate({ ...site, id: facility.id, name: 'Itu 2', city: 'Itu' });
    expect(updated).toMatchObject({ code: 'itu', name: 'Itu 2', city: 'Itu' });
    const [entry] = await auditOf('facilities.update', 'itu');
    expect(entry?.details).toEqual({
      id: facility.id,
      changes: { name: ['Itu', 'Itu 2'], city: ['Sorocaba', 'Itu'] },
    });

    const fields = { facilityId: facility.id, roomId: r1!.id, kind: 'light' as const, name: 'Luz 1' };
    await admin.trpc.equipment.create.mutate({ id: 'itu-lgt-1', ...fields, rated: { powerW: 40 } });
    const moved = await admin.trpc.equipment.update.mutate({ id: 'itu-lgt-1', ...fields, roomId: r2!.id });
    expect(moved.roomId).toBe(r2!.id);
    const [move] = await auditOf('equipment.move', 'itu-lgt-1');
    expect(move?.details).toMatchObject({ changes: { roomId: [r1!.id, r2!.id], rated: [{ powerW: 40 }, {}] } });
  });

  it('retires (hidden from live lists, kept with its history), restores, and deletes only what has no history', async () => {
    const facility = await admin.trpc.facilities.create.mutate({ ...site, code: 'jundiai', name: 'Jundiaí' });
    const base = { facilityId: facility.id, kind: 'motor' as const, rated: {} };
    await admin.trpc.equipment.create.mutate({ id: 'ju-mtr-1', name: 'Motor 1', ...base });
    await admin.trpc.equipment.create.mutate({ id: 'ju-mtr-2', name: 'Motor 2', ...base });
    await server.database.db
      .insert(telemetry)
      .values({ equipmentId: 'ju-mtr-1', metric: 'temperature', ts: new Date(), value: 40 });

    expect(await failure(admin.trpc.equipment.delete.mutate({ id: 'ju-mtr-1' }))).toMatchObject({
      status: 409,
      message: 'O equipamento tem histórico (leituras, comandos ou alertas): desative-o em vez de excluí-lo.',
    });
    const retired = await admin.trpc.equipment.retire.mutate({ id: 'ju-mtr-1' });
    expect(retired.retiredAt).toEqual(server.clock.now());
    expect(retired.hasHistory).toBe(true);
    const listed = await viewer.trpc.motors.list.query({ facilityId: facility.id });
    expect(listed.items.map((m) => m.id)).toEqual(['ju-mtr-2']);
    const all = await viewer.trpc.equipment.list.query({ facilityId: facility.id });
    expect(all.items.map((m) => m.id)).toEqual(['ju-mtr-2']);
    expect(await failure(admin.trpc.equipment.retire.mutate({ id: 'ju-mtr-1' }))).toMatchObject({ status: 409 });
    // A retired motor takes no command, not even off.
    expect(await failure(operator.trpc.motors.setPower.mutate({ id: 'ju-mtr-1', on: false }))).toMatchObject({
      status: 409,
      message: 'O equipamento está desativado.',
    });

    const restored = await admin.trpc.equipment.restore.mutate({ id: 'ju-mtr-1' });
    expect(restored.retiredAt).toBeNull();
    expect((await viewer.trpc.motors.list.query({ facilityId: facility.id })).total).toBe(2);

    expect(await admin.trpc.equipment.delete.mutate({ id: 'ju-mtr-2' })).toEqual({ id: 'ju-mtr-2' });
    expect(await failure(admin.trpc.equipment.get.query({ id: 'ju-mtr-2' }))).toMatchObject({ status: 404 });
    expect(await auditOf('equipment.delete', 'ju-mtr-2')).toHaveLength(1);
  });

  it('deletes a facility or room only when empty', async () => {
    const facility = await admin.trpc.facilities.create.mutate({ ...site, code: 'limeira', name: 'Limeira' });
    const room = await admin.trpc.rooms.create.mutate({ facilityId: facility.id, name: 'Oficina', kind: 'utility' });
    expect(await failure(admin.trpc.facilities.delete.mutate({ id: facility.id }))).toMatchObject({
      status: 409,
      message: 'A instalação tem salas ou equipamentos: remova-os antes de excluí-la.',
    });
    await admin.trpc.equipment.create.mutate({
      id: 'li-sns-1',
      facilityId: facility.id,
      roomId: room.id,
      kind: 'sensor',
      name: 'Sensor',
    });
    expect(await failure(admin.trpc.rooms.delete.mutate({ id: room.id }))).toMatchObject({ status: 409 });
    await admin.trpc.equipment.delete.mutate({ id: 'li-sns-1' });
    await admin.trpc.rooms.delete.mutate({ id: room.id });
    await admin.trpc.facilities.delete.mutate({ id: facility.id });
    expect(await failure(admin.trpc.facilities.get.query({ id: facility.id }))).toMatchObject({ status: 404 });
  });

  it('refuses bad input field by field, in the caller language, writing nothing', async () => {
    expect(
      await issuesOf(
        admin.trpc.facilities.create.mutate({
          ...site,
          code: 'Bad Code!',
          timezone: 'Mars/Olympus',
          latitude: 100,
          name: ' ',
        }),
      ),
    ).toEqual({
      code: 'Use de 2 a 32 letras minúsculas, dígitos ou hífens (ex.: campinas-2).',
      timezone: 'Fuso horário desconhecido: use um nome IANA, como America/Sao_Paulo.',
      latitude: 'Valor fora da faixa permitida.',
      name: 'Preencha este campo.',
    });
    const en = await issuesOf(adminEn.trpc.facilities.create.mutate({ ...site, code: 'x y', longitude: null }));
    expect(en).toEqual({
      code: 'Use 2 to 32 lower-case letters, digits or dashes (e.g. campinas-2).',
      longitude: 'Enter both latitude and longitude, or neither.',
    });
    const facility = await admin.trpc.facilities.create.mutate({ ...site, code: 'salto', name: 'Salto' });
    const equipmentIssues = await issuesOf(
      admin.trpc.equipment.create.mutate({
        id: 'sa-mtr-1',
        facilityId: facility.id,
        kind: 'motor',
        name: 'Motor',
        installDate: '2999-01-01',
        rated: { powerKw: -1, powerW: 5 },
        metrics: ['ok', 'not a metric'],
      }),
    );
    expect(equipmentIssues).toEqual({
      installDate: 'A data não pode estar no futuro.',
      'rated.powerKw': 'Valor fora da faixa permitida.',
      'rated.powerW': 'Dado de placa que este tipo de equipamento não tem.',
      'metrics.1': 'Métrica inválida.',
    });
    // Text where a number goes, and a NUL character: refused, not a 500.
    await issuesOf(
      admin.trpc.rooms.create.mutate({ facilityId: facility.id, name: 'X', kind: 'office', areaM2: 'big' as never }),
    );
    expect(
      await issuesOf(admin.trpc.rooms.create.mutate({ facilityId: facility.id, name: 'A\u0000B', kind: 'office' })),
    ).toEqual({ name: 'O texto tem caracteres de controle não permitidos.' });
    expect((await viewer.trpc.equipment.list.query({ facilityId: facility.id })).total).toBe(0);
  });

  it('refuses clashes: a taken code, a room name taken in the facility, a room of another facility', async () => {
    const [a, b] = await Promise.all(
      ['tatui', 'boituva'].map((code) => admin.trpc.facilities.create.mutate({ ...site, code, name: code })),
    );
    expect(await failure(admin.trpc.facilities.create.mutate({ ...site, code: 'tatui' }))).toMatchObject({
      status: 409,
      message: 'Já existe uma instalação com o código tatui.',
    });
    const room = await admin.trpc.rooms.create.mutate({ facilityId: a!.id, name: 'Sala', kind: 'office' });
    expect(
      await failure(admin.trpc.rooms.create.mutate({ facilityId: a!.id, name: 'Sala', kind: 'utility' })),
    ).toMatchObject({ status: 409, message: 'Já existe uma sala Sala nesta instalação.' });
    // The same name in another facility is another room.
    await admin.trpc.rooms.create.mutate({ facilityId: b!.id, name: 'Sala', kind: 'office' });
    const motor = { facilityId: b!.id, roomId: room.id, kind: 'motor' as const, name: 'M' };
    expect(await failure(admin.trpc.equipment.create.mutate({ id: 'bo-1', ...motor }))).toMatchObject({
      status: 400,
      message: 'A sala escolhida é de outra instalação.',
    });
    await admin.trpc.equipment.create.mutate({ id: 'bo-1', ...motor, roomId: null });
    expect(await failure(adminEn.trpc.equipment.create.mutate({ id: 'bo-1', ...motor, roomId: null }))).toMatchObject({
      status: 409,
      message: 'Equipment with the code bo-1 already exists.',
    });
  });

  it('assigns a device to a gateway in service of its facility; refuses any other', async () => {
    const [a, b] = await Promise.all(
      ['porto-feliz', 'cerquilho'].map((code) => admin.trpc.facilities.create.mutate({ ...site, code, name: code })),
    );
    const base = { facilityId: a!.id, rated: {} };
    await admin.trpc.equipment.create.mutate({ id: 'pf-gw-1', kind: 'gateway', name: 'Gateway 1', ...base });
    await admin.trpc.equipment.create.mutate({ id: 'pf-gw-2', kind: 'gateway', name: 'Gateway 2', ...base });
    await admin.trpc.equipment.create.mutate({ id: 'ce-gw-1', kind: 'gateway', name: 'Gateway', facilityId: b!.id });
    const motor = { id: 'pf-mtr-1', kind: 'motor' as const, name: 'Motor', ...base };
    const created = await admin.trpc.equipment.create.mutate({ ...motor, gatewayId: 'pf-gw-1' });
    expect(created.gatewayId).toBe('pf-gw-1');
    expect((await admin.trpc.equipment.get.query({ id: 'pf-mtr-1' })).gatewayId).toBe('pf-gw-1');

    expect(await failure(admin.trpc.equipment.update.mutate({ ...motor, gatewayId: 'ce-gw-1' }))).toMatchObject({
      status: 400,
      message: 'O gateway ce-gw-1 é de outra instalação.',
    });
    expect(await failure(adminEn.trpc.equipment.update.mutate({ ...motor, gatewayId: 'so-mtr-001' }))).toMatchObject({
      status: 400,
      message: 'The equipment so-mtr-001 is not a gateway.',
    });
    expect(await failure(admin.trpc.equipment.update.mutate({ ...motor, gatewayId: 'no-such' }))).toMatchObject({
      status: 400,
      message: 'Gateway no-such não encontrado.',
    });
    expect(await issuesOf(admin.trpc.equipment.update.mutate({ ...motor, gatewayId: 'pf-mtr-1' }))).toEqual({
      gatewayId: 'Um equipamento não pode ser o próprio gateway.',
    });
    expect(
      await issuesOf(
        admin.trpc.equipment.update.mutate({
          id: 'pf-gw-2',
          kind: 'gateway',
          name: 'G',
          ...base,
          gatewayId: 'pf-gw-1',
        }),
      ),
    ).toEqual({ gatewayId: 'Um gateway não pode ter gateway.' });
    // A NUL anywhere in an input is refused before any schema (trpc/text-guard.ts), naming the field.
    expect(await issuesOf(admin.trpc.equipment.update.mutate({ ...motor, gatewayId: 'pf-gw-1\u0000' }))).toEqual({
      gatewayId: 'O texto tem caracteres de controle não permitidos.',
    });

    // A gateway serving devices keeps its kind and facility; a retired one takes no new device.
    expect(
      await failure(admin.trpc.equipment.update.mutate({ id: 'pf-gw-1', kind: 'sensor', name: 'G', ...base })),
    ).toMatchObject({ status: 409, message: expect.stringContaining('O gateway atende 1 equipamento(s)') });
    await admin.trpc.equipment.retire.mutate({ id: 'pf-gw-2' });
    expect(await failure(admin.trpc.equipment.update.mutate({ ...motor, gatewayId: 'pf-gw-2' }))).toMatchObject({
      status: 400,
      message: 'O gateway pf-gw-2 está desativado.',
    });
    // None: it connects with its own credential.
    const own = await admin.trpc.equipment.update.mutate({ ...motor, gatewayId: null });
    expect(own.gatewayId).toBeNull();
    const [entry] = await auditOf('equipment.update', 'pf-mtr-1');
    expect(entry?.details).toMatchObject({ changes: { gatewayId: ['pf-gw-1', null] } });
  });

  it('parallel creates of one code: one wins, the others are told, none is a 500', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        admin.trpc.facilities.create.mutate({ ...site, code: 'piracicaba', name: `P${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as { data?: { httpStatus?: number } }).data?.httpStatus).toBe(409);
    }
  });

  it('only administrators change the registry; every denial is audited', async () => {
    for (const client of [operator, viewer]) {
      expect(await failure(client.trpc.facilities.create.mutate({ ...site, code: 'nope' }))).toMatchObject({
        status: 403,
      });
      expect(await failure(client.trpc.equipment.retire.mutate({ id: 'so-mtr-001' }))).toMatchObject({ status: 403 });
    }
    const denied = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'facilities.create'), eq(auditLog.result, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });
});
