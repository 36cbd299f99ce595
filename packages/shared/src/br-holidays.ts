/**
 * Brazil's national holidays, as the utilities' tariff calendar uses them: on these days every
 * hour is fora ponta (ANEEL, REN 1000/2021, art. 2, "horário de ponta": working days only). The
 * movable ones follow Easter: Carnaval (Monday and Tuesday, 48 and 47 days before), Sexta-feira
 * Santa (2 days before) and Corpus Christi (60 days after). Dia Nacional de Zumbi e da Consciência
 * Negra (20 November) is national from 2024 (Lei 14.759/2023).
 */

export interface Holiday {
  /** The civil date, 'YYYY-MM-DD'. */
  date: string;
  name: { pt: string; en: string };
  /** Follows Easter (changes date every year). */
  movable: boolean;
}

const FIXED: readonly { md: string; pt: string; en: string; from?: number }[] = [
  { md: '01-01', pt: 'Confraternização Universal', en: "New Year's Day" },
  { md: '04-21', pt: 'Tiradentes', en: 'Tiradentes Day' },
  { md: '05-01', pt: 'Dia do Trabalho', en: 'Labour Day' },
  { md: '09-07', pt: 'Independência do Brasil', en: 'Independence Day' },
  { md: '10-12', pt: 'Nossa Senhora Aparecida', en: 'Our Lady of Aparecida' },
  { md: '11-02', pt: 'Finados', en: "All Souls' Day" },
  { md: '11-15', pt: 'Proclamação da República', en: 'Republic Day' },
  { md: '11-20', pt: 'Consciência Negra', en: 'Black Awareness Day', from: 2024 },
  { md: '12-25', pt: 'Natal', en: 'Christmas Day' },
];

const MOVABLE: readonly { offset: number; pt: string; en: string }[] = [
  { offset: -48, pt: 'Carnaval (segunda-feira)', en: 'Carnival Monday' },
  { offset: -47, pt: 'Carnaval (terça-feira)', en: 'Carnival Tuesday' },
  { offset: -2, pt: 'Sexta-feira Santa', en: 'Good Friday' },
  { offset: 60, pt: 'Corpus Christi', en: 'Corpus Christi' },
];

const DAY_MS = 86_400_000;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as a UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The national holidays of a year, in date order. */
export function nationalHolidays(year: number): Holiday[] {
  const easter = easterSunday(year).getTime();
  const fixed = FIXED.filter((h) => year >= (h.from ?? 0)).map((h) => ({
    date: `${String(year).padStart(4, '0')}-${h.md}`,
    name: { pt: h.pt, en: h.en },
    movable: false,
  }));
  const movable = MOVABLE.map((h) => ({
    date: isoDay(new Date(easter + h.offset * DAY_MS)),
    name: { pt: h.pt, en: h.en },
    movable: true,
  }));
  return [...fixed, ...movable].sort((x, y) => x.date.localeCompare(y.date));
}

const byYear = new Map<number, Set<string>>();

/** Whether a civil date ('YYYY-MM-DD', the facility's calendar) is a national holiday. */
export function isNationalHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Set(nationalHolidays(year).map((h) => h.date));
    byYear.set(year, dates);
  }
  return dates.has(date);
}
