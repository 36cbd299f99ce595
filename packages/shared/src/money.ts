import { z } from 'zod';

/**
 * An amount in R$ as an exact decimal string ("1234.50"): stored as numeric(14, 2), never as a
 * float. Not negative, at most two decimals and R$ 999,999,999,999.99.
 */
export const moneySchema = z
  .string('validation.money')
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'validation.money');

/** Adds exact amounts (in cents, so no float rounding) and answers "1234.50". */
export function sumMoney(amounts: readonly (string | null | undefined)[]): string {
  let cents = 0n;
  for (const amount of amounts) if (amount) cents += toCents(amount);
  return fromCents(cents);
}

export function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '') || '0') * 100n + BigInt((fraction + '00').slice(0, 2)));
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
