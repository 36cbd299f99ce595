import type { AlertMessageParams } from '@sentinela/shared/alert-messages';
import { alertText as alertSentence } from '@sentinela/shared/alert-text';
import type { AlertSeverity } from '@sentinela/shared/alert-values';
import type { Language } from '@sentinela/shared/language';

/** What a message says about one alert (kept in notification_messages.content for the digest). */
export interface AlertSummary {
  alertId: string;
  severity: AlertSeverity;
  /** The alert's stored message (Portuguese): what rows older than the keys say. */
  message: string;
  /** The alert's key and parameters, worded in the message's language (packages/shared alert-text.ts). */
  messageKey?: string | null;
  messageParams?: AlertMessageParams | null;
  source?: string;
  value?: number | null;
  /** "Motor M-01 · Planta Campinas", or the site's name for a site alert. */
  place: string;
  raisedAt: string;
  timezone: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  /** The short form for SMS. */
  short: string;
}

const words = {
  pt: {
    severity: { critical: 'crítico', warning: 'aviso', info: 'informação' },
    raised: (sev: string) => `Alerta ${sev}`,
    escalated: (min: number) => `Sem reconhecimento há ${min} min`,
    raisedAt: 'Disparado em',
    digest: (n: number) => `${n} alertas retidos (limite de mensagens)`,
    digestIntro: 'Para não enviar centenas de mensagens, estes alertas foram agrupados:',
    footer: 'Veja e reconheça os alertas no Sentinela.',
    test: 'Mensagem de teste do Sentinela',
    testBody: 'Se você recebeu esta mensagem, o envio de e-mails do Sentinela está funcionando.',
  },
  en: {
    severity: { critical: 'critical', warning: 'warning', info: 'info' },
    raised: (sev: string) => `${sev[0]!.toUpperCase()}${sev.slice(1)} alert`,
    escalated: (min: number) => `Not acknowledged for ${min} min`,
    raisedAt: 'Raised at',
    digest: (n: number) => `${n} alerts held back (message limit)`,
    digestIntro: 'So as not to send hundreds of messages, these alerts were grouped:',
    footer: 'See and acknowledge the alerts in Sentinela.',
    test: 'Sentinela test message',
    testBody: 'If you received this message, Sentinela can send e-mail.',
  },
} as const;

function localTime(iso: string, timezone: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en-GB', {
    timeZone: timezone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The alert's sentence in `lang`; contents stored before the keys (a digest's) say the stored text. */
export function alertMessageIn(lang: Language, alert: AlertSummary): string {
  return alertSentence(
    {
      message: alert.message,
      messageKey: alert.messageKey ?? null,
      messageParams: alert.messageParams ?? null,
      ...(alert.source !== undefined ? { source: alert.source } : {}),
      value: alert.value ?? null,
    },
    lang,
  );
}

/** One alert, raised or escalated to the on-call list (after `minutes`). */
export function alertText(
  lang: Language,
  site: string,
  alert: AlertSummary,
  escalatedAfter: number | null = null,
): RenderedMessage {
  const w = words[lang];
  const head =
    escalatedAfter === null
      ? w.raised(w.severity[alert.severity])
      : `${w.escalated(escalatedAfter)} · ${w.raised(w.severity[alert.severity])}`;
  const subject = `[${site}] ${head}: ${alert.place}`;
  const message = alertMessageIn(lang, alert);
  const text = [
    `${head}`,
    `${alert.place}`,
    message,
    `${w.raisedAt} ${localTime(alert.raisedAt, alert.timezone, lang)} (${alert.timezone})`,
    '',
    w.footer,
  ].join('\n');
  return { subject, text, short: `${site}: ${head} – ${alert.place}: ${message}`.slice(0, 300) };
}

/** The alerts held back for one recipient, as one message. */
export function digestText(lang: Language, site: string, alerts: AlertSummary[]): RenderedMessage {
  const w = words[lang];
  const lines = alerts.map(
    (a) =>
      `- ${w.severity[a.severity]} · ${a.place}: ${alertMessageIn(lang, a)} (${localTime(a.raisedAt, a.timezone, lang)})`,
  );
  const subject = `[${site}] ${w.digest(alerts.length)}`;
  return {
    subject,
    text: [w.digestIntro, '', ...lines, '', w.footer].join('\n'),
    short: `${site}: ${w.digest(alerts.length)}`,
  };
}

export function testEmailText(lang: Language, site: string): RenderedMessage {
  const w = words[lang];
  return { subject: `[${site}] ${w.test}`, text: w.testBody, short: w.test };
}
