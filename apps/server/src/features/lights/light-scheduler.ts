import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { lightSchedules } from '@sentinela/db/schema/lighting';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { recordAudit, SYSTEM_ACTOR, type RequestOrigin } from '../../platform/audit';
import {
  executeCommand,
  executeMany,
  type CommandDeps,
  type CommandResult,
  UnsafeCommandError,
} from '../../platform/commands/commands.service';
import { dueAction, isValidTimeZone, type DueAction } from './schedule-time';

/** Where scheduled commands come from, as the audit log records it (never a real address). */
export const SCHEDULER_ORIGIN: RequestOrigin = { ip: 'system', userAgent: 'sentinela-light-scheduler' };

/**
 * How often the schedules are checked: a schedule runs at most this long after it falls due, and
 * when the instance running the ticks dies, the next one runs on another about this long (plus
 * 1 s) after its last tick (ADR 038).
 */
export const SCHEDULER_INTERVAL_MS = 15_000;

export interface LightSchedulerOptions {
  deps: CommandDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface LightScheduler {
  /** One pass: carries out every due schedule; answers how many it carried out. */
  tick(): Promise<number>;
  /** Refuses further passes and waits for the pass in flight. */
  stop(): Promise<void>;
}

interface DueSchedule {
  id: string;
  roomId: string;
  brightness: number;
  due: DueAction;
}

/**
 * The one scheduler of light schedules. Each pass finds the schedules whose newest on/off
 * moment (in their facility's time zone) has passed and was not carried out, claims that
 * moment with a conditional update of last_on_at / last_off_at (so a second pass, or a
 * second server instance, can never act on it again), then switches the room's lights through
 * the ordinary command path as the system, and audits the run. The platform scheduler calls
 * tick() every SCHEDULER_INTERVAL_MS (server.ts).
 */
export function startLightScheduler(options: LightSchedulerOptions): LightScheduler {
  const { deps, log } = options;
  let running: Promise<number> | null = null;
  let stopped = false;
  const badZones = new Set<string>();

  async function findDue(now: Date): Promise<DueSchedule[]> {
    const rows = await deps.db
      .select({
        id: lightSchedules.id,
        roomId: lightSchedules.roomId,
        onTime: lightSchedules.onTime,
        offTime: lightSchedules.offTime,
        days: lightSchedules.days,
        brightness: lightSchedules.brightness,
        updatedAt: lightSchedules.updatedAt,
        lastOnAt: lightSchedules.lastOnAt,
        lastOffAt: lightSchedules.lastOffAt,
        timezone: facilities.timezone,
      })
      .from(lightSchedules)
      .innerJoin(rooms, eq(rooms.id, lightSchedules.roomId))
      .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
      .where(eq(lightSchedules.enabled, true));
    const due: DueSchedule[] = [];
    for (const row of rows) {
      if (!isValidTimeZone(row.timezone)) {
        if (!badZones.has(row.timezone))
          log.warn({ timezone: row.timezone }, 'light schedules skipped: unknown facility time zone');
        badZones.add(row.timezone);
        continue;
      }
      const action = dueAction(row, now, row.timezone);
      if (action) due.push({ id: row.id, roomId: row.roomId, brightness: row.brightness, due: action });
    }
    return due;
  }

  /** Takes the moment for this pass only if nobody did (and the schedule was not edited meanwhile). */
  async function claim(schedule: DueSchedule): Promise<boolean> {
    const { action, at } = schedule.due;
    const column = action === 'on' ? lightSchedules.lastOnAt : lightSchedules.lastOffAt;
    const claimed = await deps.db
      .update(lightSchedules)
      .set(action === 'on' ? { lastOnAt: at } : { lastOffAt: at })
      .where(
        and(
          eq(lightSchedules.id, schedule.id),
          eq(lightSchedules.enabled, true),
          lte(lightSchedules.updatedAt, at),
          or(isNull(column), lt(column, at)),
        ),
      )
      .returning({ id: lightSchedules.id });
    return claimed.length > 0;
  }

  async function carryOut(schedule: DueSchedule): Promise<void> {
    const { action, at } = schedule.due;
    const params = action === 'on' ? { on: true, brightness: schedule.brightness } : { on: false };
    const lights = await deps.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.roomId, schedule.roomId), eq(equipment.kind, 'light'), isNull(equipment.retiredAt)));
    const counts = await executeMany(lights, 25, (light) =>
      executeCommand(deps, SYSTEM_ACTOR, SCHEDULER_ORIGIN, light.id, 'light', 'setLight', params).catch(
        (error: unknown): CommandResult => {
          // A light in maintenance or error is not switched on: executeMany lists it as skipped.
          if (error instanceof UnsafeCommandError) throw error;
          log.warn({ err: error, equipmentId: light.id }, 'scheduled light command failed');
          return { commandId: '', equipmentId: light.id, status: 'failed', error: 'not sent' };
        },
      ),
    );
    await recordAudit(deps.db, SCHEDULER_ORIGIN, {
      action: `lights.schedule.${action}`,
      result: counts.confirmed + counts.skipped.length === counts.total ? 'success' : 'failure',
      userId: null,
      actorEmail: SYSTEM_ACTOR.email,
      target: schedule.id,
      details: { roomId: schedule.roomId, scheduledAt: at.toISOString(), params, ...counts },
    });
    log.info({ schedule: schedule.id, action, ...counts }, 'light schedule carried out');
  }

  async function pass(): Promise<number> {
    // Without a broker nothing could be sent: the moments stay unclaimed until it is back.
    if (!deps.gateway) return 0;
    const due = await findDue(deps.now());
    let carried = 0;
    await Promise.all(
      due.map(async (schedule) => {
        if (!(await claim(schedule))) return;
        carried++;
        await carryOut(schedule);
      }),
    );
    return carried;
  }

  function tick(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    // One pass at a time in this process; the claim guards against other processes.
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    tick,
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}
