import { registryImportInput, registryImportOutput } from '@sentinela/shared/registry-import';
import { adminProcedure, router } from '../../trpc/init';
import { importRegistry } from './registry-import.service';

/** The registry as a whole (administrators): importing facilities, rooms or equipment from a CSV file. */
export const registryRouter = router({
  // Not adminMutation: the line results are translated, so the service needs the caller's language.
  import: adminProcedure
    .input(registryImportInput)
    .output(registryImportOutput)
    .mutation(({ ctx, input }) => importRegistry({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, input, ctx.lang)),
});
