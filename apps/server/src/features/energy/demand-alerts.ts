import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import { demandAlertMessage, type DemandAlertText } from '@sentinela/shared/alert-messages';
import type { DemandStatus } from '@sentinela/shared/energy';
import { billingPeriod, tariffFor, tariffPost, type TariffPost } from '@sentinela/shared/energy-billing';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { raiseOrChangeSiteAlert } from '../../platform/site-alerts';
import { countedMeters } from '../plant/meters-sql';
import { getEnergyTariff } from '../settings/settings.service';
import { demandStatus } from './energy-bill.service';
import { intervalRow } from './energy-usage.service';

/** The site alert of a facility's demand: one open per facility (it belongs to no equipment). */
export const demandAlertSource = (facilityId: string) => `energy:demand:${facilityId}`;

const INTERVAL_MS = 15 * 60_000;
/** How far back a run looks: the intervals closed since then (a missed run or a restart is caught up). */
const LOOKBACK_MS = 2 * 3_600_000;

const facilityRow = z.object({ id: z.string(), name: z.string(), today: z.string() });
const alertedRow = z.object({ severity: z.string() });

export interface DemandCheck {
  facilityId: string;
  status: DemandStatus;
  peakKw: number;
  contractedKw: number;
  post: TariffPost;
  /** What the run did: raised a new alert, moved the open one to a worse level, or nothing. */
  action: 'raised' | 'escalated' | 'none';
}

const LEVEL_RANK: Record<DemandStatus, number> = { ok: 0, near: 1, over: 2 };
const SEVERITY_LEVEL: Record<string, DemandStatus> = { warning: 'near', critical: 'over' };
const ptPeak = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const ptContracted = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** The Portuguese rendering stored beside the message key (the client words the key). */
export function demandAlertPortuguese(level: 'near' | 'over', text: DemandAlertText): string {
  const post = text.post === 'ponta' ? ' na ponta' : '';
  return level === 'over'
    ? `Ultrapassagem de demanda em ${text.facility}: ${ptPeak.format(text.peakKw)} kW em 15 min, contratada ${ptContracted.format(text.contractedKw)} kW${post} (tolerância de 5 %)`
    : `Demanda perto da contratada em ${text.facility}: ${ptPeak.format(text.peakKw)} kW em 15 min, contratada ${ptContracted.format(text.contractedKw)} kW${post}`;
}

/**
 * Checks each facility's 15-minute demand (its counted meters' kW from the minute rollups, summed
 * and averaged over each closed interval of the last two hours) against its contracted demand:
 * past contracted × 1.05 is an overrun (critical alert), from 95 % on it is near (warning). Azul
 * checks each post against its own contracted value. Each facility is alerted once per billing
 * month and level: the month's alerts (cleared ones too) say which level was already told; a
 * worse level moves the open alert up (or raises a new one when the milder one was cleared).
 */
export async function checkDemandAlerts(
  db: Database,
  bus: { publish(event: LiveEvent): void },
  now: Date,
): Promise<DemandCheck[]> {
  const tariff = await getEnergyTariff(db);
  const to = new Date(Math.floor(now.getTime() / INTERVAL_MS) * INTERVAL_MS);
  const from = new Date(to.getTime() - LOOKBACK_MS);
  const facilities = parseRows(
    facilityRow,
    await db.execute(sql`
      select id, name, to_char(${now.toISOString()}::timestamptz at time zone timezone, 'YYYY-MM-DD') as today
        from facilities order by name, id`),
  );
  const intervals = parseRows(
    intervalRow,
    await db.execute(sql`
      with meters as (${countedMeters()}),
      minutes as (
        select m.facility_id, t.bucket, sum(t.sum / nullif(t.count, 0)) as kw
          from telemetry_1m t
          join meters m on m.id = t.equipment_id
         where t.metric = 'powerKw'
           and t.bucket >= ${from.toISOString()}::timestamptz and t.bucket < ${to.toISOString()}::timestamptz
         group by m.facility_id, t.bucket
      ),
      intervals as (
        select facility_id, to_timestamp(floor(extract(epoch from bucket) / 900) * 900) as start, avg(kw) as kw
          from minutes
         group by 1, 2
      )
      select i.facility_id, i.start, i.kw,
             to_char(i.start at time zone f.timezone, 'YYYY-MM-DD') as day,
             extract(isodow from i.start at time zone f.timezone) as dow,
             (extract(hour from i.start at time zone f.timezone) * 60
               + extract(minute from i.start at time zone f.timezone)) as minute
        from intervals i
        join facilities f on f.id = i.facility_id
       where i.kw is not null`),
  );

  const checks: DemandCheck[] = [];
  for (const facility of facilities) {
    const own = tariffFor(tariff, facility.id);
    const period = billingPeriod(facility.today, own.meterReadingDay);
    let worst: Omit<DemandCheck, 'facilityId' | 'action'> | null = null;
    for (const interval of intervals) {
      if (interval.facility_id !== facility.id || interval.day < period.start || interval.day >= period.end) continue;
      const post = tariffPost(own, { date: interval.day, isoDow: interval.dow, minute: interval.minute });
      const contractedKw =
        own.modality === 'azul' && post === 'ponta' ? own.contractedPeakDemandKw : own.contractedDemandKw;
      if (contractedKw <= 0) continue;
      const status = demandStatus(interval.kw, contractedKw);
      const candidate = { status, peakKw: interval.kw, contractedKw, post };
      if (
        !worst ||
        LEVEL_RANK[status] > LEVEL_RANK[worst.status] ||
        (status === worst.status && interval.kw / contractedKw > worst.peakKw / worst.contractedKw)
      )
        worst = candidate;
    }
    if (!worst) continue;
    const check: DemandCheck = { facilityId: facility.id, ...worst, action: 'none' };
    checks.push(check);
    if (worst.status === 'ok') continue;
    const level = worst.status;
    const source = demandAlertSource(facility.id);
    const told = parseRows(
      alertedRow,
      await db.execute(sql`
        select severity from alerts
         where source = ${source} and equipment_id is null and message_params ->> 'month' = ${period.start}`),
    ).reduce((rank, row) => Math.max(rank, LEVEL_RANK[SEVERITY_LEVEL[row.severity] ?? 'ok']), 0);
    if (told >= LEVEL_RANK[level]) continue;
    const text: DemandAlertText = {
      facility: facility.name,
      peakKw: worst.peakKw,
      contractedKw: worst.contractedKw,
      post: worst.post,
      month: period.start,
    };
    const result = await raiseOrChangeSiteAlert(db, bus, {
      source,
      severity: level === 'over' ? 'critical' : 'warning',
      message: demandAlertPortuguese(level, text),
      text: demandAlertMessage(level, text),
      value: Math.round(worst.peakKw * 10) / 10,
      at: now,
    });
    check.action = result.raised ? 'raised' : 'escalated';
  }
  return checks;
}
