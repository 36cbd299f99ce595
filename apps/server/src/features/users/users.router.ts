import { listUsersInput, listUsersOutput, setRoleInput, setRoleOutput } from '@sentinela/shared/auth';
import { adminProcedure, router } from '../../trpc/init';
import { listUsers, setUserRole } from './users.service';

export const usersRouter = router({
  list: adminProcedure
    .input(listUsersInput)
    .output(listUsersOutput)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),
  setRole: adminProcedure
    .input(setRoleInput)
    .output(setRoleOutput)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, ctx.user, ctx.caller, input)),
});
