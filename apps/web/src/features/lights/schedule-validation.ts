import type { LightsStringKey } from './lights.strings';

/** Monday first, as people read a week (the stored numbers: 0 = Sunday … 6 = Saturday). */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface FormValues {
  roomId: string;
  onTime: string;
  offTime: string;
  days: number[];
  brightness: string;
  enabled: boolean;
}

export type FormErrors = Partial<Record<keyof FormValues, LightsStringKey>>;

/** The server's rules (packages/shared/src/lights.ts), checked before sending so the form can point at the field. */
export function validateSchedule(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const brightness = Number(values.brightness);
  if (!values.roomId) errors.roomId = 'invalid.room';
  if (!CLOCK_TIME.test(values.onTime)) errors.onTime = 'invalid.clockTime';
  if (!CLOCK_TIME.test(values.offTime)) errors.offTime = 'invalid.clockTime';
  else if (values.offTime === values.onTime) errors.offTime = 'invalid.sameTimes';
  if (values.days.length === 0) errors.days = 'invalid.days';
  if (!Number.isInteger(brightness) || brightness < 1 || brightness > 100) errors.brightness = 'invalid.brightness';
  return errors;
}
