import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { commands, equipment, facilities } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { LiveBus } from '../../telemetry/live-bus';
import type { CommandGateway, CommandOutcome } from './command-gateway';
import { executeCommand, type CommandDeps } from './commands.service';

const origin = { ip: '203.0.113.5', userAgent: 'test' };
const actor = { id: '11111111-1111-4111-8111-111111111111', email: 'operador@example.com' };

describe.each(testDatabaseKinds())('executeCommand on %s', (kind) => {
  let database: DatabaseHandle;
  let deps: CommandDeps;
  let answer: CommandOutcome = { status: 'confirmed' };
  /** What was visible from outside while the device was being asked. */
  let seenDuringSend: { command?: string; requested: number } | undefined;

  const entriesOf = (commandId: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'mtr-1'))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((row) => (row.details as { commandId?: string } | null)?.commandId === commandId));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [site] = await database.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' })
      .returning();
    await database.db.insert(equipment).values({
      id: 'mtr-1',
      name: 'Motor 1',
      kind: 'motor',
      status: 'online',
      facilityId: site!.id,
      state: { on: true },
    });
    const gateway: CommandGateway = {
      async send(_site, _equipmentId, commandId) {
        // On the plain handle, not in a transaction: PGlite would wait here if one were open.
        const [row] = await database.db.select().from(commands).where(eq(commands.id, commandId));
        const requested = (await entriesOf(commandId)).filter((e) => e.action === 'command.setPower.requested');
        seenDuringSend = { ...(row ? { command: row.status } : {}), requested: requested.length };
        return answer;
      },
      stop: () => Promise.resolve(),
    };
    deps = { db: database.db, bus: new LiveBus(), gateway, now: () => new Date() };
  });
  afterAll(() => database.close());

  const run = () => executeCommand(deps, actor, origin, 'mtr-1', 'motor', 'setPower', { on: false });

  it('audits a confirmed command twice: the request, committed before the device answers, and the outcome', async () => {
    answer = { status: 'confirmed', state: { on: false } };
    const result = await run();
    expect(seenDuringSend).toEqual({ command: 'pending', requested: 1 });
    const entries = await entriesOf(result.commandId);
    expect(entries.map((e) => [e.action, e.result])).toEqual([
      ['command.setPower.requested', 'success'],
      ['command.setPower', 'success'],
    ]);
    expect(entries[1]).toMatchObject({ userId: actor.id, actorEmail: actor.email, ip: origin.ip });
    expect(entries[1]?.details).toMatchObject({ status: 'confirmed', params: { on: false } });
    const [device] = await database.db.select().from(equipment).where(eq(equipment.id, 'mtr-1'));
    expect(device?.state).toEqual({ on: false });
  });

  it.each([
    { status: 'failed', error: 'driver fault' },
    { status: 'timeout', error: 'no answer' },
  ] as const)('audits a $status command twice, the outcome as a failure', async (outcome) => {
    answer = outcome;
    const result = await run();
    expect(result.status).toBe(outcome.status);
    const entries = await entriesOf(result.commandId);
    expect(entries.map((e) => [e.action, e.result])).toEqual([
      ['command.setPower.requested', 'success'],
      ['command.setPower', 'failure'],
    ]);
    expect(entries[1]?.details).toMatchObject({ status: outcome.status, error: outcome.error });
    const [row] = await database.db.select().from(commands).where(eq(commands.id, result.commandId));
    expect(row).toMatchObject({ status: outcome.status, error: outcome.error });
  });
});
