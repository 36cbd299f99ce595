import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device secrets (ADR 016). A secret is 192 random bits, base64url (32 characters), shown once.
 * What is stored is Mosquitto's password-file hash, `$7$<iterations>$<salt>$<hash>`: PBKDF2 with
 * SHA-512, a 12-byte salt and a 64-byte hash, both base64. So the password file of an external
 * Mosquitto is written straight from the database (deploy/mosquitto). The iteration count is
 * Mosquitto's own default: the secrets are random, not chosen by people, so a slow hash adds no
 * strength, and a broker checks every device again at each reconnect.
 */
export const DEVICE_SECRET_ITERATIONS = 101;
const SALT_BYTES = 12;
const HASH_BYTES = 64;
const MOSQUITTO_HASH = /^\$7\$(\d{1,7})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** A new device secret: 192 random bits. */
export function newDeviceSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashDeviceSecret(secret: string, iterations = DEVICE_SECRET_ITERATIONS): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = pbkdf2Sync(secret, salt, iterations, HASH_BYTES, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `secret` matches a stored hash (ours or one written by mosquitto_passwd); constant time. */
export function verifyDeviceSecret(secret: string | Buffer, stored: string): boolean {
  const match = MOSQUITTO_HASH.exec(stored);
  if (!match) return false;
  const iterations = Number(match[1]);
  if (iterations < 1) return false;
  const salt = Buffer.from(match[2]!, 'base64');
  const expected = Buffer.from(match[3]!, 'base64');
  if (expected.length === 0) return false;
  const actual = pbkdf2Sync(secret, salt, iterations, expected.length, 'sha512');
  return timingSafeEqual(actual, expected);
}
