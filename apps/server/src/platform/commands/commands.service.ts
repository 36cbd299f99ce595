import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { commands, equipment, facilities } from '@sentinela/db/schema/plant';
import type { BulkCommandResult, EquipmentKind, SkipReason, UnsafeStatus } from '@sentinela/shared/plant';
import { readControlState, type CommandAction } from '@sentinela/shared/telemetry';
import { actedBy, auditedChange, type RequestOrigin } from '../audit';
import { AppError } from '../errors';
import type { CommandGateway, CommandOutcome } from './command-gateway';
import type { LiveBus } from '../../telemetry/live-bus';

/** Text from outside, kept as plain text: control characters become spaces; at most `max` characters. */
function plainText(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, max);
}

export interface CommandDeps {
  db: Database;
  bus: LiveBus;
  gateway: CommandGateway | null;
  now: () => Date;
}

export interface Actor {
  id: string;
  email: string;
}

/**
 * A command that would switch on (or raise) a device in maintenance or error: refused before
 * anything is recorded or sent, with the reason in the caller's language. A bulk action lists it
 * as skipped.
 */
export class UnsafeCommandError extends AppError {
  constructor(
    readonly equipmentId: string,
    readonly equipmentName: string,
    readonly reason: SkipReason,
    /** The work order in progress that locks the device out (reason `lockout`). */
    readonly order?: string,
  ) {
    super('CONFLICT', `command.unsafe.${reason}`, { name: equipmentName, ...(order ? { order } : {}) });
  }
}

/**
 * The work order in progress that locks an equipment out (lockout/tagout, PRODUCT.md §3): while
 * one is, every command to it is refused, off included, before anything is recorded or sent.
 */
export async function lockingOrder(db: Database, equipmentId: string): Promise<string | null> {
  const [order] = await db
    .select({ number: workOrders.number })
    .from(workOrders)
    .where(and(eq(workOrders.equipmentId, equipmentId), eq(workOrders.status, 'in_progress')))
    .orderBy(asc(workOrders.startedAt))
    .limit(1);
  return order?.number ?? null;
}

/**
 * Whether a command switches the device on or makes it work harder: on, a higher brightness than
 * it has, boost. Switching off, dimming and a set-point stay allowed whatever its status.
 */
export function energises(action: CommandAction, params: Record<string, unknown>, state: Record<string, unknown>) {
  if (params.on === true) return true;
  if (action !== 'setLight') return false;
  if (params.mode === 'boost') return true;
  const current = typeof state.brightness === 'number' ? state.brightness : 100;
  return typeof params.brightness === 'number' && params.brightness > current;
}

const unsafeStatuses: readonly string[] = ['maintenance', 'error'] satisfies UnsafeStatus[];

export interface CommandResult extends CommandOutcome {
  commandId: string;
  equipmentId: string;
}

/**
 * Sends one command to one device and records it: the pending row with a "requested" audit
 * entry, publish, wait for the ack (5 s), then the outcome in the command log, the device's
 * confirmed state (only when confirmed: a timeout or refusal changes nothing) and the outcome's
 * audit entry, then the live stream.
 */
export async function executeCommand(
  deps: CommandDeps,
  actor: Actor,
  origin: RequestOrigin,
  equipmentId: string,
  kind: EquipmentKind,
  action: CommandAction,
  params: Record<string, unknown>,
): Promise<CommandResult> {
  const [device] = await deps.db
    .select({
      id: equipment.id,
      name: equipment.name,
      kind: equipment.kind,
      status: equipment.status,
      state: equipment.state,
      site: facilities.code,
      retiredAt: equipment.retiredAt,
    })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(eq(equipment.id, equipmentId));
  if (!device) throw new AppError('NOT_FOUND', 'equipment.notFound');
  if (device.kind !== kind) throw new AppError('BAD_REQUEST', 'equipment.wrongKind');
  if (device.retiredAt) throw new AppError('CONFLICT', 'registry.equipmentRetired');
  const order = await lockingOrder(deps.db, equipmentId);
  if (order) throw new UnsafeCommandError(equipmentId, device.name, 'lockout', order);
  if (unsafeStatuses.includes(device.status) && energises(action, params, device.state))
    throw new UnsafeCommandError(equipmentId, device.name, device.status as UnsafeStatus);
  if (!deps.gateway) throw new AppError('SERVICE_UNAVAILABLE', 'equipment.noBroker');

  const commandId = randomUUID();
  const audit = { ...actedBy(actor), target: equipmentId };
  // Two short transactions, request then outcome: none stays open while the device answers.
  await auditedChange(
    deps.db,
    origin,
    (tx) =>
      tx.insert(commands).values({
        id: commandId,
        equipmentId,
        action,
        payload: params,
        requestedBy: actor.id,
        requestedAt: deps.now(),
        status: 'pending',
      }),
    () => ({ ...audit, action: `command.${action}.requested`, result: 'success', details: { commandId, params } }),
  );
  deps.bus.publish({ type: 'command', commandId, equipmentId, status: 'pending' });

  const answer = await deps.gateway.send(device.site, equipmentId, commandId, action, params);
  // What the device reports is read by its kind's schema: unknown keys and bad values are dropped,
  // and a refusal's reason is kept as plain text without control characters.
  const outcome: CommandOutcome = {
    status: answer.status,
    ...(answer.state ? { state: readControlState(kind, answer.state) } : {}),
    ...(answer.code !== undefined ? { code: plainText(answer.code, 64) } : {}),
    ...(answer.error !== undefined ? { error: plainText(answer.error, 300) } : {}),
  };
  await auditedChange(
    deps.db,
    origin,
    async (tx) => {
      await tx
        .update(commands)
        .set({
          status: outcome.status,
          completedAt: deps.now(),
          error: outcome.error ?? null,
          errorCode: outcome.code ?? null,
        })
        .where(eq(commands.id, commandId));
      if (outcome.status === 'confirmed' && outcome.state) {
        await tx
          .update(equipment)
          .set({ state: sql`${equipment.state} || ${JSON.stringify(outcome.state)}::jsonb` })
          .where(eq(equipment.id, equipmentId));
      }
    },
    () => ({
      ...audit,
      action: `command.${action}`,
      result: outcome.status === 'confirmed' ? 'success' : 'failure',
      details: {
        commandId,
        params,
        status: outcome.status,
        ...(outcome.code ? { code: outcome.code } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
      },
    }),
  );
  deps.bus.publish({
    type: 'command',
    commandId,
    equipmentId,
    status: outcome.status,
    ...(outcome.state ? { state: outcome.state } : {}),
  });
  return { commandId, equipmentId, ...outcome };
}

/**
 * Runs many commands, at most `concurrency` at once; answers how each ended, and which devices
 * were skipped (switching on one in maintenance or error) and why.
 */
export async function executeMany<T>(
  items: T[],
  concurrency: number,
  run: (item: T) => Promise<CommandResult>,
): Promise<BulkCommandResult> {
  const results: CommandResult[] = [];
  const skipped: BulkCommandResult['skipped'] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        results.push(await run(item));
      } catch (error) {
        if (!(error instanceof UnsafeCommandError)) throw error;
        skipped.push({
          equipmentId: error.equipmentId,
          name: error.equipmentName,
          reason: error.reason,
          ...(error.order ? { order: error.order } : {}),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  skipped.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.equipmentId.localeCompare(b.equipmentId));
  return {
    total: items.length,
    confirmed: results.filter((r) => r.status === 'confirmed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    timeout: results.filter((r) => r.status === 'timeout').length,
    skipped,
  };
}
