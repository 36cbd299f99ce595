import { setpointInput } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../commands/command-deps';
import { executeCommand } from '../../commands/commands.service';
import { operatorProcedure, router } from '../../trpc/init';

export const hvacRouter = router({
  setSetpoint: operatorProcedure.input(setpointInput).mutation(({ ctx, input }) =>
    executeCommand(
      commandDepsOf(ctx),
      ctx.user,
      ctx.caller,
      input.id,
      'hvac',
      'setSetpoint',
      { setpoint: input.setpoint },
    ),
  ),
});
