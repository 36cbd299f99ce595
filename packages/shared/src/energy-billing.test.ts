import { describe, expect, it } from 'vitest';
import { easterSunday, isNationalHoliday, nationalHolidays } from './br-holidays';
import {
  billingPeriod,
  computeBill,
  correctedDemandKw,
  demandIntervals,
  pontaShare,
  projectUsage,
  reactiveExcessKvarh,
  tariffFor,
  tariffPost,
  type BillingUsage,
} from './energy-billing';
import { energyTariffSchema, type EnergyTariff } from './settings';

describe('national holidays', () => {
  it('finds Easter Sunday (the anonymous Gregorian algorithm) for known years', () => {
    const easter = (y: number) => easterSunday(y).toISOString().slice(0, 10);
    expect(easter(2000)).toBe('2000-04-23');
    expect(easter(2019)).toBe('2019-04-21');
    expect(easter(2024)).toBe('2024-03-31');
    expect(easter(2025)).toBe('2025-04-20');
    expect(easter(2026)).toBe('2026-04-05');
    expect(easter(2027)).toBe('2027-03-28');
  });

  it('lists the fixed and the movable ones of 2026, in order', () => {
    expect(nationalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-02-16', // Carnaval, Monday
      '2026-02-17', // Carnaval, Tuesday
      '2026-04-03', // Sexta-feira Santa
      '2026-04-21',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('has Consciência Negra only from 2024, when it became national', () => {
    expect(isNationalHoliday('2023-11-20')).toBe(false);
    expect(isNationalHoliday('2024-11-20')).toBe(true);
    expect(isNationalHoliday('2025-06-19')).toBe(true); // Corpus Christi 2025
    expect(isNationalHoliday('2025-06-20')).toBe(false);
  });
});

const tariff = (over: Partial<EnergyTariff> = {}): EnergyTariff =>
  energyTariffSchema.parse({
    peakRate: 2,
    offPeakRate: 0.5,
    peakStart: '18:00',
    peakEnd: '21:00',
    demandRate: 40,
    peakDemandRate: 100,
    contractedDemandKw: 500,
    contractedPeakDemandKw: 400,
    reactiveRate: 0.3,
    flag: 'amarela',
    flagAdditions: { amarela: 0.02, vermelha1: 0.04, vermelha2: 0.08 },
    icmsPercent: 18,
    pisPercent: 1,
    cofinsPercent: 5,
    ...over,
  });

describe('tariff post', () => {
  const at = (date: string, isoDow: number, clock: string) => ({
    date,
    isoDow,
    minute: Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)),
  });
  it('is ponta on a working day within [start, end), fora ponta around it', () => {
    expect(tariffPost(tariff(), at('2026-11-24', 2, '18:00'))).toBe('ponta');
    expect(tariffPost(tariff(), at('2026-11-24', 2, '20:59'))).toBe('ponta');
    expect(tariffPost(tariff(), at('2026-11-24', 2, '17:59'))).toBe('foraPonta');
    expect(tariffPost(tariff(), at('2026-11-24', 2, '21:00'))).toBe('foraPonta');
  });
  it('is fora ponta all day on weekends and national holidays, movable ones included', () => {
    expect(tariffPost(tariff(), at('2026-11-21', 6, '19:00'))).toBe('foraPonta'); // Saturday
    expect(tariffPost(tariff(), at('2026-11-22', 7, '19:00'))).toBe('foraPonta'); // Sunday
    expect(tariffPost(tariff(), at('2026-11-20', 5, '19:00'))).toBe('foraPonta'); // Consciência Negra
    expect(tariffPost(tariff(), at('2026-02-17', 2, '19:00'))).toBe('foraPonta'); // Carnaval
    expect(tariffPost(tariff(), at('2026-04-03', 5, '19:00'))).toBe('foraPonta'); // Sexta-feira Santa
    expect(tariffPost(tariff(), at('2026-06-04', 4, '19:00'))).toBe('foraPonta'); // Corpus Christi
    expect(tariffPost(tariff(), at('2023-11-20', 1, '19:00'))).toBe('ponta'); // not yet a holiday
  });
});

describe('ponta share of an hour', () => {
  const share = (date: string, isoDow: number, hour: number) =>
    pontaShare({ peakStart: '17:30', peakEnd: '20:30' }, { date, isoDow, minute: hour * 60 });
  it('bills a window that starts or ends within an hour pro rata, working days only', () => {
    expect(share('2026-11-23', 1, 17)).toBe(0.5);
    expect(share('2026-11-27', 5, 18)).toBe(1);
    expect(share('2026-11-25', 3, 20)).toBe(0.5);
    expect(share('2026-11-25', 3, 21)).toBe(0);
    expect(share('2026-11-28', 6, 18)).toBe(0);
    expect(share('2026-11-29', 7, 18)).toBe(0);
    expect(share('2026-11-20', 5, 18)).toBe(0); // Consciência Negra
    expect(share('2026-04-03', 5, 18)).toBe(0); // Sexta-feira Santa
  });
});

describe('demand intervals', () => {
  it('averages the samples of each clock-aligned 15-minute interval', () => {
    const t0 = Date.UTC(2026, 10, 24, 13, 0);
    const samples = [
      ...Array.from({ length: 15 }, (_, i) => ({ at: new Date(t0 + i * 60_000), kw: 100 })),
      // 13:15–13:29: half at 200, half at 400 → 300
      ...Array.from({ length: 14 }, (_, i) => ({ at: new Date(t0 + (15 + i) * 60_000), kw: i % 2 ? 400 : 200 })),
      { at: new Date(t0 + 45 * 60_000 + 30_000), kw: 50 }, // 13:45, alone
      { at: new Date(t0 + 46 * 60_000), kw: Number.NaN }, // dropped
    ];
    expect(demandIntervals(samples)).toEqual([
      { start: new Date(t0), kw: 100 },
      { start: new Date(t0 + 15 * 60_000), kw: 300 },
      { start: new Date(t0 + 45 * 60_000), kw: 50 },
    ]);
  });
});

describe('power factor', () => {
  it('bills reactive energy and demand only below 0.92', () => {
    expect(reactiveExcessKvarh(100, 0.8)).toBeCloseTo(15, 10); // 100 × (0.92/0.8 − 1)
    expect(reactiveExcessKvarh(100, 0.92)).toBe(0);
    expect(reactiveExcessKvarh(100, 0)).toBe(0); // no reading is not a PF of zero
    expect(correctedDemandKw(400, 0.8)).toBeCloseTo(460, 10); // 400 × 0.92 / 0.8
    expect(correctedDemandKw(400, 0.95)).toBe(400);
  });
});

const usage = (over: Partial<BillingUsage> = {}): BillingUsage => ({
  kwh: { ponta: 10_000, foraPonta: 90_000 },
  peakDemandKw: { ponta: 480, foraPonta: 520 },
  reactiveExcessKvarh: 0,
  correctedDemandKw: { ponta: 480, foraPonta: 520 },
  ...over,
});
const amounts = (bill: ReturnType<typeof computeBill>) => Object.fromEntries(bill.lines.map((l) => [l.kind, l.amount]));

describe('the bill', () => {
  it('horária verde within the tolerance: energy, flag, demand, taxes por dentro (hand-computed)', () => {
    const bill = computeBill(tariff(), usage());
    expect(amounts(bill)).toEqual({
      energyPonta: 20_000, // 10,000 kWh × 2.00
      energyForaPonta: 45_000, // 90,000 × 0.50
      flag: 2_000, // 100,000 × 0.02 (amarela)
      demand: 20_800, // max(520 measured, 500 contracted) × 40; 520 ≤ 525: no overrun
      icms: 20_794.74, // 18 % of the total
      pis: 1_155.26,
      cofins: 5_776.32,
    });
    expect(bill.subtotal).toBe(87_800);
    expect(bill.total).toBe(115_526.32); // 87,800 ÷ (1 − 0.24)
    expect(bill.taxes).toBe(27_726.32);
    expect(bill.overrun).toBe(false);
    expect(bill.billedDemandKw).toEqual({ single: 520 });
  });

  it('horária verde past contracted × 1.05 bills the excess again at twice the price', () => {
    const bill = computeBill(tariff({ flag: 'verde' }), usage({ peakDemandKw: { ponta: 530, foraPonta: 300 } }));
    const lines = amounts(bill);
    expect(lines.demand).toBe(21_200); // 530 × 40
    expect(lines.overrun).toBe(2_400); // (530 − 500) × 80
    expect(lines.flag).toBeUndefined(); // bandeira verde adds nothing
    expect(bill.overrun).toBe(true);
  });

  it('bills the contracted demand when less was used', () => {
    const bill = computeBill(tariff(), usage({ peakDemandKw: { ponta: 100, foraPonta: 200 } }));
    expect(amounts(bill).demand).toBe(20_000); // 500 contracted × 40
  });

  it('horária azul bills each post against its own contracted demand and price', () => {
    const bill = computeBill(tariff({ modality: 'azul' }), usage({ peakDemandKw: { ponta: 450, foraPonta: 480 } }));
    const lines = amounts(bill);
    expect(lines.demandPonta).toBe(45_000); // 450 × 100
    expect(lines.demandForaPonta).toBe(20_000); // max(480, 500) × 40
    expect(lines.overrunPonta).toBe(10_000); // 450 > 420: (450 − 400) × 200
    expect(lines.overrunForaPonta).toBeUndefined();
    expect(bill.billedDemandKw).toEqual({ ponta: 450, foraPonta: 500 });
    expect(bill.overrun).toBe(true);
  });

  it('bills reactive excess: UFER at the reactive rate, DMCR above the billed demand', () => {
    const bill = computeBill(
      tariff(),
      usage({ reactiveExcessKvarh: 1_500, correctedDemandKw: { ponta: 600, foraPonta: 520 } }),
    );
    const lines = amounts(bill);
    expect(lines.reactiveEnergy).toBe(450); // 1,500 kvarh × 0.30
    expect(lines.reactiveDemand).toBe(3_200); // (600 − 520) × 40
  });

  it('refuses a tariff whose ponta ends before it starts, negative prices or taxes of 60 % and more', () => {
    const refusal = (over: Record<string, unknown>) =>
      energyTariffSchema.safeParse({ ...tariff(), ...over }).error?.issues[0]?.message;
    expect(refusal({ peakStart: '21:00', peakEnd: '18:00' })).toBe('validation.peakWindow');
    expect(refusal({ demandRate: -1 })).toBe('validation.notNegative');
    expect(refusal({ icmsPercent: 30, pisPercent: 10, cofinsPercent: 20 })).toBe('validation.taxTotal');
  });

  it("bills each facility against its own contracted demands, or the tariff's default ones", () => {
    const site = tariff({ contractedByFacility: { f1: { demandKw: 1_000, peakDemandKw: 800 } } });
    expect(amounts(computeBill(tariffFor(site, 'f1'), usage())).demand).toBe(40_000); // 1,000 kW contracted × 40
    expect(amounts(computeBill(tariffFor(site, 'f2'), usage())).demand).toBe(20_800); // default 500: 520 measured
  });

  it('reads a tariff stored before the bill fields existed, with their defaults', () => {
    const old = energyTariffSchema.parse({ peakRate: 3, offPeakRate: 1, peakStart: '00:00', peakEnd: '06:00' });
    expect(old.modality).toBe('verde');
    expect(old.meterReadingDay).toBeNull();
    expect(computeBill(old, usage()).total).toBeGreaterThan(0);
  });
});

describe('projection and billing period', () => {
  it('projects energy in proportion to the hours left, and keeps the highest demand', () => {
    const projected = projectUsage(usage({ reactiveExcessKvarh: 10 }), 240, 720);
    expect(projected.kwh).toEqual({ ponta: 30_000, foraPonta: 270_000 });
    expect(projected.reactiveExcessKvarh).toBe(30);
    expect(projected.peakDemandKw).toEqual({ ponta: 480, foraPonta: 520 });
  });

  it('is the calendar month, or runs from the meter-reading day', () => {
    expect(billingPeriod('2026-11-24', null)).toEqual({ start: '2026-11-01', end: '2026-12-01' });
    expect(billingPeriod('2026-12-10', null)).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(billingPeriod('2026-11-24', 15)).toEqual({ start: '2026-11-15', end: '2026-12-15' });
    expect(billingPeriod('2026-11-10', 15)).toEqual({ start: '2026-10-15', end: '2026-11-15' });
    expect(billingPeriod('2026-01-10', 15)).toEqual({ start: '2025-12-15', end: '2026-01-15' });
  });
});
