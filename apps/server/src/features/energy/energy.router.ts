import { energyBillInput, energyBillOutput } from '@sentinela/shared/energy';
import { authenticatedProcedure, router } from '../../trpc/init';
import { energyBills } from './energy-bill.service';

export const energyRouter = router({
  /** The month-to-date and projected bill of each facility (viewers and up). */
  bill: authenticatedProcedure
    .input(energyBillInput)
    .output(energyBillOutput)
    .query(({ ctx, input }) => energyBills(ctx.db, input, ctx.auth.now())),
});
