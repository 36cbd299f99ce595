import { TRPCError } from '@trpc/server';
import type { ServerMessageKey } from '@sentinela/shared/messages';

/**
 * The one error type services throw. `key` names a message in both languages
 * (@sentinela/shared/messages); the tRPC error formatter resolves it in the caller's language.
 * Being a TRPCError, its code sets the HTTP status.
 */
export class AppError extends TRPCError {
  constructor(
    code: TRPCError['code'],
    readonly key: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super({ code, message: key });
    this.name = 'AppError';
  }
}

/** The one row a statement answers (an INSERT … RETURNING of one row); none is the server's fault. */
export function onlyRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (!row) throw new AppError('INTERNAL_SERVER_ERROR', 'error.internal');
  return row;
}
