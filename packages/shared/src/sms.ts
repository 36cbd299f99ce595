import { z } from 'zod';

export const smsOutboxInput = z
  .object({
    phoneNumber: z.string().trim().max(20).optional(),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .default({ limit: 20 });

/** The messages the `outbox` provider kept, newest first. */
export const smsOutboxOutput = z.array(
  z.object({ id: z.string(), toPhone: z.string(), body: z.string(), createdAt: z.date() }),
);
