import type { Database } from '@sentinela/db/client';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../env';

/** One plain-text e-mail. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * How an e-mail leaves the system: alert notifications now, password reset later. `send`
 * resolves once the message is accepted (by the outbox or the SMTP server) and rejects otherwise;
 * callers decide what a failure means (notifications record it, never throw it further).
 */
export interface EmailProvider {
  readonly name: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
  /** Closes pooled connections (SMTP). */
  close(): void;
}

/** The default: the message goes to the email_outbox table and to the log (admins read email.outbox). */
export function outboxEmailProvider(db: Database, log: Pick<FastifyBaseLogger, 'info'>): EmailProvider {
  return {
    name: 'outbox',
    async send({ to, subject, text }) {
      await db.insert(emailOutbox).values({ toAddress: to, subject, body: text });
      log.info({ to, subject }, 'e-mail written to the outbox (SMTP_URL unset)');
    },
    close() {},
  };
}

/** Bounds on every SMTP conversation, so a dead server fails a send instead of hanging it. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function smtpEmailProvider(url: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<
    typeof nodemailer.createTransport
  >[0]);
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close() {
      transport.close();
    },
  };
}

/** The provider the configuration selects: SMTP when SMTP_URL is set, else the outbox. */
export function emailProviderFor(
  config: Config['email'],
  db: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
): EmailProvider {
  return config.provider === 'smtp' ? smtpEmailProvider(config.url, config.from) : outboxEmailProvider(db, log);
}
