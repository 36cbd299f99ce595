import type { MessageTable } from './language';

/** The /settings area's server messages (spread into serverMessages, messages.ts). */
export const settingsMessages = {
  'validation.siteName': {
    pt: 'O nome do site deve ter de 1 a 80 caracteres.',
    en: 'The site name must be 1 to 80 characters long.',
  },
  'validation.retentionDays': {
    pt: 'Informe um número inteiro de dias: de 1 a 365 para a telemetria bruta, de 1 a 3650 para os agregados de 1 minuto.',
    en: 'Enter a whole number of days: 1 to 365 for raw telemetry, 1 to 3650 for the 1-minute rollups.',
  },
  'validation.retentionAuditDays': {
    pt: 'A auditoria é guardada de 30 a 3650 dias (número inteiro).',
    en: 'Audit data is kept 30 to 3650 days (a whole number).',
  },
  'validation.retentionMinuteShorter': {
    pt: 'Os agregados de 1 minuto são guardados pelo menos tanto quanto a telemetria bruta.',
    en: 'The 1-minute rollups are kept at least as long as the raw telemetry.',
  },
  'validation.thresholdNumber': {
    pt: 'Informe um número entre -1.000.000 e 1.000.000.',
    en: 'Enter a number between -1,000,000 and 1,000,000.',
  },
  'settings.thresholdUnknownRule': {
    pt: 'Regra de alerta não encontrada (foi removida?). Recarregue a página.',
    en: 'Alert rule not found (was it removed?). Reload the page.',
  },
  'settings.thresholdMixedGroup': {
    pt: 'As faixas salvas juntas devem ser do mesmo tipo de equipamento e da mesma métrica.',
    en: 'Bands saved together must be of the same equipment kind and metric.',
  },
  'settings.thresholdClearAt': {
    pt: 'Cada valor de normalização fica do lado normal do seu limite, ou igual a ele (limite {threshold}, normaliza em {clearAt}).',
    en: 'Each clearing value sits on the normal side of its threshold, or equals it (threshold {threshold}, clears at {clearAt}).',
  },
  'settings.thresholdBandOrder': {
    pt: 'O limite de atenção ({warning}) deve ser menos severo que o crítico ({critical}).',
    en: 'The warning threshold ({warning}) must be less severe than the critical one ({critical}).',
  },
} as const satisfies MessageTable;
