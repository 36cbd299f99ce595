import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 30 s steps, 6 digits. */
const PERIOD = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI as a QR code data URL, drawn here (no outside service). */
export async function totpQrCode(secret: string, accountEmail: string, issuer: string): Promise<string> {
  const uri = generateURI({ issuer, label: accountEmail, secret });
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
}

/**
 * Checks a code with one step of drift either way. Answers the time step it matched, so the
 * caller can refuse a step already used (replay), or null.
 */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD,
    epochTolerance: PERIOD,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
