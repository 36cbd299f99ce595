import {
  inviteUserInput,
  inviteUserOutput,
  listUsersInput,
  listUsersOutput,
  setDisabledInput,
  setDisabledOutput,
  setRoleInput,
  setRoleOutput,
  successOutput,
  userIdInput,
} from '@sentinela/shared/auth';
import { adminProcedure, router } from '../../trpc/init';
import { adminReadProcedure } from '../../trpc/procedures';
import { inviteUser } from './invitations.service';
import { listUsers, resetUserTwoFactor, setUserDisabled, setUserRole } from './users.service';

export const usersRouter = router({
  list: adminReadProcedure(listUsersInput, listUsersOutput, listUsers),
  setRole: adminProcedure
    .input(setRoleInput)
    .output(setRoleOutput)
    // The user's live streams reopen with the new rights.
    .mutation(({ ctx, input }) => ctx.streams.after(setUserRole(ctx.db, ctx.user, ctx.caller, input))),
  setDisabled: adminProcedure
    .input(setDisabledInput)
    .output(setDisabledOutput)
    // A disabled account's open pages lose their session at once.
    .mutation(({ ctx, input }) =>
      ctx.streams.after(setUserDisabled(ctx.db, ctx.user, ctx.caller, input, ctx.auth.now())),
    ),
  /** A one-time link to /register?invite=<token> (48 h), answered to the admin and e-mailed. */
  invite: adminProcedure
    .input(inviteUserInput)
    .output(inviteUserOutput)
    .mutation(({ ctx, input }) =>
      inviteUser(ctx.db, ctx.email, ctx.user, ctx.caller, input, ctx.publicUrl, ctx.auth.now()),
    ),
  resetTwoFactor: adminProcedure
    .input(userIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) =>
      ctx.streams.after(resetUserTwoFactor(ctx.db, ctx.user, ctx.caller, input, ctx.auth.now())),
    ),
});
