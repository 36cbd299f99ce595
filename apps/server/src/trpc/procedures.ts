import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { commandResultSchema, type EquipmentKind } from '@sentinela/shared/plant';
import type { CommandAction } from '@sentinela/shared/telemetry';
import { executeCommand } from '../platform/commands/commands.service';
import type { ChangeCaller } from '../platform/audit';
import type { LiveBus } from '../telemetry/live-bus';
import { commandDepsOf } from './command-deps';
import { adminProcedure, authenticatedProcedure, heavyProcedure, operatorProcedure } from './init';

// tRPC cannot resolve its parser types over a generic schema, so the resolvers below cast; the
// call sites stay fully checked by `Read` (service input from the input schema, result to the output's).
type Schema = z.ZodType;
type Read<I extends Schema, O extends Schema> = (db: Database, input: z.output<I>, now: Date) => Promise<z.input<O>>;

/** A signed-in read: input schema, output schema and one service call on the database. */
export function readProcedure<I extends Schema, O extends Schema>(input: I, output: O, read: Read<I, O>) {
  return authenticatedProcedure
    .input(input)
    .output(output)
    .query(({ ctx, input }) => read(ctx.db, input as z.output<I>, ctx.auth.now()) as never);
}

/** A signed-in read that is expensive (long ranges, many rows): behind the heavy-query gate. */
export function heavyReadProcedure<I extends Schema, O extends Schema>(input: I, output: O, read: Read<I, O>) {
  return heavyProcedure
    .input(input)
    .output(output)
    .query(({ ctx, input }) => read(ctx.db, input as z.output<I>, ctx.auth.now()) as never);
}

/** The same read, for administrators only. */
export function adminReadProcedure<I extends Schema, O extends Schema>(input: I, output: O, read: Read<I, O>) {
  return adminProcedure
    .input(input)
    .output(output)
    .query(({ ctx, input }) => read(ctx.db, input as z.output<I>, ctx.auth.now()) as never);
}

/** An administrator's change (the plant registry): the service gets the caller (database, user, origin) to audit it. */
export function adminMutation<I extends Schema, O extends Schema>(
  input: I,
  output: O,
  change: (caller: ChangeCaller, input: z.output<I>, now: Date) => Promise<z.input<O>>,
) {
  return adminProcedure
    .input(input)
    .output(output)
    .mutation(
      ({ ctx, input }) =>
        change({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, input as z.output<I>, ctx.auth.now()) as never,
    );
}

/** What a change that tells the live stream needs besides its caller: the bus and the clock. */
export interface ChangeDeps {
  bus: LiveBus;
  now: () => Date;
}

/**
 * A change an operator (`tier` operator) or only an administrator (`tier` admin) may make, audited
 * by the service: it gets the caller, the input and the live bus and clock.
 */
export function changeProcedure<I extends Schema, O extends Schema>(
  tier: 'operator' | 'admin',
  input: I,
  output: O,
  change: (caller: ChangeCaller, input: z.output<I>, deps: ChangeDeps) => Promise<z.input<O>>,
) {
  return (tier === 'admin' ? adminProcedure : operatorProcedure)
    .input(input)
    .output(output)
    .mutation(
      ({ ctx, input }) =>
        change({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, input as z.output<I>, {
          bus: ctx.bus,
          now: ctx.auth.now,
        }) as never,
    );
}

/** A signed-in read without input (option lists). */
export function listProcedure<O extends Schema>(output: O, read: (db: Database) => Promise<z.input<O>>) {
  return authenticatedProcedure.output(output).query(({ ctx }) => read(ctx.db) as never);
}

/**
 * An operator's command to one device of a kind: the input names the device (`id`), `params`
 * maps the rest of it to the command's parameters; answers after the device's ack (or timeout).
 */
export function deviceCommandProcedure<I extends z.ZodType<{ id: string }>>(
  kind: EquipmentKind,
  action: CommandAction,
  input: I,
  params: (input: z.output<I>) => Record<string, unknown>,
) {
  return operatorProcedure
    .input(input)
    .output(commandResultSchema)
    .mutation(({ ctx, input }) =>
      executeCommand(
        commandDepsOf(ctx),
        ctx.user,
        ctx.caller,
        (input as z.output<I>).id,
        kind,
        action,
        params(input as z.output<I>),
      ),
    );
}
