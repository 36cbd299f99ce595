import { setPowerInput } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../commands/command-deps';
import { executeCommand } from '../../commands/commands.service';
import { operatorProcedure, router } from '../../trpc/init';

export const motorsRouter = router({
  setPower: operatorProcedure.input(setPowerInput).mutation(({ ctx, input }) =>
    executeCommand(
      commandDepsOf(ctx),
      ctx.user,
      ctx.caller,
      input.id,
      'motor',
      'setPower',
      { on: input.on },
    ),
  ),
});
