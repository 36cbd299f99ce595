import { phoneInput } from '@sentinela/shared/auth';

/**
 * The phone number as the server will store it (separators dropped), or null when it breaks
 * the spec's rule (§5: optional plus, a first digit 1-9, then 1 to 14 more digits). The same
 * schema validates the server's input.
 */
export function parsePhone(raw: string): string | null {
  const result = phoneInput.safeParse({ phoneNumber: raw });
  return result.success ? result.data.phoneNumber : null;
}
