import { z } from 'zod';
import { liveEventTypes } from '@sentinela/shared/live-events';
import { liveBatches } from '../../telemetry/live-stream';
import { authenticatedProcedure, router } from '../../trpc/init';

const liveEventsInput = z
  .object({
    equipmentIds: z.array(z.string().max(64)).max(1000).optional(),
    /** Only these kinds of event (all when absent). */
    types: z.array(z.enum(liveEventTypes)).min(1).max(liveEventTypes.length).optional(),
  })
  .default({});

export const liveRouter = router({
  /** Server-sent events (httpSubscriptionLink): batches of live values, statuses, command results and alerts (only some devices, some kinds). */
  events: authenticatedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const options = {
      ...(input.equipmentIds ? { equipmentIds: new Set(input.equipmentIds) } : {}),
      ...(input.types ? { types: new Set(input.types) } : {}),
    };
    const stream = ctx.streams.watch(ctx.session, signal);
    try {
      for await (const events of liveBatches(ctx.bus, stream.signal, options)) yield { events };
      stream.throwIfRevoked();
    } finally {
      stream.release();
    }
  }),
});
