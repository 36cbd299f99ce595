import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import {
  DEMAND_NEAR_SHARE,
  type DemandStatus,
  type EnergyBill,
  type FacilityBill,
  type energyBillInput,
} from '@sentinela/shared/energy';
import {
  OVERRUN_TOLERANCE,
  billingPeriod,
  computeBill,
  projectUsage,
  tariffFor,
} from '@sentinela/shared/energy-billing';
import type { EnergyTariff } from '@sentinela/shared/settings';
import { getEnergyTariff } from '../settings/settings.service';
import { facilityUsage } from './energy-usage.service';

const facilityRow = z.object({ id: z.string(), name: z.string(), timezone: z.string(), today: z.string() });
const spanRow = z.object({ from: z.coerce.date(), to: z.coerce.date() });

/** Where a peak stands against its contracted demand. */
export function demandStatus(peakKw: number, contractedKw: number): DemandStatus {
  if (peakKw > contractedKw * (1 + OVERRUN_TOLERANCE)) return 'over';
  return peakKw >= contractedKw * DEMAND_NEAR_SHARE ? 'near' : 'ok';
}

/** The month-to-date and projected bills of each facility (or one), under the site's tariff. */
export async function energyBills(
  db: Database,
  input: z.output<typeof energyBillInput>,
  now: Date,
): Promise<EnergyBill> {
  const tariff = await getEnergyTariff(db);
  const facilities = parseRows(
    facilityRow,
    await db.execute(sql`
      select id, name, timezone, to_char(${now.toISOString()}::timestamptz at time zone timezone, 'YYYY-MM-DD') as today
        from facilities
       ${input.facilityId ? sql`where id = ${input.facilityId}` : sql``}
       order by name, id`),
  );
  const bills: FacilityBill[] = [];
  for (const facility of facilities) bills.push(await facilityBill(db, facility, tariffFor(tariff, facility.id), now));
  const sum = (pick: (b: FacilityBill) => number) => Math.round(bills.reduce((t, b) => t + pick(b), 0) * 100) / 100;
  return {
    modality: tariff.modality,
    flag: tariff.flag,
    facilities: bills,
    total: { monthToDate: sum((b) => b.monthToDate.total), projected: sum((b) => b.projected.total) },
  };
}

async function facilityBill(
  db: Database,
  facility: z.infer<typeof facilityRow>,
  tariff: EnergyTariff,
  now: Date,
): Promise<FacilityBill> {
  const period = billingPeriod(facility.today, tariff.meterReadingDay);
  const [span] = parseRows(
    spanRow,
    await db.execute(sql`
      select (${period.start}::date::timestamp at time zone ${facility.timezone}) as "from",
             (${period.end}::date::timestamp at time zone ${facility.timezone}) as "to"`),
  );
  if (!span) throw new Error('no billing span');
  const until = new Date(Math.min(now.getTime(), span.to.getTime()));
  const measured = await facilityUsage(db, facility.id, span.from, until, tariff);
  const totalHours = (span.to.getTime() - span.from.getTime()) / 3_600_000;
  const elapsedHours = Math.max(0, (until.getTime() - span.from.getTime()) / 3_600_000);
  const azul = tariff.modality === 'azul';
  const peak = measured.usage.peakDemandKw;
  const status = azul
    ? worse(
        demandStatus(peak.ponta, tariff.contractedPeakDemandKw),
        demandStatus(peak.foraPonta, tariff.contractedDemandKw),
      )
    : demandStatus(Math.max(peak.ponta, peak.foraPonta), tariff.contractedDemandKw);
  return {
    facilityId: facility.id,
    facilityName: facility.name,
    timezone: facility.timezone,
    period,
    elapsed: totalHours > 0 ? Math.min(1, elapsedHours / totalHours) : 0,
    monthToDate: computeBill(tariff, measured.usage),
    projected: computeBill(tariff, projectUsage(measured.usage, elapsedHours, totalHours)),
    kwh: measured.usage.kwh,
    peak: measured.peak,
    contracted: { ponta: azul ? tariff.contractedPeakDemandKw : null, foraPonta: tariff.contractedDemandKw },
    demandStatus: status,
    powerFactor: measured.powerFactor,
    reactiveExcessKvarh: measured.usage.reactiveExcessKvarh,
    estimatedDemandHours: measured.estimatedDemandHours,
    hoursWithData: measured.hoursWithData,
  };
}

const order: DemandStatus[] = ['ok', 'near', 'over'];
const worse = (a: DemandStatus, b: DemandStatus) => (order.indexOf(a) >= order.indexOf(b) ? a : b);
