/**
 * The alert vocabulary and limits as plain values, without zod: the alerts page imports these
 * at run time, and zod in its chunk would cost the route about 24 KB (gzip) of its budget.
 * Kept in step with the database enums (the shared package never imports the database).
 */
export const alertSeverities = ['critical', 'warning', 'info'] as const;
export type AlertSeverity = (typeof alertSeverities)[number];
export const alertStatuses = ['active', 'acknowledged', 'cleared'] as const;
export type AlertStatus = (typeof alertStatuses)[number];
/** `open` = active or acknowledged: what still needs someone. */
export const alertStatusFilters = [...alertStatuses, 'open'] as const;

export const ALERT_NOTE_MAX = 500;
export const ACKNOWLEDGE_MANY_MAX = 200;
