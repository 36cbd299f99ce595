/**
 * Why a device refused a command, as a code the client translates; an ack's `error` adds the
 * device's own words. A device may send a code not listed here: the client then shows its text
 * as written. Plain values without zod, for the client's bundle.
 */
export const deviceRefusalCodes = [
  'maintenanceLockout',
  'tripped',
  'unsupported',
  'invalidParams',
  'outOfRange',
  'conflict',
  'unknownEquipment',
] as const;
export type DeviceRefusalCode = (typeof deviceRefusalCodes)[number];

export function isDeviceRefusalCode(code: string | null | undefined): code is DeviceRefusalCode {
  return (deviceRefusalCodes as readonly (string | null | undefined)[]).includes(code);
}
