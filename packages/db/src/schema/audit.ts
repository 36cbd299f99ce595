import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, to what, from where, with which result — every auth event, control action and
 * change to records. Also tells the addresses an account signed in from (auth throttling).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    result: text('result', { enum: ['success', 'failure', 'denied'] }).notNull(),
    details: jsonb('details'),
    /**
     * Where the entry's target is, worked out when the entry is written (the `audit_log_place`
     * trigger, ADR 035): the facility and the equipment of the target itself, or of the alert,
     * work order, plan, room or light schedule it names. Null when the target is none of these.
     * The events timeline's facility and equipment filters read them on the two indexes below.
     */
    facilityId: uuid('facility_id'),
    equipmentId: text('equipment_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_ip_result_idx').on(t.ip, t.result, t.at),
    // The addresses an account signed in from (sign-in throttling skips the account's delay there).
    index('audit_log_sign_in_idx')
      .on(t.actorEmail, t.ip, t.at)
      .where(sql`${t.action} = 'auth.login' and ${t.result} = 'success'`),
    // One person's entries: "export my data" and their anonymisation (issue 16, ADR 031).
    index('audit_log_user_idx').on(t.userId, t.at),
    // A record's history (a work order's transitions, the events timeline).
    index('audit_log_target_idx').on(t.target, t.at),
    // One facility's or one device's entries, newest first (the events timeline's filters).
    index('audit_log_facility_idx')
      .on(t.facilityId, t.at)
      .where(sql`${t.facilityId} is not null`),
    index('audit_log_equipment_idx')
      .on(t.equipmentId, t.at)
      .where(sql`${t.equipmentId} is not null`),
    // The alerts an acknowledgement entry names (the events timeline reads the others from the
    // alerts table): small, and exact where the planner would otherwise guess one row and scan.
    index('audit_log_alert_ack_idx')
      .on(t.target)
      .where(sql`${t.action} in ('alerts.acknowledge', 'alerts.acknowledgeMany') and ${t.result} = 'success'`),
  ],
);
