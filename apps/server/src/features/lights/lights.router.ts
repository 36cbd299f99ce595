import { lightSetInput, lightsBulkInput } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../commands/command-deps';
import { executeCommand } from '../../commands/commands.service';
import { operatorProcedure, router } from '../../trpc/init';
import { bulkLights } from './lights.service';

export const lightsRouter = router({
  set: operatorProcedure.input(lightSetInput).mutation(({ ctx, input }) => {
    const { id, ...change } = input;
    // A mode brings its brightness unless one is given (eco 50 %, boost 100 %).
    const brightness = change.brightness ?? (change.mode === 'eco' ? 50 : change.mode === 'boost' ? 100 : undefined);
    const params = Object.fromEntries(
      Object.entries({ ...change, brightness }).filter(([, v]) => v !== undefined),
    );
    return executeCommand(commandDepsOf(ctx), ctx.user, ctx.caller, id, 'light', 'setLight', params);
  }),
  bulk: operatorProcedure.input(lightsBulkInput).mutation(({ ctx, input }) => bulkLights(commandDepsOf(ctx), ctx.user, ctx.caller, input)),
});
