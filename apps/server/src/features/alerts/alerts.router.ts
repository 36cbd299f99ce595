import {
  acknowledgeAlertInput,
  acknowledgeManyAlertsInput,
  acknowledgeManyOutput,
  alertItemSchema,
  clearAlertInput,
  listAlertsInput,
  listAlertsOutput,
} from '@sentinela/shared/alerts';
import { authenticatedProcedure, operatorProcedure, router } from '../../trpc/init';
import type { Context } from '../../trpc/context';
import { readProcedure } from '../../trpc/procedures';
import { alertBatches } from './alert-events';
import { acknowledgeAlert, acknowledgeAlerts, clearAlert, listAlerts, type AlertDeps } from './alerts.service';

const deps = (ctx: Context): AlertDeps => ({ db: ctx.db, bus: ctx.bus, now: ctx.auth.now });

export const alertsRouter = router({
  list: readProcedure(listAlertsInput, listAlertsOutput, listAlerts),
  acknowledge: operatorProcedure
    .input(acknowledgeAlertInput)
    .output(alertItemSchema)
    .mutation(({ ctx, input }) => acknowledgeAlert(deps(ctx), ctx.user, ctx.caller, input)),
  acknowledgeMany: operatorProcedure
    .input(acknowledgeManyAlertsInput)
    .output(acknowledgeManyOutput)
    .mutation(({ ctx, input }) => acknowledgeAlerts(deps(ctx), ctx.user, ctx.caller, input)),
  /** Server-sent events: alert changes only (raised, acknowledged, cleared), no telemetry. */
  live: authenticatedProcedure.subscription(async function* ({ ctx, signal }) {
    const stream = ctx.streams.watch(ctx.session, signal);
    try {
      for await (const events of alertBatches(ctx.bus, stream.signal)) yield { events };
      stream.throwIfRevoked();
    } finally {
      stream.release();
    }
  }),
  clear: operatorProcedure
    .input(clearAlertInput)
    .output(alertItemSchema)
    .mutation(({ ctx, input }) => clearAlert(deps(ctx), ctx.user, ctx.caller, input)),
});
