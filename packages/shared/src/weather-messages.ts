import type { MessageTable } from './language';

/** The weather area's server messages (spread into serverMessages, messages.ts). */
export const weatherMessages = {
  'validation.heatWaveC': {
    pt: 'O limite de onda de calor deve estar entre 20 e 60 °C.',
    en: 'The heat-wave threshold must be between 20 and 60 °C.',
  },
  'validation.stormWindKmh': {
    pt: 'O limite de vento de tempestade deve estar entre 20 e 300 km/h.',
    en: 'The storm wind threshold must be between 20 and 300 km/h.',
  },
  'validation.stormRainMm': {
    pt: 'O limite de chuva de tempestade deve estar entre 1 e 1000 mm.',
    en: 'The storm rain threshold must be between 1 and 1000 mm.',
  },
} as const satisfies MessageTable;
