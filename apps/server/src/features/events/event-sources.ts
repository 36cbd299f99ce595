import { sql, type SQL } from 'drizzle-orm';
import type { EventKind } from '@sentinela/shared/events';
import { SYSTEM_ACTOR } from '../../platform/audit';
import type { PlacesPending } from '../../platform/place-backfill';

/**
 * The facts of the events timeline, one SQL source each, every fact read from ONE place
 * (ADR 018):
 *
 * - audit_log: every audited action, except what another source below words better —
 *   `command.*` (the commands table holds the same request and outcome) and `alerts.clear`
 *   (the alert's own cleared columns, which also hold automatic clears);
 * - alerts: raised, cleared, and acknowledged when no audit entry says so (the demo's past);
 * - alert_changes: escalated and de-escalated;
 * - commands: sent and their outcome;
 * - equipment_status_changes: online, offline, maintenance, error.
 *
 * Every source answers the same columns, `ORDER BY at DESC, id DESC LIMIT n` under the filters
 * and the cursor, so the caller merges a few short, index-ordered lists.
 */

export interface SourceFilters {
  kinds: ReadonlySet<EventKind> | null;
  facilityId?: string;
  equipmentId?: string;
  /** A user id, or 'system'. */
  actor?: string;
  from?: Date;
  to?: Date;
  /** Account events are for administrators. */
  admin: boolean;
  /** Older than this position (exclusive). */
  cursor?: { at: string; id: string };
  /**
   * What the place backfill has not placed yet (null: everything is placed): those rows are
   * found by their joins, as before the place columns (ADR 035).
   */
  pending?: PlacesPending | null;
}

const UUID_RE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const SYSTEM_ID = SYSTEM_ACTOR.id;

/** The time as a fixed-width UTC text to the microsecond: the cursor's exact key, and sortable as text. */
const atKey = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The action prefixes of each kind, as the audit log spells them. */
const auditKindPatterns: Record<Exclude<EventKind, 'device' | 'system'>, string[]> = {
  alert: ['alerts.%'],
  command: ['command.%'],
  workOrder: ['workOrders.%', 'maintenancePlans.%'],
  schedule: ['lights.schedule%'],
  registry: ['facilities.%', 'rooms.%', 'equipment.%', 'registry.%', 'deviceCredentials.%'],
  settings: ['settings.%'],
  account: ['auth.%', 'users.%', 'account.%', 'privacy.%'],
  notification: ['notification.%', 'notifications.%'],
  procurement: ['suppliers.%', 'purchaseOrders.%', 'parts.%', 'stock.%', 'stockLocations.%'],
};

const likeAny = (column: SQL, patterns: string[]) =>
  sql`(${sql.join(
    patterns.map((p) => sql`${column} like ${p}`),
    sql` or `,
  )})`;

/** The kind of an audit entry, from its action (worked out here, not in SQL: a shorter plan). */
export function auditKindOf(action: string): EventKind {
  for (const [kind, patterns] of Object.entries(auditKindPatterns))
    if (patterns.some((p) => action.startsWith(p.slice(0, -1)))) return kind as EventKind;
  return 'system';
}

interface Source {
  kind: EventKind;
  /** The fact's time and stable id expressions (for the cursor, range and order). */
  at: SQL;
  id: SQL;
  /** select list after at/id (the shared columns), from, joins, and the source's own conditions. */
  body: (where: SQL, limit: number) => SQL;
  /** Conditions for the shared filters, or null when the source cannot match them (skipped). */
  facility: (id: string, pending: PlacesPending | null) => SQL | null;
  equipment: (id: string) => SQL | null;
  actor: (actor: string) => SQL | null;
}

function conditions(source: Source, f: SourceFilters, extra: SQL[] = []): SQL[] | null {
  const parts = [...extra];
  if (f.from) parts.push(sql`${source.at} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`${source.at} < ${f.to.toISOString()}::timestamptz`);
  if (f.cursor) {
    const at = sql`${f.cursor.at}::timestamptz`;
    parts.push(sql`${source.at} <= ${at} and (${source.at} < ${at} or ${source.id} collate "C" < ${f.cursor.id})`);
  }
  for (const [value, of] of [
    [f.facilityId, (id: string) => source.facility(id, f.pending ?? null)],
    [f.equipmentId, source.equipment],
    [f.actor, source.actor],
  ] as const) {
    if (value === undefined) continue;
    const condition = of(value);
    if (!condition) return null;
    parts.push(condition);
  }
  return parts;
}

/** One source's page under the filters, or null when the filters rule it out. */
function sourceQuery(source: Source, f: SourceFilters, limit: number, extra: SQL[] = []): SQL | null {
  if (f.kinds && !f.kinds.has(source.kind)) return null;
  const parts = conditions(source, f, extra);
  if (!parts) return null;
  const where = parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  return sql`select ${source.id} as id, ${atKey(source.at)} as at_key, ${source.body(where, limit)}
    order by ${source.at} desc, ${source.id} collate "C" desc limit ${limit}`;
}

const systemActor = (user: SQL) => sql`(${user} is null or ${user} = ${SYSTEM_ID}::uuid)`;
const actorIs = (user: SQL, actor: string) => (actor === 'system' ? systemActor(user) : sql`${user} = ${actor}::uuid`);
const actorEmail = (user: SQL) =>
  sql`coalesce((select u.email from users u where u.id = ${user} and u.id <> ${SYSTEM_ID}::uuid), 'system')`;

/** Columns after id and at_key, in this order, for every source. */
const noAlert = sql`null::text as alert_message, null::text as alert_key, null::jsonb as alert_params`;
const place = sql`e.id as equipment_id, e.name as equipment_name, f.id::text as facility_id, f.name as facility_name, f.timezone as facility_tz`;

// ——— audit_log ———

const auditOrder = sql`a.at desc, ('audit:' || a.id::text) collate "C" desc`;
const auditIs = (prefix: string) => sql`a.action like ${`${prefix}%`}`;

/**
 * The audit rows' page first (on audit_log alone, in its index's order), then what they name,
 * each subject joined on the page's own uuid column (`target_uuid`, worked out once per row):
 * joining before the limit would join the whole log. The kind is worked out by the caller
 * (auditKindOf), so the plan stays short.
 */
const auditSelect = (
  page: SQL,
  limit: number,
) => sql`select ('audit:' || a.id::text) as id, ${atKey(sql`a.at`)} as at_key,
      null::text as kind, a.action as code,
      coalesce(a.details, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('number', wo.number, 'title', coalesce(wo.title, mp.title))) as params,
      al.severity as severity, a.result as result,
      coalesce(a.actor_email, 'system') as actor,
      (case when al.id is not null or ${auditIs('alerts.')} then 'alert'
            when wo.id is not null or ${auditIs('workOrders.')} then 'workOrder'
            when mp.id is not null then 'plan'
            when ls.id is not null then 'schedule'
            when ${auditIs('facilities.')} and f.id = a.target_uuid then 'facility'
            when ${auditIs('rooms.')} and r.id is not null then 'room'
            when e.id is not null and a.equipment_target is not null then 'equipment'
            when ${auditIs('users.')} then 'user' end) as subject_type,
      a.target as subject_id,
      coalesce(wo.number, mp.title, r.name, case when ${auditIs('facilities.')} then f.name end, e.name,
               case when ${auditIs('users.')} then a.target end) as subject_label,
      ${place}, ${noAlert}
    from (select a.*, (case when a.target ~ ${UUID_RE} then a.target::uuid end) as target_uuid,
                 (case when a.action like 'equipment.%' or a.action like 'deviceCredentials.%' then a.target end) as equipment_target
            from (${page}) a) a
    left join alerts al on ${auditIs('alerts.')} and al.id = a.target_uuid
    left join work_orders wo on ${auditIs('workOrders.')} and wo.id = a.target_uuid
    left join maintenance_plans mp on ${auditIs('maintenancePlans.')} and mp.id = a.target_uuid
    left join light_schedules ls on ${auditIs('lights.schedule')} and ls.id = a.target_uuid
    -- one rooms join: a schedule's room, or the room an entry names
    left join rooms r on r.id = coalesce(ls.room_id, case when ${auditIs('rooms.')} then a.target_uuid end)
    left join equipment e on e.id = coalesce(al.equipment_id, wo.equipment_id, mp.equipment_id, a.equipment_target)
    -- one facilities join: the place's, or the facility an entry names
    left join facilities f on f.id = coalesce(e.facility_id, wo.facility_id, mp.facility_id, r.facility_id,
                                              case when ${auditIs('facilities.')} then a.target_uuid end)
    order by ${auditOrder} limit ${limit}`;

/** The audit_log's time and id, for the shared range and cursor conditions. */
const auditSource: Pick<Source, 'at' | 'id'> = { at: sql`a.at`, id: sql`('audit:' || a.id::text)` };

/**
 * The audit source's page, on audit_log alone in its index's order. An equipment or facility
 * filter reads the entry's own place (`equipment_id`, `facility_id`: worked out when it was
 * written, ADR 035) on its `(…, at)` index: one range, newest first.
 */
function auditQuery(f: SourceFilters, limit: number): SQL {
  const parts = [...auditConditions(f)];
  if (f.from) parts.push(sql`a.at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`a.at < ${f.to.toISOString()}::timestamptz`);
  if (f.cursor) {
    const at = sql`${f.cursor.at}::timestamptz`;
    parts.push(sql`a.at <= ${at} and (a.at < ${at} or ${auditSource.id} collate "C" < ${f.cursor.id})`);
  }
  if (f.actor !== undefined) parts.push(actorIs(sql`a.user_id`, f.actor));
  // Entries the place backfill has not reached yet: their place worked out as they are read.
  const below = f.pending?.auditBelow ?? null;
  const unplaced = (column: 'facility' | 'equipment', value: SQL) =>
    below === null
      ? sql``
      : sql` or (a.id <= ${below} and a.target is not null and a.facility_id is null and a.equipment_id is null
              and (select p.${sql.raw(column)} from audit_place(a.action, a.target) p) = ${value})`;
  if (f.equipmentId !== undefined)
    parts.push(sql`(a.equipment_id = ${f.equipmentId}${unplaced('equipment', sql`${f.equipmentId}`)})`);
  if (f.facilityId !== undefined)
    parts.push(sql`(a.facility_id = ${f.facilityId}::uuid${unplaced('facility', sql`${f.facilityId}::uuid`)})`);
  const where = sql.join(parts, sql` and `);
  return auditSelect(sql`select * from audit_log a where ${where} order by ${auditOrder} limit ${limit}`, limit);
}

/** What the audit source leaves to the others, and what nobody but administrators sees. */
function auditConditions(f: SourceFilters): SQL[] {
  const parts: SQL[] = [
    sql`a.action not like 'command.%'`,
    sql`not (a.action = 'alerts.clear' and a.result = 'success')`,
    // Acknowledging an acknowledged alert changes nothing: not a fact.
    sql`not (a.action = 'alerts.acknowledge' and coalesce(a.details ->> 'alreadyAcknowledged', '') = 'true')`,
  ];
  if (f.kinds) {
    const kinds = [...f.kinds].filter((k) => k !== 'device');
    const matches: SQL[] = [];
    for (const kind of kinds) {
      if (kind === 'system') {
        matches.push(sql`not ${likeAny(sql`a.action`, Object.values(auditKindPatterns).flat())}`);
      } else matches.push(likeAny(sql`a.action`, auditKindPatterns[kind]));
    }
    parts.push(matches.length > 0 ? sql`(${sql.join(matches, sql` or `)})` : sql`false`);
  }
  if (!f.admin) parts.push(sql`not ${likeAny(sql`a.action`, auditKindPatterns.account)}`);
  return parts;
}

// ——— alerts ———

const alertColumns = sql`al.message as alert_message, al.message_key as alert_key, al.message_params as alert_params`;
const alertFrom = (where: SQL) => sql`from alerts al
    left join equipment e on e.id = al.equipment_id
    left join facilities f on f.id = e.facility_id
    ${where}`;
/**
 * A row's own facility (set on insert, ADR 035), or, while the place backfill has rows of its
 * table left, its equipment's (`e`, joined by the source) for those.
 */
const placedIn = (column: SQL, id: string, pending: boolean) =>
  pending
    ? sql`(${column} = ${id}::uuid or (${column} is null and e.facility_id = ${id}::uuid))`
    : sql`${column} = ${id}::uuid`;
const alertPlace = {
  facility: (id: string, pending: PlacesPending | null) => placedIn(sql`al.facility_id`, id, pending?.alerts ?? false),
  equipment: (id: string) => sql`al.equipment_id = ${id}`,
};
const alertSubject = sql`'alert' as subject_type, al.id::text as subject_id, null::text as subject_label`;

const alertRaised: Source = {
  kind: 'alert',
  at: sql`al.raised_at`,
  id: sql`('alert:' || al.id::text || ':1-raised')`,
  body: (where) => sql`'alert' as kind, 'alert.raised' as code, jsonb_build_object('value', al.value) as params,
      al.severity as severity, null::text as result, 'system' as actor, ${alertSubject}, ${place}, ${alertColumns}
    ${alertFrom(where)}`,
  ...alertPlace,
  actor: (actor) => (actor === 'system' ? sql`true` : null),
};

const alertAcknowledged: Source = {
  kind: 'alert',
  at: sql`al.acknowledged_at`,
  id: sql`('alert:' || al.id::text || ':2-acknowledged')`,
  body: (
    where,
  ) => sql`'alert' as kind, 'alert.acknowledged' as code, jsonb_build_object('note', al.acknowledge_note) as params,
      al.severity as severity, null::text as result, ${actorEmail(sql`al.acknowledged_by`)} as actor, ${alertSubject}, ${place}, ${alertColumns}
    ${alertFrom(where)}`,
  ...alertPlace,
  actor: (actor) => actorIs(sql`al.acknowledged_by`, actor),
};
/** Acknowledgements the audit log does not hold (the demo's past): the audit's are read from there. */
const notAuditedAcknowledgement = sql`al.acknowledged_at is not null and not exists (
  select 1 from audit_log x where x.target = al.id::text and x.action in ('alerts.acknowledge', 'alerts.acknowledgeMany')
     and x.result = 'success')`;

const alertCleared: Source = {
  kind: 'alert',
  at: sql`al.cleared_at`,
  id: sql`('alert:' || al.id::text || ':3-cleared')`,
  body: (where) => sql`'alert' as kind, 'alert.cleared' as code,
      jsonb_build_object('note', al.clear_note, 'automatic', al.cleared_by is null) as params,
      al.severity as severity, null::text as result, ${actorEmail(sql`al.cleared_by`)} as actor, ${alertSubject}, ${place}, ${alertColumns}
    ${alertFrom(where)}`,
  ...alertPlace,
  actor: (actor) => actorIs(sql`al.cleared_by`, actor),
};

const alertChanged: Source = {
  kind: 'alert',
  at: sql`c.at`,
  id: sql`('alertChange:' || c.id::text)`,
  body: (where) => sql`'alert' as kind,
      (case when c.to_severity = 'critical' or (c.to_severity = 'warning' and c.from_severity = 'info') then 'alert.escalated' else 'alert.deescalated' end) as code,
      jsonb_build_object('from', c.from_severity, 'to', c.to_severity, 'value', c.value) as params,
      c.to_severity as severity, null::text as result, 'system' as actor, ${alertSubject}, ${place}, ${alertColumns}
    from alert_changes c join alerts al on al.id = c.alert_id
    left join equipment e on e.id = al.equipment_id
    left join facilities f on f.id = e.facility_id
    ${where}`,
  ...alertPlace,
  actor: (actor) => (actor === 'system' ? sql`true` : null),
};

// ——— commands ———

const commandFrom = (where: SQL) => sql`from commands c
    join equipment e on e.id = c.equipment_id
    join facilities f on f.id = e.facility_id
    ${where}`;
const commandPlace = {
  facility: (id: string, pending: PlacesPending | null) => placedIn(sql`c.facility_id`, id, pending?.commands ?? false),
  equipment: (id: string) => sql`c.equipment_id = ${id}`,
  actor: (actor: string) => actorIs(sql`c.requested_by`, actor),
};
const equipmentSubject = sql`'equipment' as subject_type, e.id as subject_id, e.name as subject_label`;

const commandSent: Source = {
  kind: 'command',
  at: sql`c.requested_at`,
  id: sql`('command:' || c.id::text || ':1-sent')`,
  body: (where) => sql`'command' as kind, 'command.sent' as code,
      c.payload || jsonb_build_object('action', c.action) as params,
      null::text as severity, null::text as result, ${actorEmail(sql`c.requested_by`)} as actor,
      ${equipmentSubject}, ${place}, ${noAlert}
    ${commandFrom(where)}`,
  ...commandPlace,
};

const commandOutcome: Source = {
  kind: 'command',
  at: sql`c.completed_at`,
  id: sql`('command:' || c.id::text || ':2-outcome')`,
  body: (where) => sql`'command' as kind, 'command.' || c.status as code,
      c.payload || jsonb_strip_nulls(jsonb_build_object('action', c.action, 'error', c.error, 'errorCode', c.error_code)) as params,
      null::text as severity, (case when c.status = 'confirmed' then 'success' else 'failure' end) as result,
      ${actorEmail(sql`c.requested_by`)} as actor, ${equipmentSubject}, ${place}, ${noAlert}
    ${commandFrom(where)}`,
  ...commandPlace,
};

// ——— equipment_status_changes ———

/**
 * The page is taken on the status changes alone, then joined: many changes share one time (a
 * site's devices seeded at once), and ordering them by id meant joining every one of them first
 * (PGlite: 200 ms for 5,000 at the ×10 site's newest time).
 */
const statusChanged: Source = {
  kind: 'device',
  at: sql`s.at`,
  id: sql`('status:' || s.id::text)`,
  body: (
    where,
    limit,
  ) => sql`'device' as kind, 'device.' || s.to_status as code, jsonb_build_object('from', s.from_status) as params,
      null::text as severity, null::text as result, 'system' as actor, ${equipmentSubject}, ${place}, ${noAlert}
    from (select s.* from equipment_status_changes s ${where}
           order by s.at desc, ('status:' || s.id::text) collate "C" desc limit ${limit}) s
    join equipment e on e.id = s.equipment_id
    join facilities f on f.id = e.facility_id`,
  // The changes' own facility (ADR 035) on their (facility_id, at) index; the unplaced ones by their equipment.
  facility: (id, pending) =>
    pending?.statusChanges
      ? sql`(s.facility_id = ${id}::uuid or (s.facility_id is null
              and s.equipment_id in (select x.id from equipment x where x.facility_id = ${id}::uuid)))`
      : sql`s.facility_id = ${id}::uuid`,
  equipment: (id) => sql`s.equipment_id = ${id}`,
  actor: (actor) => (actor === 'system' ? sql`true` : null),
};

/** Every source's query for one page (limit rows each), the ones the filters rule out left out. */
export function sourceQueries(f: SourceFilters, limit: number): SQL[] {
  const auditKinds = !f.kinds || [...f.kinds].some((k) => k !== 'device');
  const queries = [
    // The audit source's kinds are several: its kind filter is in auditConditions.
    auditKinds ? auditQuery(f, limit) : null,
    sourceQuery(alertRaised, f, limit),
    sourceQuery(alertAcknowledged, f, limit, [notAuditedAcknowledgement]),
    sourceQuery(alertCleared, f, limit, [sql`al.cleared_at is not null`]),
    sourceQuery(alertChanged, f, limit),
    sourceQuery(commandSent, f, limit),
    sourceQuery(commandOutcome, f, limit, [sql`c.completed_at is not null and c.status <> 'pending'`]),
    sourceQuery(statusChanged, f, limit),
  ];
  return queries.filter((q): q is SQL => q !== null);
}
