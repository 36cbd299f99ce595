import { thresholdAlertMessage } from '@sentinela/shared/alert-messages';
import { describe, expect, it } from 'vitest';
import { alertText, digestText, type AlertSummary } from './notification-text';

const rule = {
  name: 'Temperatura do motor alta',
  nameKey: 'motorTempWarning',
  metric: 'temperature',
  comparison: 'above' as const,
  threshold: 80,
};
const threshold = thresholdAlertMessage(rule, 91);
const alert: AlertSummary = {
  alertId: 'a1',
  severity: 'critical',
  message: 'Temperatura do motor alta acima do limite: 91,0 °C (limite 80,0 °C)',
  messageKey: threshold.key,
  messageParams: threshold.params,
  source: 'threshold:temperature',
  value: 91,
  place: 'Motor M-01 · Planta Campinas',
  raisedAt: '2026-03-05T17:07:00.000Z',
  timezone: 'America/Sao_Paulo',
};

describe('notification texts', () => {
  it("words the alert from its key in the site's language, with the rule's name and units", () => {
    const en = alertText('en', 'Sentinela', alert);
    expect(en.text).toContain('Motor temperature high above the limit: 195.8\u00a0°F (limit 176.0\u00a0°F)');
    expect(en.text).not.toContain('Temperatura');
    expect(en.short).toContain('Motor temperature high above the limit');
    const pt = alertText('pt', 'Sentinela', alert);
    expect(pt.text).toContain('Temperatura do motor alta acima do limite: 91,0\u00a0°C (limite 80,0\u00a0°C)');
  });

  it('words a digest in the language too, and an alert without a key as stored (or rebuilt in English)', () => {
    const digest = digestText('en', 'Sentinela', [alert, { ...alert, alertId: 'a2', messageKey: null }]);
    expect(digest.text).toContain('critical · Motor M-01 · Planta Campinas: Motor temperature high above the limit');
    // No key, a silence alert: rebuilt from its source in English, the stored text in Portuguese.
    const silence: AlertSummary = {
      ...alert,
      message: 'Equipamento sem comunicação há mais de 60 s',
      messageKey: null,
      messageParams: null,
      source: 'silence',
    };
    expect(alertText('en', 'S', silence).text).toContain('Equipment not reporting for more than 60 s');
    expect(alertText('pt', 'S', silence).text).toContain('Equipamento sem comunicação há mais de 60 s');
  });
});
