import { isNationalHoliday } from './br-holidays';
import type { EnergyTariff, TariffModality } from './settings';

/**
 * The maths of a Brazilian group A electricity bill (horária verde and azul), kept pure so it is
 * tested on hand-computed tables and shared by the server (the energy page's figures) and the
 * client (the settings' preview). Amounts are R$, rounded to the centavo only on the bill's lines.
 */

/** Below this power factor, reactive energy and demand are billed (ANEEL). */
export const REFERENCE_POWER_FACTOR = 0.92;
/** Demand up to contracted × (1 + 5 %) is not an overrun. */
export const OVERRUN_TOLERANCE = 0.05;
/** An overrun ("ultrapassagem") bills the excess over the contracted demand at twice the demand price. */
export const OVERRUN_MULTIPLIER = 2;
/** Demand is the mean power over intervals of this many minutes. */
export const DEMAND_INTERVAL_MINUTES = 15;

/** The tariff post of an hour: ponta or fora ponta. */
export type TariffPost = 'ponta' | 'foraPonta';

/** A moment as the facility's wall clock reads it. */
export interface LocalTime {
  /** 'YYYY-MM-DD' in the facility's calendar. */
  date: string;
  /** ISO day of the week: 1 Monday … 7 Sunday. */
  isoDow: number;
  /** Minutes since local midnight. */
  minute: number;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

type PontaWindow = Pick<EnergyTariff, 'peakStart' | 'peakEnd'>;

/** Ponta: a working day (Monday to Friday, not a national holiday) within [peakStart, peakEnd). */
export function tariffPost(tariff: PontaWindow, at: LocalTime): TariffPost {
  if (at.isoDow > 5 || isNationalHoliday(at.date)) return 'foraPonta';
  return at.minute >= minutesOf(tariff.peakStart) && at.minute < minutesOf(tariff.peakEnd) ? 'ponta' : 'foraPonta';
}

/**
 * The share (0–1) of the local hour starting at `at` that is ponta: an hour the window cuts
 * (17:00 with ponta from 17:30) is ponta for the part inside; none on weekends and holidays.
 */
export function pontaShare(tariff: PontaWindow, at: LocalTime): number {
  if (at.isoDow < 1 || at.isoDow > 5 || isNationalHoliday(at.date)) return 0;
  const inside = Math.min(at.minute + 60, minutesOf(tariff.peakEnd)) - Math.max(at.minute, minutesOf(tariff.peakStart));
  return Math.max(0, inside) / 60;
}

/** A power reading: when, and the mean kW since the last one (a minute rollup's mean). */
export interface PowerSample {
  at: Date;
  kw: number;
}

/** One demand interval: its start and its mean kW. */
export interface DemandInterval {
  start: Date;
  kw: number;
}

/**
 * The demand intervals of a series of power samples: the mean kW of the samples in each
 * 15-minute interval (aligned to the clock: :00, :15, :30, :45), in time order.
 */
export function demandIntervals(samples: readonly PowerSample[]): DemandInterval[] {
  const width = DEMAND_INTERVAL_MINUTES * 60_000;
  const sums = new Map<number, { sum: number; n: number }>();
  for (const sample of samples) {
    if (!Number.isFinite(sample.kw)) continue;
    const start = Math.floor(sample.at.getTime() / width) * width;
    const bucket = sums.get(start) ?? { sum: 0, n: 0 };
    bucket.sum += sample.kw;
    bucket.n += 1;
    sums.set(start, bucket);
  }
  return [...sums].sort(([a], [b]) => a - b).map(([start, { sum, n }]) => ({ start: new Date(start), kw: sum / n }));
}

/** Reactive energy in excess for an hour (kvarh, UFER's measure): kWh × (0.92 ÷ PF − 1) when PF < 0.92. */
export function reactiveExcessKvarh(kwh: number, powerFactor: number): number {
  if (!(powerFactor > 0) || powerFactor >= REFERENCE_POWER_FACTOR || !(kwh > 0)) return 0;
  return kwh * (REFERENCE_POWER_FACTOR / powerFactor - 1);
}

/** The demand corrected to PF 0.92 (DMCR's measure): kW × 0.92 ÷ PF when PF < 0.92, else kW. */
export function correctedDemandKw(kw: number, powerFactor: number): number {
  if (!(powerFactor > 0) || powerFactor >= REFERENCE_POWER_FACTOR) return kw;
  return (kw * REFERENCE_POWER_FACTOR) / powerFactor;
}

/** A month's (or part month's) use, by tariff post: what the bill is computed from. */
export interface BillingUsage {
  kwh: Record<TariffPost, number>;
  /** The highest demand interval, kW. */
  peakDemandKw: Record<TariffPost, number>;
  /** Reactive energy in excess, kvarh (sum of `reactiveExcessKvarh` over the hours). */
  reactiveExcessKvarh: number;
  /** The highest hourly demand corrected to PF 0.92, kW (`correctedDemandKw`). */
  correctedDemandKw: Record<TariffPost, number>;
}

export const billLineKinds = [
  'energyPonta',
  'energyForaPonta',
  'flag',
  'demand',
  'demandPonta',
  'demandForaPonta',
  'overrun',
  'overrunPonta',
  'overrunForaPonta',
  'reactiveEnergy',
  'reactiveDemand',
  'icms',
  'pis',
  'cofins',
] as const;
export type BillLineKind = (typeof billLineKinds)[number];

export interface BillLine {
  kind: BillLineKind;
  /** kWh, kW or kvarh, or the % of a tax. */
  quantity: number;
  /** R$ per unit (taxes: the base they apply to). */
  rate: number;
  /** R$, to the centavo. */
  amount: number;
}

export interface Bill {
  modality: TariffModality;
  lines: BillLine[];
  /** Before taxes. */
  subtotal: number;
  taxes: number;
  total: number;
  /** The billed demand of each post (the larger of measured and contracted), kW. */
  billedDemandKw: Record<TariffPost, number> | { single: number };
  /** Whether a post's demand passed contracted × 1.05. */
  overrun: boolean;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** A facility's contracted demands: its own entry of the tariff, or the tariff's default ones. */
export function contractedFor(tariff: EnergyTariff, facilityId: string): { demandKw: number; peakDemandKw: number } {
  return (
    tariff.contractedByFacility[facilityId] ?? {
      demandKw: tariff.contractedDemandKw,
      peakDemandKw: tariff.contractedPeakDemandKw,
    }
  );
}

/** The tariff as one facility is billed: its own contracted demands. */
export function tariffFor(tariff: EnergyTariff, facilityId: string): EnergyTariff {
  const own = contractedFor(tariff, facilityId);
  return { ...tariff, contractedDemandKw: own.demandKw, contractedPeakDemandKw: own.peakDemandKw };
}

/** A demand charge of one post: billed (max of measured and contracted) and the overrun's excess. */
function demandCharge(measured: number, contracted: number, rate: number) {
  const billed = Math.max(measured, contracted);
  const over = measured > contracted * (1 + OVERRUN_TOLERANCE) ? measured - contracted : 0;
  return { billed, over, amount: billed * rate, overAmount: over * rate * OVERRUN_MULTIPLIER };
}

/**
 * The bill of a month's use under a tariff:
 * - energy: kWh of each post at its rate, plus the flag's addition on every kWh;
 * - demand: verde bills the month's highest interval of any hour against one contracted value;
 *   azul bills ponta and fora ponta separately, each with its own price and contracted value. The
 *   billed demand is the larger of measured and contracted; past contracted × 1.05 the excess
 *   over the contracted value is billed again at twice the price (ultrapassagem);
 * - reactive excess (PF < 0.92): UFER at the reactive rate, and DMCR, the corrected demand over
 *   the billed demand, at the demand price;
 * - taxes "por dentro": total = subtotal ÷ (1 − (ICMS + PIS + COFINS)); each tax is its rate
 *   of the total.
 */
export function computeBill(tariff: EnergyTariff, usage: BillingUsage): Bill {
  const lines: BillLine[] = [];
  const line = (kind: BillLineKind, quantity: number, rate: number, amount = quantity * rate) => {
    lines.push({ kind, quantity, rate, amount: cents(amount) });
  };
  line('energyPonta', usage.kwh.ponta, tariff.peakRate);
  line('energyForaPonta', usage.kwh.foraPonta, tariff.offPeakRate);
  const flagRate = tariff.flag === 'verde' ? 0 : tariff.flagAdditions[tariff.flag];
  if (flagRate > 0) line('flag', usage.kwh.ponta + usage.kwh.foraPonta, flagRate);

  let overrun = false;
  let billedDemandKw: Bill['billedDemandKw'];
  if (tariff.modality === 'verde') {
    const measured = Math.max(usage.peakDemandKw.ponta, usage.peakDemandKw.foraPonta);
    const d = demandCharge(measured, tariff.contractedDemandKw, tariff.demandRate);
    billedDemandKw = { single: d.billed };
    line('demand', d.billed, tariff.demandRate);
    if (d.over > 0) {
      overrun = true;
      line('overrun', d.over, tariff.demandRate * OVERRUN_MULTIPLIER);
    }
    const corrected = Math.max(usage.correctedDemandKw.ponta, usage.correctedDemandKw.foraPonta);
    if (corrected > d.billed) line('reactiveDemand', corrected - d.billed, tariff.demandRate);
  } else {
    const ponta = demandCharge(usage.peakDemandKw.ponta, tariff.contractedPeakDemandKw, tariff.peakDemandRate);
    const fora = demandCharge(usage.peakDemandKw.foraPonta, tariff.contractedDemandKw, tariff.demandRate);
    billedDemandKw = { ponta: ponta.billed, foraPonta: fora.billed };
    line('demandPonta', ponta.billed, tariff.peakDemandRate);
    line('demandForaPonta', fora.billed, tariff.demandRate);
    if (ponta.over > 0) line('overrunPonta', ponta.over, tariff.peakDemandRate * OVERRUN_MULTIPLIER);
    if (fora.over > 0) line('overrunForaPonta', fora.over, tariff.demandRate * OVERRUN_MULTIPLIER);
    overrun = ponta.over > 0 || fora.over > 0;
    const excessPonta = Math.max(0, usage.correctedDemandKw.ponta - ponta.billed);
    const excessFora = Math.max(0, usage.correctedDemandKw.foraPonta - fora.billed);
    const reactiveDemand = excessPonta * tariff.peakDemandRate + excessFora * tariff.demandRate;
    if (reactiveDemand > 0) line('reactiveDemand', excessPonta + excessFora, 0, reactiveDemand);
  }
  if (usage.reactiveExcessKvarh > 0) line('reactiveEnergy', usage.reactiveExcessKvarh, tariff.reactiveRate);

  const subtotal = cents(lines.reduce((sum, l) => sum + l.amount, 0));
  const rates = { icms: tariff.icmsPercent, pis: tariff.pisPercent, cofins: tariff.cofinsPercent };
  const share = (rates.icms + rates.pis + rates.cofins) / 100;
  const total = cents(subtotal / (1 - share));
  for (const [kind, rate] of Object.entries(rates) as [BillLineKind, number][]) {
    if (rate > 0) line(kind, rate, total, (total * rate) / 100);
  }
  return { modality: tariff.modality, lines, subtotal, taxes: cents(total - subtotal), total, billedDemandKw, overrun };
}

/**
 * The month's projected use from its first `elapsedHours` of `totalHours`: energy (and reactive
 * excess) grows in proportion; demand stays the highest seen so far (a peak is not spread out).
 */
export function projectUsage(usage: BillingUsage, elapsedHours: number, totalHours: number): BillingUsage {
  const factor = elapsedHours > 0 ? Math.max(1, totalHours / elapsedHours) : 1;
  return {
    kwh: { ponta: usage.kwh.ponta * factor, foraPonta: usage.kwh.foraPonta * factor },
    peakDemandKw: usage.peakDemandKw,
    reactiveExcessKvarh: usage.reactiveExcessKvarh * factor,
    correctedDemandKw: usage.correctedDemandKw,
  };
}

/** A billing month as civil dates of the facility: [start, end). */
export interface BillingPeriod {
  start: string;
  end: string;
}

const civil = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
};

/**
 * The billing month that holds `today` ('YYYY-MM-DD', the facility's calendar): the calendar
 * month, or, with a meter-reading day d, from day d of a month to day d of the next.
 */
export function billingPeriod(today: string, meterReadingDay: number | null): BillingPeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const day = Number(today.slice(8, 10));
  const first = meterReadingDay ?? 1;
  const startMonth = day >= first ? month : month - 1;
  return { start: civil(year, startMonth, first), end: civil(year, startMonth + 1, first) };
}
