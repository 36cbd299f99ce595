import { createHmac } from 'node:crypto';

export const WEBHOOK_TIMEOUT_MS = 5000;
export const SIGNATURE_HEADER = 'x-sentinela-signature';
export const TIMESTAMP_HEADER = 'x-sentinela-timestamp';

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes under the site's shared secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Posts one JSON body to the site's webhook: http(s) only, no redirects followed, 5 s for the
 * whole exchange, the answer's body never read. A non-2xx answer is a failure. Throws on failure.
 */
export async function postWebhook(
  url: string,
  secret: string | null,
  payload: unknown,
  now: Date,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<void> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('webhook URL must be http(s)');
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Sentinela-Webhook/1',
    [TIMESTAMP_HEADER]: String(Math.floor(now.getTime() / 1000)),
  };
  if (secret) headers[SIGNATURE_HEADER] = webhookSignature(secret, body);
  const response = await fetch(target, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The answer's body is ignored; cancelling it frees the connection at once.
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
}

/** How a recipient appears in the audit log: enough to recognise, not to harvest. */
export function maskRecipient(channel: 'email' | 'sms' | 'webhook', recipient: string): string {
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    if (at < 1) return '***';
    return `${recipient[0]}***${recipient.slice(at)}`;
  }
  if (channel === 'sms')
    return recipient.length <= 4 ? '****' : `${'*'.repeat(recipient.length - 4)}${recipient.slice(-4)}`;
  return URL.canParse(recipient) ? `${new URL(recipient).origin}/…` : '***';
}
