import { listUsersInput, listUsersOutput, setRoleInput, setRoleOutput } from '@sentinela/shared/auth';
import { adminProcedure, router } from '../../trpc/init';
import { adminReadProcedure } from '../../trpc/procedures';
import { listUsers, setUserRole } from './users.service';

export const usersRouter = router({
  list: adminReadProcedure(listUsersInput, listUsersOutput, listUsers),
  setRole: adminProcedure
    .input(setRoleInput)
    .output(setRoleOutput)
    .mutation(async ({ ctx, input }) => {
      const changed = await setUserRole(ctx.db, ctx.user, ctx.caller, input);
      await ctx.streams.recheck(); // the user's live streams reopen with the new rights
      return changed;
    }),
});
