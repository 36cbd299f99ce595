import { z } from 'zod';
import { liveBatches } from '../../telemetry/live-stream';
import { authenticatedProcedure, router } from '../../trpc/init';

const liveEventsInput = z.object({ equipmentIds: z.array(z.string().max(64)).max(1000).optional() }).default({});

export const liveRouter = router({
  /** Server-sent events (httpSubscriptionLink): batches of live values, statuses, command results and alerts. */
  events: authenticatedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const options = input.equipmentIds ? { equipmentIds: new Set(input.equipmentIds) } : {};
    for await (const events of liveBatches(ctx.bus, signal, options)) yield { events };
  }),
});
