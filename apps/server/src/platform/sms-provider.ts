import type { Database } from '@sentinela/db/client';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';

/**
 * How a text message leaves the system. Real gateways plug in here by configuration. SMS has
 * three homes, each with one role: this provider (sending), auth's sms-codes.service (the 2FA
 * codes it sends) and features/sms (the admin's reader of the outbox below).
 */
export interface SmsProvider {
  readonly name: string;
  send(to: string, body: string): Promise<void>;
}

/**
 * The default: the message goes to the sms_outbox table and to the log, so a local operator
 * (or a test) reads the code without any gateway.
 */
export function outboxSmsProvider(db: Database, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'outbox',
    async send(to, body) {
      await db.insert(smsOutbox).values({ toPhone: to, body });
      log.info({ to, body }, 'SMS written to the outbox (SMS_PROVIDER=outbox)');
    },
  };
}

/**
 * A gateway reached over HTTP: POST {"to","body"} as JSON to SMS_WEBHOOK_URL (with a bearer
 * token when set). A non-2xx answer is a failed send.
 */
export function webhookSmsProvider(url: string, token: string | undefined): SmsProvider {
  return {
    name: 'webhook',
    async send(to, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** The provider SMS_PROVIDER selects. */
export function smsProviderFor(config: Config['sms'], db: Database, log: FastifyBaseLogger): SmsProvider {
  return config.provider === 'webhook' ? webhookSmsProvider(config.url, config.token) : outboxSmsProvider(db, log);
}
