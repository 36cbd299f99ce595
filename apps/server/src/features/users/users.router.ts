import { listUsersInput, setRoleInput } from '@sentinela/shared/auth';
import { adminProcedure, router } from '../../trpc/init';
import { listUsers, setUserRole } from './users.service';

export const usersRouter = router({
  list: adminProcedure.input(listUsersInput).query(({ ctx, input }) => listUsers(ctx.db, input)),
  setRole: adminProcedure
    .input(setRoleInput)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, ctx.user, ctx.caller, input)),
});
