import type { Language } from '@sentinela/shared/language';

/**
 * Display formats (spec §9):
 * - Currency: amounts are stored in BRL. pt → BRL in pt-BR ('R$ 1.234,50');
 *   en → USD in en-US with the amount divided by 5 ('$246.90').
 * - Temperature: values are stored in °C. pt → one decimal, pt-BR digits ('21,5 °C');
 *   en → Fahrenheit (c × 9/5 + 32), one decimal, en-US digits ('70.7 °F').
 *
 * Exact output: Intl.NumberFormat with two (currency) or one (temperature) fraction
 * digits, rounding half away from zero, thousands grouped ('1.234,5' / '1,234.5').
 * The space between 'R$' and the number, and between the number and '°C'/'°F', is a
 * non-breaking space (U+00A0) so a value never wraps apart. Negatives get a leading '-'
 * ('-R$ 12,00', '-$2.40', '-3,5 °C'); a value that rounds to zero never shows '-0'.
 * Anything that is not a finite number (NaN, ±Infinity, null, undefined) prints '—'.
 */

/** What a missing or unusable value prints. */
export const EMPTY_VALUE = '—';

/** BRL → USD for display in English (spec: divide by 5). */
export const BRL_PER_USD = 5;

const NBSP = '\u00a0';

const currencyFormats: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    signDisplay: 'negative',
  }),
  en: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    signDisplay: 'negative',
  }),
};

const oneDecimal: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'negative',
  }),
  en: new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'negative',
  }),
};

function isUsable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A BRL amount in the user's currency: BRL for pt, USD (÷5) for en. */
export function formatCurrency(amountBRL: number | null | undefined, lang: Language): string {
  if (!isUsable(amountBRL)) return EMPTY_VALUE;
  const amount = lang === 'en' ? amountBRL / BRL_PER_USD : amountBRL;
  // ICU already puts U+00A0 after 'R$'; normalise in case a runtime uses a plain space.
  return currencyFormats[lang].format(amount).replace(/\s/g, NBSP);
}

export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** A °C reading in the user's unit: °C for pt, °F for en, one decimal. */
export function formatTemperature(celsius: number | null | undefined, lang: Language): string {
  if (!isUsable(celsius)) return EMPTY_VALUE;
  if (lang === 'en') return `${oneDecimal.en.format(celsiusToFahrenheit(celsius))}${NBSP}°F`;
  return `${oneDecimal.pt.format(celsius)}${NBSP}°C`;
}

const locales: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One moment's format in the user's language, in `timeZone` (an IANA name) when given, else in the
 * browser's. Times about a facility's equipment pass the facility's zone (see `facility-time.ts`):
 * a browser in another zone still reads the plant's clock. An unknown zone falls back to the browser's.
 */
function dateFormat(
  name: string,
  lang: Language,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${name}:${lang}:${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locales[lang], { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locales[lang], options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

/** A moment as the user reads dates: '05/03/2026, 14:07' (pt) or '3/5/26, 2:07 PM' (en). */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  lang: Language,
  timeZone?: string,
): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE;
  return dateFormat('dateTime', lang, { dateStyle: 'short', timeStyle: 'short' }, timeZone).format(date);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number in the user's digits ('1.234,5' / '1,234.5'), `digits` decimals at most. */
export function formatNumber(value: number | null | undefined, lang: Language, digits = 0): string {
  if (!isUsable(value)) return EMPTY_VALUE;
  const key = `${lang}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', {
      maximumFractionDigits: digits,
      signDisplay: 'negative',
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A number with its unit after a non-breaking space ('12,5 kW', '98 %'). */
export function formatQuantity(value: number | null | undefined, unit: string, lang: Language, digits = 0): string {
  const number = formatNumber(value, lang, digits);
  return number === EMPTY_VALUE ? number : `${number}${NBSP}${unit}`;
}

/** A time of day ('14:07' / '2:07 PM'), in `timeZone` when given. */
export function formatTime(value: Date, lang: Language, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions =
    lang === 'pt' ? { hour: '2-digit', minute: '2-digit' } : { hour: 'numeric', minute: '2-digit' };
  return dateFormat('time', lang, options, timeZone).format(value);
}

/** A time of day with seconds ('14:07:09' / '2:07:09 PM'), in `timeZone` when given. */
export function formatTimeWithSeconds(value: Date, lang: Language, timeZone?: string): string {
  return dateFormat('seconds', lang, { timeStyle: 'medium' }, timeZone).format(value);
}

/** A day of the month ('05/03' / '3/5'), in `timeZone` when given. */
export function formatDay(value: Date, lang: Language, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions =
    lang === 'pt' ? { day: '2-digit', month: '2-digit' } : { month: 'numeric', day: 'numeric' };
  return dateFormat('day', lang, options, timeZone).format(value);
}

/**
 * A zone's offset from UTC at a moment, as people write it: 'UTC−3', 'UTC+5:30', 'UTC'
 * (with a real minus sign). Empty for an unknown zone.
 */
export function formatZoneOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at);
    const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    // Some ICU versions write the zero offset 'GMT+0', others 'GMT'.
    return offset
      .replace(/^GMT([+-]0)?$/, 'UTC')
      .replace(/^GMT/, 'UTC')
      .replace('-', '\u2212');
  } catch {
    return '';
  }
}
