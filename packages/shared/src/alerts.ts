import { z } from 'zod';
import { workOrderStatusValues } from './maintenance';
import {
  ACKNOWLEDGE_MANY_MAX,
  ALERT_NOTE_MAX,
  alertSeverities,
  alertStatuses,
  alertStatusFilters,
} from './alert-values';
import { pageInput, pageOf } from './page';
import { countsOf } from './plant';

// The plain values live in alert-values.ts (no zod, for the client's bundle); named here too.
export { ACKNOWLEDGE_MANY_MAX, ALERT_NOTE_MAX, alertSeverities, alertStatuses, alertStatusFilters };
export type { AlertSeverity, AlertStatus } from './alert-values';

export const alertMessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

// guid, not uuid: any 8-4-4-4-12 hex id PostgreSQL accepts (seeded rows need not be RFC 4122).
const alertId = z.guid('validation.alertId');

/** An optional note: blank means none. */
const optionalNote = z
  .string()
  .trim()
  .max(ALERT_NOTE_MAX, 'validation.noteTooLong')
  .optional()
  .transform((note) => (note ? note : undefined));

export const listAlertsInput = z
  .object({
    status: z.enum(alertStatusFilters).optional(),
    severity: z.enum(alertSeverities).optional(),
    equipmentId: z.string().trim().min(1).max(64).optional(),
    /** One alert alone (a link to it: /alerts?alert=<id>), whatever the other filters say. */
    id: alertId.optional(),
    ...pageInput(25, 200),
  })
  .default({ page: 1, pageSize: 25 });

export const acknowledgeAlertInput = z.object({ id: alertId, note: optionalNote });

export const acknowledgeManyAlertsInput = z.object({
  ids: z.array(alertId).min(1, 'validation.alertIdsCount').max(ACKNOWLEDGE_MANY_MAX, 'validation.alertIdsCount'),
  note: optionalNote,
});

export const clearAlertInput = z.object({
  id: alertId,
  note: z
    .string('validation.noteRequired')
    .trim()
    .min(1, 'validation.noteRequired')
    .max(ALERT_NOTE_MAX, 'validation.noteTooLong'),
});

/** A threshold alert moved to another band of its metric: escalated (worse) or de-escalated (milder). */
export const alertChangeSchema = z.object({
  at: z.date(),
  fromSeverity: z.enum(alertSeverities),
  toSeverity: z.enum(alertSeverities),
  value: z.number().nullable(),
  /** An escalation made an acknowledged alert active again. */
  acknowledgementReset: z.boolean(),
});
export type AlertChange = z.infer<typeof alertChangeSchema>;

export const alertItemSchema = z.object({
  id: z.string(),
  /** Null for a site alert: about the portal itself (the MQTT broker…), not a device. */
  equipmentId: z.string().nullable(),
  equipmentName: z.string().nullable(),
  facilityName: z.string().nullable(),
  /** The facility's IANA time zone: the alert's times show in it (null for a site alert). */
  facilityTimezone: z.string().nullable(),
  severity: z.enum(alertSeverities),
  /** Portuguese: the fallback when there is no key (rows older than the keys). */
  message: z.string(),
  /** The message as a key and parameters (alert-messages.ts), worded by the client; null on old rows. */
  messageKey: z.string().nullable(),
  messageParams: alertMessageParamsSchema.nullable(),
  value: z.number().nullable(),
  status: z.enum(alertStatuses),
  /** 'threshold:<metric>', 'silence', 'event:<name>' or a site alert's ('broker:dropped'). */
  source: z.string(),
  raisedAt: z.date(),
  acknowledgedAt: z.date().nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgeNote: z.string().nullable(),
  clearedAt: z.date().nullable(),
  /** Null on a cleared alert: cleared automatically (back to normal, data again). */
  clearedByName: z.string().nullable(),
  clearNote: z.string().nullable(),
  /** The threshold rule of its current band (source 'threshold:<metric>'), as it stands now; null otherwise. */
  rule: z
    .object({
      name: z.string(),
      /** A seeded rule's name key (translated by the client); null for a rule people wrote. */
      nameKey: z.string().nullable(),
      metric: z.string(),
      comparison: z.enum(['above', 'below']),
      threshold: z.number(),
      clearAt: z.number(),
    })
    .nullable(),
  /** Its history between raised and cleared: band changes, oldest first. */
  changes: z.array(alertChangeSchema),
  /** The work order opened from it (an open one first, else the latest); null when none. */
  workOrder: z.object({ id: z.string(), number: z.string(), status: z.enum(workOrderStatusValues) }).nullable(),
});
export type AlertItem = z.infer<typeof alertItemSchema>;

export const alertCountsSchema = countsOf(['total', ...alertSeverities]);
export type AlertCounts = z.infer<typeof alertCountsSchema>;

export const listAlertsOutput = pageOf(alertItemSchema).extend({
  /** Open alerts (active + acknowledged) by severity; only the equipmentId filter applies. */
  counts: alertCountsSchema,
});
export type ListAlertsOutput = z.infer<typeof listAlertsOutput>;

export const acknowledgeManyOutput = z.object({ acknowledged: z.number().int() });
