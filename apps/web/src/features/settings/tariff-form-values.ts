import type { EnergyTariff } from '@sentinela/shared/settings';
import { numberText as plainNumberText, parseNumberText } from '../../lib/form-issues';

/** The number fields of the tariff form, as their schema paths. */
export const tariffNumberFields = [
  'peakRate',
  'offPeakRate',
  'demandRate',
  'peakDemandRate',
  'contractedDemandKw',
  'contractedPeakDemandKw',
  'reactiveRate',
  'flagAdditions.amarela',
  'flagAdditions.vermelha1',
  'flagAdditions.vermelha2',
  'icmsPercent',
  'pisPercent',
  'cofinsPercent',
  'meterReadingDay',
] as const;
export type TariffNumberField = (typeof tariffNumberFields)[number];

/** Every field of the form (the error sorting). */
export const TARIFF_FIELDS = ['modality', 'peakStart', 'peakEnd', 'flag', ...tariffNumberFields] as const;

/** The tariff form as typed: numbers are text until the shared schema checks them. */
export type TariffFormValues = Record<TariffNumberField, string> & {
  modality: string;
  peakStart: string;
  peakEnd: string;
  flag: string;
  billing: 'calendar' | 'readingDay';
};

/** The form's values for a tariff; numbers with a decimal comma in Portuguese. */
export function tariffFormValues(tariff: EnergyTariff, language: 'pt' | 'en'): TariffFormValues {
  const numberText = (value: number | null) => {
    const text = plainNumberText(value);
    return language === 'pt' ? text.replace('.', ',') : text;
  };
  return {
    modality: tariff.modality,
    peakStart: tariff.peakStart,
    peakEnd: tariff.peakEnd,
    flag: tariff.flag,
    billing: tariff.meterReadingDay === null ? 'calendar' : 'readingDay',
    peakRate: numberText(tariff.peakRate),
    offPeakRate: numberText(tariff.offPeakRate),
    demandRate: numberText(tariff.demandRate),
    peakDemandRate: numberText(tariff.peakDemandRate),
    contractedDemandKw: numberText(tariff.contractedDemandKw),
    contractedPeakDemandKw: numberText(tariff.contractedPeakDemandKw),
    reactiveRate: numberText(tariff.reactiveRate),
    'flagAdditions.amarela': numberText(tariff.flagAdditions.amarela),
    'flagAdditions.vermelha1': numberText(tariff.flagAdditions.vermelha1),
    'flagAdditions.vermelha2': numberText(tariff.flagAdditions.vermelha2),
    icmsPercent: numberText(tariff.icmsPercent),
    pisPercent: numberText(tariff.pisPercent),
    cofinsPercent: numberText(tariff.cofinsPercent),
    meterReadingDay: numberText(tariff.meterReadingDay),
  };
}

/**
 * The input the shared schema checks. A blank number is null, which the schema refuses (it must
 * not fall back to a default unseen); the meter-reading day is null for a calendar month.
 */
export function tariffInputOf(values: TariffFormValues): Record<string, unknown> {
  const n = (field: TariffNumberField) => {
    return parseNumberText(values[field]);
  };
  return {
    modality: values.modality,
    peakStart: values.peakStart,
    peakEnd: values.peakEnd,
    peakRate: n('peakRate'),
    offPeakRate: n('offPeakRate'),
    demandRate: n('demandRate'),
    peakDemandRate: n('peakDemandRate'),
    contractedDemandKw: n('contractedDemandKw'),
    contractedPeakDemandKw: n('contractedPeakDemandKw'),
    reactiveRate: n('reactiveRate'),
    flag: values.flag,
    flagAdditions: {
      amarela: n('flagAdditions.amarela'),
      vermelha1: n('flagAdditions.vermelha1'),
      vermelha2: n('flagAdditions.vermelha2'),
    },
    icmsPercent: n('icmsPercent'),
    pisPercent: n('pisPercent'),
    cofinsPercent: n('cofinsPercent'),
    meterReadingDay: values.billing === 'calendar' ? null : (n('meterReadingDay') ?? Number.NaN),
  };
}
