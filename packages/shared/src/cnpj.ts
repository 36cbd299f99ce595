/**
 * CNPJ (the Brazilian company registry number), without zod so the suppliers form can mask and
 * check it at run time: stored as its 14 digits, shown masked 00.000.000/0000-00, valid when its
 * two check digits match (modulo 11, Receita Federal's rule).
 */

/** The digits of what was typed, without the mask's dots, slash, dash and spaces. */
export function normalizeCnpj(value: string): string {
  return value.replace(/\D/g, '');
}

function checkDigit(digits: string): number {
  // Weights 2..9 from the right, then 2 again.
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * ((i % 8) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Why a CNPJ is refused: not 14 digits (after removing the mask), or check digits that do not match. */
export type CnpjProblem = 'format' | 'checkDigits';

/** null when `value` (masked or not) is a valid CNPJ; otherwise what is wrong with it. */
export function cnpjProblem(value: string): CnpjProblem | null {
  if (!/^[\d.\-/\s]*$/.test(value)) return 'format';
  const digits = normalizeCnpj(value);
  if (digits.length !== 14) return 'format';
  // Fourteen equal digits pass the arithmetic but are no company's number.
  if (/^(\d)\1{13}$/.test(digits)) return 'checkDigits';
  const first = checkDigit(digits.slice(0, 12));
  const second = checkDigit(digits.slice(0, 12) + String(first));
  return digits.endsWith(`${first}${second}`) ? null : 'checkDigits';
}

export function isValidCnpj(value: string): boolean {
  return cnpjProblem(value) === null;
}

/** The two check digits of a 12-digit base (to build valid numbers, e.g. for the demo data). */
export function cnpjCheckDigits(base12: string): string {
  const first = checkDigit(base12);
  return `${first}${checkDigit(base12 + String(first))}`;
}

/**
 * 00.000.000/0000-00 as far as the digits typed go ("1234567" → "12.345.67"), so a form can mask
 * as the user types; extra digits are dropped.
 */
export function formatCnpj(value: string): string {
  const d = normalizeCnpj(value).slice(0, 14);
  const parts = [d.slice(0, 2), d.slice(2, 5), d.slice(5, 8), d.slice(8, 12), d.slice(12, 14)];
  let out = parts[0] ?? '';
  if (d.length > 2) out += `.${parts[1]}`;
  if (d.length > 5) out += `.${parts[2]}`;
  if (d.length > 8) out += `/${parts[3]}`;
  if (d.length > 12) out += `-${parts[4]}`;
  return out;
}
