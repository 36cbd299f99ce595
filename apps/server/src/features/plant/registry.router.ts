import {
  registryExportInput,
  registryExportOutput,
  registryImportInput,
  registryImportOutput,
} from '@sentinela/shared/registry-import';
import { adminProcedure, router } from '../../trpc/init';
import { exportRegistry } from './registry-export.service';
import { importRegistry } from './registry-import.service';

/** The registry as a whole (administrators): facilities, rooms or equipment to and from a CSV file. */
export const registryRouter = router({
  // Not adminMutation: the line results are translated, so the service needs the caller's language.
  import: adminProcedure
    .input(registryImportInput)
    .output(registryImportOutput)
    .mutation(({ ctx, input }) => importRegistry({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, input, ctx.lang)),
  export: adminProcedure
    .input(registryExportInput)
    .output(registryExportOutput)
    .query(({ ctx, input }) => exportRegistry(ctx.db, input.entity, ctx.lang, ctx.auth.now())),
});
