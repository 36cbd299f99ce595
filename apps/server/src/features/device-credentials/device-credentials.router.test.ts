import { TRPCClientError } from '@trpc/client';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { DeviceDirectory } from '../../telemetry/device-directory';
import { verifyDeviceSecret } from '../../platform/device-secret';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { createDeviceDirectory } from './device-directory.db';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('device credentials on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let adminEn: TestClient;
  let operator: TestClient;
  let viewer: TestClient;
  let directory: DeviceDirectory;
  let alfa = '';

  beforeAll(async () => {
    // The runtime's wiring: a credential change reloads the broker's directory before answering.
    server = await startTestServer(kind, { deviceCredentialsChanged: () => directory.reload() });
    directory = createDeviceDirectory(server.database.db, { now: server.clock.now });
    admin = await server.enrolledClient('ana@example.com', 'admin');
    adminEn = await server.enrolledClient('adam@example.com', 'admin', 'en');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    const db = server.database.db;
    const [a, b] = await db
      .insert(facilities)
      .values([
        { code: 'alfa', name: 'Fábrica Alfa', city: 'Campinas' },
        { code: 'beta', name: 'Fábrica Beta', city: 'Joinville' },
      ])
      .returning();
    alfa = a!.id;
    await db.insert(equipment).values([
      { id: 'al-gw-1', name: 'Gateway 1', kind: 'gateway', facilityId: alfa },
      { id: 'al-mtr-1', name: 'Motor 1', kind: 'motor', facilityId: alfa, gatewayId: 'al-gw-1' },
      { id: 'al-mtr-2', name: 'Motor 2', kind: 'motor', facilityId: alfa, gatewayId: 'al-gw-1' },
      { id: 'al-mtr-3', name: 'Motor 3', kind: 'motor', facilityId: alfa },
      {
        id: 'al-mtr-old',
        name: 'Motor antigo',
        kind: 'motor',
        facilityId: alfa,
        gatewayId: 'al-gw-1',
        retiredAt: new Date(),
      },
      { id: 'be-sns-1', name: 'Sensor 1', kind: 'sensor', facilityId: b!.id },
      { id: 'be-sns-2', name: 'Sensor 2', kind: 'sensor', facilityId: b!.id },
    ]);
  });
  afterAll(() => server.close());

  const login = (user: string, secret: string) => directory.authenticate(user, Buffer.from(secret));

  it('generates a secret shown once, stored only as its hash, audited without it', async () => {
    const made = await admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'al-mtr-3' });
    expect(made).toMatchObject({
      equipmentId: 'al-mtr-3',
      username: 'al-mtr-3',
      site: 'alfa',
      topics: {
        telemetry: 'sentinela/alfa/al-mtr-3/telemetry',
        cmd: 'sentinela/alfa/al-mtr-3/cmd',
        ack: 'sentinela/alfa/al-mtr-3/ack',
        status: 'sentinela/alfa/al-mtr-3/status',
      },
      status: { hasSecret: true, current: { createdBy: 'ana@example.com' }, previousValidUntil: null },
    });
    expect(made.secret.length).toBeGreaterThanOrEqual(32);

    const rows = await server.database.db
      .select()
      .from(deviceCredentials)
      .where(eq(deviceCredentials.equipmentId, 'al-mtr-3'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(made.secret);
    expect(rows[0]!.secretHash).toMatch(/^\$7\$\d+\$/);
    expect(verifyDeviceSecret(made.secret, rows[0]!.secretHash)).toBe(true);

    // The status tells that there is one, never what it is.
    const status = await admin.trpc.deviceCredentials.status.query({ equipmentId: 'al-mtr-3' });
    expect(JSON.stringify(status)).not.toContain(made.secret);
    expect(status.current?.createdAt).toEqual(server.clock.now());

    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'deviceCredentials.%'));
    expect(entries.map((e) => e.action)).toContain('deviceCredentials.generate');
    expect(JSON.stringify(entries)).not.toContain(made.secret);
    expect(JSON.stringify(entries)).not.toContain(rows[0]!.secretHash);

    // A second generate is refused: rotate instead.
    expect(await failure(admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'al-mtr-3' }))).toMatchObject({
      status: 409,
      message: 'O equipamento já tem um segredo: gire-o para obter um novo.',
    });

    await directory.reload();
    expect(await login('al-mtr-3', made.secret)).toMatchObject({ equipmentId: 'al-mtr-3' });
    expect(await login('al-mtr-3', `${made.secret}x`)).toBeNull();
    expect(await login('al-mtr-1', made.secret)).toBeNull();
    expect(await login('nobody', made.secret)).toBeNull();
  });

  it('rotation keeps the previous secret for the grace chosen, then refuses it; older ones are revoked', async () => {
    const first = await admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'be-sns-1' });
    server.clock.advance(1000);
    const second = await admin.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'be-sns-1', grace: '1h' });
    expect(second.secret).not.toBe(first.secret);
    expect(second.status.previousValidUntil).toEqual(new Date(server.clock.now().getTime() + HOUR));
    await directory.reload();
    const old = await login('be-sns-1', first.secret);
    expect(old).not.toBeNull();
    expect(await login('be-sns-1', second.secret)).not.toBeNull();

    server.clock.advance(HOUR - 1000);
    expect(directory.isValid(old!.credentialId)).toBe(true);
    server.clock.advance(1000);
    expect(directory.isValid(old!.credentialId)).toBe(false);
    expect(await login('be-sns-1', first.secret)).toBeNull();
    expect(await login('be-sns-1', second.secret)).not.toBeNull();

    // Two rotations in a row: only the current and the one just before stay.
    const third = await admin.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'be-sns-1', grace: '7d' });
    const fourth = await admin.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'be-sns-1', grace: '24h' });
    await directory.reload();
    expect(await login('be-sns-1', second.secret)).toBeNull();
    expect(await login('be-sns-1', third.secret)).not.toBeNull();
    expect(await login('be-sns-1', fourth.secret)).not.toBeNull();
    const active = await server.database.db
      .select()
      .from(deviceCredentials)
      .where(eq(deviceCredentials.equipmentId, 'be-sns-1'));
    expect(
      active.filter((c) => c.revokedAt === null && (c.validUntil === null || c.validUntil > server.clock.now())),
    ).toHaveLength(2);

    // Grace "none": the previous one stops at once.
    const fifth = await admin.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'be-sns-1', grace: 'none' });
    await directory.reload();
    expect(await login('be-sns-1', fourth.secret)).toBeNull();
    expect(await login('be-sns-1', fifth.secret)).not.toBeNull();
    expect(fifth.status.previousValidUntil).toBeNull();
  });

  it('revoke refuses every secret of the device at once, with the directory told at once', async () => {
    const first = await admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'be-sns-2' });
    const second = await admin.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'be-sns-2', grace: '7d' });
    // No reload here: the server's hook reloaded the directory before answering.
    const logins = [await login('be-sns-2', first.secret), await login('be-sns-2', second.secret)];
    expect(logins.every(Boolean)).toBe(true);
    const status = await admin.trpc.deviceCredentials.revoke.mutate({ equipmentId: 'be-sns-2' });
    expect(status).toMatchObject({ hasSecret: false, current: null, previousValidUntil: null });
    for (const l of logins) expect(directory.isValid(l!.credentialId)).toBe(false);
    expect(await login('be-sns-2', first.secret)).toBeNull();
    expect(await login('be-sns-2', second.secret)).toBeNull();
    expect(await failure(admin.trpc.deviceCredentials.revoke.mutate({ equipmentId: 'be-sns-2' }))).toMatchObject({
      status: 409,
    });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deviceCredentials.revoke'));
    expect(entry).toMatchObject({ target: 'be-sns-2', result: 'success', actorEmail: 'ana@example.com' });
  });

  it('refuses retired equipment, and its secrets stop when it is retired', async () => {
    expect(await failure(admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'al-mtr-old' }))).toMatchObject({
      status: 409,
      message: 'O equipamento está desativado.',
    });
    expect(
      await failure(adminEn.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'al-mtr-old', grace: 'none' })),
    ).toMatchObject({ status: 409, message: 'The equipment is retired.' });
    expect(await failure(admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'no-such' }))).toMatchObject({
      status: 404,
    });

    const made = await admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'al-mtr-2' });
    await directory.reload();
    const ok = await login('al-mtr-2', made.secret);
    expect(ok).not.toBeNull();
    await admin.trpc.equipment.retire.mutate({ id: 'al-mtr-2' });
    await directory.reload();
    expect(directory.isValid(ok!.credentialId)).toBe(false);
    expect(directory.scope('al-mtr-2')).toBeNull();
    expect(await login('al-mtr-2', made.secret)).toBeNull();
    await admin.trpc.equipment.restore.mutate({ id: 'al-mtr-2' });
  });

  it('a gateway speaks for the devices in service assigned to it', async () => {
    const gw = await admin.trpc.deviceCredentials.generate.mutate({ equipmentId: 'al-gw-1' });
    await directory.reload();
    expect(await login('al-gw-1', gw.secret)).toMatchObject({ equipmentId: 'al-gw-1' });
    expect(Object.fromEntries(directory.scope('al-gw-1')!)).toEqual({
      'al-gw-1': 'alfa',
      'al-mtr-1': 'alfa',
      'al-mtr-2': 'alfa',
    });
    expect(Object.fromEntries(directory.scope('al-mtr-1')!)).toEqual({ 'al-mtr-1': 'alfa' });
    expect(directory.scope('al-mtr-old')).toBeNull();
    expect(directory.scope('unknown')).toBeNull();
    // A directory never reloaded reads the database at its first login.
    const fresh = createDeviceDirectory(server.database.db, { now: server.clock.now });
    expect(fresh.scope('al-gw-1')).toBeNull();
    expect(await fresh.authenticate('al-gw-1', Buffer.from(gw.secret))).toMatchObject({ equipmentId: 'al-gw-1' });
    expect(fresh.scope('al-gw-1')?.size).toBe(3);
  });

  it('viewers and operators are refused (and audited); bad input gets a clear message', async () => {
    for (const client of [viewer, operator]) {
      expect(await failure(client.trpc.deviceCredentials.generate.mutate({ equipmentId: 'al-mtr-1' }))).toMatchObject({
        status: 403,
      });
      expect(await failure(client.trpc.deviceCredentials.status.query({ equipmentId: 'al-mtr-1' }))).toMatchObject({
        status: 403,
      });
      expect(
        await failure(client.trpc.deviceCredentials.provision.mutate({ kind: 'motor', grace: 'none' })),
      ).toMatchObject({ status: 403 });
    }
    const denied = await server.database.db.select().from(auditLog).where(eq(auditLog.result, 'denied'));
    expect(denied.map((d) => d.action)).toContain('deviceCredentials.generate');
    expect(
      await server.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.equipmentId, 'al-mtr-1')),
    ).toHaveLength(0);

    for (const equipmentId of ['al-mtr-1\u0000', 'al\u0007mtr', '']) {
      const error = await admin.trpc.deviceCredentials.generate.mutate({ equipmentId }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCClientError);
      const data = (error as { data: unknown }).data as { httpStatus: number; issues: { path: string }[] };
      expect(data.httpStatus).toBe(400);
      expect(data.issues[0]?.path).toBe('equipmentId');
    }
    const bad = await failure(
      admin.trpc.deviceCredentials.rotate.mutate({ equipmentId: 'al-mtr-1', grace: 'forever' as never }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('Escolha o período de tolerância');
  });

  it('a provisioning file rotates many devices at once and lists their secrets and topics', async () => {
    const file = await adminEn.trpc.deviceCredentials.provision.mutate({
      facilityId: alfa,
      kind: 'motor',
      grace: '1h',
    });
    expect(file.rows).toBe(3);
    expect(file.filename).toMatch(/^provisioning-\d{8}-\d{4}\.csv$/);
    const lines = file.csv.slice(1, -2).split('\r\n');
    expect(lines[0]).toBe('ID,Site,Type,Name,Username,Secret,Telemetry topic,Cmd topic,Ack topic,Status topic,Note');
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.map((c) => c[0])).toEqual(['al-mtr-1', 'al-mtr-2', 'al-mtr-3']);
    expect(cells[0]!.slice(0, 5)).toEqual(['al-mtr-1', 'alfa', 'Motor', 'Motor 1', 'al-mtr-1']);
    expect(cells[0]![6]).toBe('sentinela/alfa/al-mtr-1/telemetry');
    expect(lines[1]).toContain('Assigned to the gateway al-gw-1');

    await directory.reload();
    for (const c of cells) expect(await login(c[0]!, c[5]!)).toMatchObject({ equipmentId: c[0] });
    const stored = await server.database.db.select().from(deviceCredentials);
    for (const c of cells) expect(JSON.stringify(stored)).not.toContain(c[5]!);
    const audit = await server.database.db.select().from(auditLog).where(like(auditLog.action, 'deviceCredentials.%'));
    expect(audit.filter((a) => a.action === 'deviceCredentials.provision' && a.result === 'success')).toHaveLength(1);
    for (const c of cells) expect(JSON.stringify(audit)).not.toContain(c[5]!);

    // By ids; a retired or unknown one refuses the whole file, nothing rotated.
    const before = (await server.database.db.select().from(deviceCredentials)).length;
    expect(
      await failure(
        admin.trpc.deviceCredentials.provision.mutate({ equipmentIds: ['al-mtr-1', 'al-mtr-old'], grace: 'none' }),
      ),
    ).toMatchObject({ status: 400, message: 'Equipamento al-mtr-old não encontrado ou desativado.' });
    expect((await server.database.db.select().from(deviceCredentials)).length).toBe(before);
    const one = await admin.trpc.deviceCredentials.provision.mutate({ equipmentIds: ['be-sns-1'], grace: 'none' });
    expect(one.rows).toBe(1);
    expect(one.csv.split('\r\n')[0]).toContain('Usuário;Segredo');
    expect(await failure(admin.trpc.deviceCredentials.provision.mutate({ kind: 'hvac', grace: 'none' }))).toMatchObject(
      { status: 400, message: 'Nenhum equipamento em serviço corresponde à seleção.' },
    );
  });
});
