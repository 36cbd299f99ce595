import { z } from 'zod';
import { alertSeverities } from './alert-values';
import { equipmentIdSchema, facilityIdSchema } from './plant';
import { SYSTEM_ACTOR_FILTER, eventKinds } from './event-values';
import { timeInput } from './time-input';

export type { EventKind } from './event-values';

/**
 * The events timeline (/events): one list, newest first, of the facts the site already keeps
 * (audit log, alerts, commands, equipment status changes), each read from ONE source (ADR 018).
 */
/** What an entry is about, for its link: the equipment's drawer, the alerts page, a work order… */
export const eventSubjectTypes = [
  'equipment',
  'alert',
  'workOrder',
  'plan',
  'schedule',
  'facility',
  'room',
  'user',
] as const;
export type EventSubjectType = (typeof eventSubjectTypes)[number];

export const EVENTS_PAGE_MAX = 100;
export const EVENTS_CSV_MAX_ROWS = 20_000;

/** An opaque position in the timeline: the last entry's time (to the microsecond) and id. */
export const eventCursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9+/=_-]+$/, 'validation.cursor');

export const eventFilters = z
  .object({
    kinds: z.array(z.enum(eventKinds)).max(eventKinds.length).optional(),
    facilityId: facilityIdSchema.optional(),
    equipmentId: equipmentIdSchema.optional(),
    /** Who acted: a user id, or 'system'. */
    actor: z.union([z.literal(SYSTEM_ACTOR_FILTER), z.guid('validation.userId')]).optional(),
    /** From this time (included)… */
    from: timeInput.optional(),
    /** …up to this one (excluded). */
    to: timeInput.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from < f.to, { message: 'validation.timeRange', path: ['to'] });

export const eventsListInput = z.object({
  filters: eventFilters.default({}),
  cursor: eventCursorSchema.optional(),
  limit: z.number().int().min(1).max(EVENTS_PAGE_MAX).default(50),
});

export const eventResults = ['success', 'failure', 'denied'] as const;

/** A message's parameters: plain values the client puts into its sentence. */
export const eventParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type EventParams = z.infer<typeof eventParamsSchema>;

export const eventItemSchema = z.object({
  /** Stable and unique: `<source>:<row id>[:<fact>]` (e.g. `audit:123`, `alert:<uuid>:raised`). */
  id: z.string(),
  at: z.date(),
  kind: z.enum(eventKinds),
  /**
   * What happened, as a code the client words (event-messages): `alert.raised`, `command.sent`,
   * `device.offline`…, or an audit entry's action (`workOrders.start`, `auth.login`…).
   */
  code: z.string(),
  params: eventParamsSchema,
  severity: z.enum(alertSeverities).nullable(),
  result: z.enum(eventResults).nullable(),
  /** E-mail of who acted, or 'system'. */
  actor: z.string(),
  subject: z.object({ type: z.enum(eventSubjectTypes), id: z.string(), label: z.string().nullable() }).nullable(),
  equipment: z.object({ id: z.string(), name: z.string() }).nullable(),
  facility: z.object({ id: z.string(), name: z.string(), timezone: z.string() }).nullable(),
  /** An alert entry's own text, worded by the client as everywhere else (lib/alert-text). */
  alert: z
    .object({
      message: z.string(),
      messageKey: z.string().nullable(),
      messageParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    })
    .nullable(),
});
export type EventItem = z.infer<typeof eventItemSchema>;

export const eventsListOutput = z.object({
  items: z.array(eventItemSchema),
  /** The next (older) page's cursor, or null at the end. */
  nextCursor: z.string().nullable(),
});

export const eventsCsvOutput = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});

/** Who may appear in the actor filter: people who can act, and 'system'. */
export const eventActorsOutput = z.array(z.object({ id: z.string(), email: z.string() }));
