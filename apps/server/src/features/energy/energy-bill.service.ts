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
import { facilitiesUsage, type FacilityUsage } from './energy-usage.service';

const facilityRow = z.object({ id: z.string(), name: z.string(), timezone: z.string(), today: z.string() });
const spanRow = z.object({ id: z.string(), from: z.coerce.date(), to: z.coerce.date() });

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
  if (facilities.length === 0)
    return { modality: tariff.modality, flag: tariff.flag, facilities: [], total: { monthToDate: 0, projected: 0 } };
  // Every facility's billing span in its own time zone, in one query; then their use, in two.
  const periods = facilities.map((f) => billingPeriod(f.today, tariff.meterReadingDay));
  const spans = new Map(
    parseRows(
      spanRow,
      await db.execute(sql`
        select s.id::text as id, (s.start_day::timestamp at time zone f.timezone) as "from",
               (s.end_day::timestamp at time zone f.timezone) as "to"
          from (values ${sql.join(
            facilities.map((f, i) => sql`(${f.id}::uuid, ${periods[i]!.start}::date, ${periods[i]!.end}::date)`),
            sql`, `,
          )}) s (id, start_day, end_day)
          join facilities f on f.id = s.id`),
    ).map((row) => [row.id, row]),
  );
  const inputs = facilities.map((facility, i) => {
    const span = spans.get(facility.id);
    if (!span) throw new Error('no billing span');
    const until = new Date(Math.min(now.getTime(), span.to.getTime()));
    return { facility, period: periods[i]!, span, until, tariff: tariffFor(tariff, facility.id) };
  });
  const usages = await facilitiesUsage(
    db,
    inputs.map((b) => ({ facilityId: b.facility.id, from: b.span.from, to: b.until, tariff: b.tariff })),
  );
  const bills = inputs.map((b) => facilityBill(b, usages.get(b.facility.id)!));
  const sum = (pick: (b: FacilityBill) => number) => Math.round(bills.reduce((t, b) => t + pick(b), 0) * 100) / 100;
  return {
    modality: tariff.modality,
    flag: tariff.flag,
    facilities: bills,
    total: { monthToDate: sum((b) => b.monthToDate.total), projected: sum((b) => b.projected.total) },
  };
}

function facilityBill(
  {
    facility,
    period,
    span,
    until,
    tariff,
  }: {
    facility: z.infer<typeof facilityRow>;
    period: ReturnType<typeof billingPeriod>;
    span: z.infer<typeof spanRow>;
    until: Date;
    tariff: EnergyTariff;
  },
  measured: FacilityUsage,
): FacilityBill {
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
