import type { Context } from './context';
import type { CommandDeps } from '../platform/commands/commands.service';

/** The command dependencies of a request's context. */
export function commandDepsOf(ctx: Context): CommandDeps {
  return { db: ctx.db, bus: ctx.bus, gateway: ctx.commands, now: ctx.auth.now };
}
