import {
  brokerDroppedAlertMessage,
  demandAlertMessage,
  silenceAlertMessage,
  thresholdAlertMessage,
} from '@sentinela/shared/alert-messages';
import { describe, expect, it } from 'vitest';
import { alertText, ruleName } from './alert-text';
import { alertStrings } from './i18n/alert-strings';

/** Words only Portuguese uses in these texts: none may reach an English reader. */
const PORTUGUESE = /[ãçõéáíúâê]|acima|abaixo|limite|zona|classe|motor alta|Equipamento|descartou|comunicação/i;

const keyed = (text: { key: string; params: Record<string, string | number> }, message = 'mensagem antiga') => ({
  message,
  messageKey: text.key,
  messageParams: text.params,
});

const vibrationRule = {
  name: 'Vibração do motor: zona D (ISO 10816, classe II)',
  nameKey: 'vibrationCritical',
  metric: 'vibration',
  comparison: 'above' as const,
  threshold: 7.1,
};

describe('alert texts in the reader language', () => {
  it('words a seeded threshold rule alert in English with no Portuguese left, and in Portuguese', () => {
    const alert = keyed(thresholdAlertMessage(vibrationRule, 7.42));
    const en = alertText(alert, 'en');
    expect(en).toBe(
      'Motor vibration: zone D (ISO 10816, class II) above the limit: 7.42\u00a0mm/s (limit 7.1\u00a0mm/s)',
    );
    expect(en).not.toMatch(PORTUGUESE);
    expect(alertText(alert, 'pt')).toBe(
      'Vibração do motor: zona D (ISO 10816, classe II) acima do limite: 7,42\u00a0mm/s (limite 7,1\u00a0mm/s)',
    );
  });

  it('keeps the name of a rule people wrote as typed, in the reader sentence and units', () => {
    const rule = {
      name: 'Bomba 3 quente',
      nameKey: null,
      metric: 'temperature',
      comparison: 'above' as const,
      threshold: 80,
    };
    expect(alertText(keyed(thresholdAlertMessage(rule, 81.2)), 'en')).toBe(
      'Bomba 3 quente above the limit: 178.2\u00a0°F (limit 176.0\u00a0°F)',
    );
  });

  it('words site and silence alerts with no Portuguese in English', () => {
    const dropped = keyed(brokerDroppedAlertMessage(1234), 'Broker MQTT descartou mensagens: 1.234');
    expect(alertText(dropped, 'en')).toBe('MQTT broker dropped messages: 1,234');
    expect(alertText(dropped, 'en')).not.toMatch(PORTUGUESE);
    expect(alertText(dropped, 'pt')).toBe('Broker MQTT descartou mensagens: 1.234');
    const silent = keyed(silenceAlertMessage(60));
    expect(alertText(silent, 'en')).toBe('Equipment not reporting for more than 60 s');
    expect(alertText(silent, 'pt')).toBe('Equipamento sem comunicação há mais de 60 s');
  });

  it('words demand alerts (near and overrun, azul ponta) in both languages', () => {
    const text = {
      facility: 'Fábrica Campinas',
      peakKw: 612.04,
      contractedKw: 560,
      post: 'foraPonta' as const,
      month: '2026-11-01',
    };
    expect(alertText(keyed(demandAlertMessage('over', text)), 'pt')).toBe(
      'Ultrapassagem de demanda em Fábrica Campinas: 612 kW em 15 min, contratada 560 kW (tolerância de 5 %)',
    );
    expect(alertText(keyed(demandAlertMessage('over', text)), 'en')).toBe(
      'Demand overrun at Fábrica Campinas: 612 kW over 15 min, contracted 560 kW (5 % tolerance)',
    );
    expect(alertText(keyed(demandAlertMessage('near', { ...text, peakKw: 540, post: 'ponta' })), 'en')).toBe(
      'Demand close to the contracted value at Fábrica Campinas: 540 kW over 15 min, contracted 560 kW at peak hours',
    );
  });

  it('rebuilds rows older than the keys from their rule (translated by its key) and keeps device events as written', () => {
    const old = {
      message: 'Temperatura do motor alta acima do limite: 81,2 (limite 80)',
      messageKey: null,
      messageParams: null,
      source: 'threshold:abc',
      value: 81.2,
      rule: {
        name: 'Temperatura do motor alta',
        nameKey: 'motorTempWarning',
        metric: 'temperature',
        comparison: 'above' as const,
        threshold: 80,
      },
    };
    expect(alertText(old, 'pt')).toBe(old.message);
    expect(alertText(old, 'en')).toBe('Motor temperature high above the limit: 178.2\u00a0°F (limit 176.0\u00a0°F)');
    const event = {
      message: 'Porta traseira do rack aberta',
      messageKey: null,
      messageParams: null,
      source: 'event:doorOpen',
    };
    expect(alertText(event, 'en')).toBe(event.message);
    const unknownKey = { message: 'Algo novo', messageKey: 'future.key', messageParams: {}, source: 'event:x' };
    expect(alertText(unknownKey, 'pt')).toBe('Algo novo');
  });

  it('words forecast warnings in the reader units (°C and km/h in pt, °F and mph in en)', () => {
    const heat = {
      message: 'x',
      messageKey: 'weather.heatWave',
      messageParams: { facility: 'Campinas', date: '2026-03-03', value: 37, unit: 'C' },
    };
    expect(alertText(heat, 'pt')).toMatch(
      /^Campinas: onda de calor prevista em ter\.?, 03\/03, máxima de 37,0\u00a0°C$/,
    );
    expect(alertText(heat, 'en')).toBe('Campinas: heat wave forecast on Tue, 3/3, a high of 98.6\u00a0°F');
    const storm = {
      ...heat,
      messageKey: 'weather.storm',
      messageParams: { ...heat.messageParams, value: 85, unit: 'kmh' },
    };
    expect(alertText(storm, 'en')).toBe('Campinas: storm forecast on Tue, 3/3, 53\u00a0mph');
  });

  it('names every seeded rule in both languages, the Portuguese name as the seed wrote it', () => {
    expect(ruleName({ name: 'x', nameKey: 'lowPowerFactor' }, 'en')).toBe('Low power factor');
    expect(ruleName({ name: 'Minha regra', nameKey: null }, 'en')).toBe('Minha regra');
    expect(Object.keys(alertStrings.en).sort()).toEqual(Object.keys(alertStrings.pt).sort());
    for (const text of Object.values(alertStrings.en)) expect(text).not.toMatch(PORTUGUESE);
  });
});
