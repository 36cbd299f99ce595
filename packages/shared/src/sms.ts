import { z } from 'zod';

export const smsOutboxInput = z
  .object({
    phoneNumber: z.string().trim().max(20).optional(),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .default({ limit: 20 });
