import { emailOutboxInput, emailOutboxOutput } from '@sentinela/shared/notifications';
import { adminProcedure, router } from '../../trpc/init';
import { listEmailOutbox } from './email.service';

export const emailRouter = router({
  outbox: adminProcedure
    .input(emailOutboxInput)
    .output(emailOutboxOutput)
    .query(({ ctx, input }) => listEmailOutbox(ctx.db, input)),
});
