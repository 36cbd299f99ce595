/**
 * Exact decimal arithmetic on the strings PostgreSQL's numeric columns send ("12.500"), without
 * zod and without floating point (ADR 024): money, unit prices and quantities stay exact from the
 * database to the screen. A value is held as a bigint scaled by 10^scale.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** True when `value` is a plain decimal ("12", "-0.5", "1234.5678"): no exponent, no grouping. */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value.trim());
}

/**
 * `value` as an integer count of 10^-scale units ("1.5", 3 → 1500n). Digits past `scale` must be
 * zeros ("1.500" at scale 2 is fine, "1.505" throws): converting never rounds silently.
 */
export function toScaled(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(value)}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const extra = fraction.slice(scale);
  if (/[^0]/.test(extra)) throw new RangeError(`${value} has more than ${scale} decimals`);
  const units = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  return minus ? -units : units;
}

/** A scaled integer back to a decimal string with exactly `scale` decimals (1500n, 3 → "1.500"). */
export function fromScaled(units: bigint, scale: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  if (scale === 0) return sign + digits;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** How many decimals a decimal string has ("1.50" → 2). */
function decimalsOf(value: string): number {
  return value.trim().split('.')[1]?.length ?? 0;
}

/** Adds decimals exactly: sumDecimals(['0.1', '0.2'], 2) === '0.30'. Null and blank count as zero. */
export function sumDecimals(values: readonly (string | null | undefined)[], scale: number): string {
  let total = 0n;
  for (const value of values) if (value?.trim()) total += toScaled(value, scale);
  return fromScaled(total, scale);
}

/** a − b, exactly, at `scale` decimals. */
export function subtractDecimals(a: string, b: string, scale: number): string {
  return fromScaled(toScaled(a, scale) - toScaled(b, scale), scale);
}

/** -1, 0 or 1 as a is less than, equal to or more than b ("1.50" equals "1.5"). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const x = toScaled(a, scale);
  const y = toScaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * a × b rounded half up (away from zero) to `scale` decimals, the product computed exactly first:
 * multiplyDecimals('3', '0.3333', 2) === '1.00', multiplyDecimals('2.5', '0.01', 2) === '0.03'.
 */
export function multiplyDecimals(a: string, b: string, scale: number): string {
  const aScale = decimalsOf(a);
  const bScale = decimalsOf(b);
  const product = toScaled(a, aScale) * toScaled(b, bScale);
  const shift = aScale + bScale - scale;
  if (shift <= 0) return fromScaled(product * 10n ** BigInt(-shift), scale);
  const divisor = 10n ** BigInt(shift);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs + divisor / 2n) / divisor;
  return fromScaled(negative ? -rounded : rounded, scale);
}

/** An order line's total in R$: quantity × unit price, rounded half up to the cent (as PostgreSQL's round()). */
export function lineTotal(quantity: string, unitPrice: string): string {
  return multiplyDecimals(quantity, unitPrice, 2);
}

/** An order's total in R$: the sum of its line totals plus the freight. */
export function orderTotal(
  lines: readonly { quantity: string; unitPrice: string }[],
  freight: string | null | undefined,
): string {
  return sumDecimals([...lines.map((l) => lineTotal(l.quantity, l.unitPrice)), freight], 2);
}
