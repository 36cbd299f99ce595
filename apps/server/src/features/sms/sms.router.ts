import { smsOutboxInput, smsOutboxOutput } from '@sentinela/shared/sms';
import { adminProcedure, router } from '../../trpc/init';
import { listSmsOutbox } from './sms.service';

export const smsRouter = router({
  outbox: adminProcedure
    .input(smsOutboxInput)
    .output(smsOutboxOutput)
    .query(({ ctx, input }) => listSmsOutbox(ctx.db, input)),
});
