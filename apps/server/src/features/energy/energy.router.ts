import {
  energyBillInput,
  energyBillOutput,
  energyConsumptionInput,
  energyConsumptionOutput,
  energySavingsInput,
  energySavingsOutput,
} from '@sentinela/shared/energy';
import { heavyProcedure, router } from '../../trpc/init';
import { energyBills } from './energy-bill.service';
import { energyConsumption } from './energy-consumption.service';
import { energySavings } from './energy-savings.service';
import { heavyReadProcedure } from '../../trpc/procedures';

export const energyRouter = router({
  /** The month-to-date and projected bill of each facility (viewers and up). */
  bill: heavyProcedure
    .input(energyBillInput)
    .output(energyBillOutput)
    .query(({ ctx, input }) => energyBills(ctx.db, input, ctx.auth.now())),
  /** A facility's (or room's) consumption by day, by hour and its load profile, split by kind of load. */
  consumption: heavyReadProcedure(energyConsumptionInput, energyConsumptionOutput, energyConsumption),
  /** A facility's savings suggestions, each with its figures (viewers and up). */
  savings: heavyReadProcedure(energySavingsInput, energySavingsOutput, energySavings),
});
