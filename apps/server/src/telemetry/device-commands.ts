import { z } from 'zod';
import type { DeviceRefusalCode } from '@sentinela/shared/device-refusals';
import { lightModes, type CommandAction, type LightMode } from '@sentinela/shared/telemetry';
import { controlState, type DeviceModel } from './device-models';

export type CommandOutcome =
  | { ok: true; state: Record<string, unknown> }
  | { ok: false; code: DeviceRefusalCode; error: string; state: Record<string, unknown> };

const setPowerParams = z.strictObject({ on: z.boolean() });
const setLightParams = z
  .strictObject({
    on: z.boolean().optional(),
    brightness: z.number().min(0).max(100).optional(),
    mode: z.enum(lightModes).optional(),
  })
  .refine((p) => p.on !== undefined || p.brightness !== undefined || p.mode !== undefined, 'nothing to set');
const setSetpointParams = z.strictObject({ setpoint: z.number().finite() });

export const SETPOINT_RANGE_C = [10, 35] as const;
const MODE_BRIGHTNESS: Partial<Record<LightMode, number>> = { eco: 50, boost: 100 };

function refuse(model: DeviceModel, code: DeviceRefusalCode, error: string): CommandOutcome {
  return { ok: false, code, error, state: controlState(model) };
}

function invalid(model: DeviceModel, error: z.ZodError): CommandOutcome {
  const issue = error.issues[0];
  return refuse(
    model,
    'invalidParams',
    `invalid params: ${issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'rejected'}`,
  );
}

/**
 * Carries out a command as a device would, changing `model` in place. Refuses what the device
 * cannot do (wrong kind, bad parameters, a set-point out of range, a locked-out motor).
 */
export function applyCommand(
  model: DeviceModel,
  action: CommandAction,
  params: Record<string, unknown>,
): CommandOutcome {
  const supported =
    model.kind === 'motor'
      ? ['setPower']
      : model.kind === 'light'
        ? ['setLight']
        : model.kind === 'hvac'
          ? ['setPower', 'setSetpoint']
          : [];
  if (!supported.includes(action)) return refuse(model, 'unsupported', `${action} is not supported by a ${model.kind}`);

  if (action === 'setPower' && (model.kind === 'motor' || model.kind === 'hvac')) {
    const parsed = setPowerParams.safeParse(params);
    if (!parsed.success) return invalid(model, parsed.error);
    if (parsed.data.on && model.lock) return refuse(model, model.lock.code, model.lock.error);
    model.on = parsed.data.on;
  } else if (action === 'setLight' && model.kind === 'light') {
    const parsed = setLightParams.safeParse(params);
    if (!parsed.success) return invalid(model, parsed.error);
    const { on, brightness, mode } = parsed.data;
    const modeLevel = mode ? MODE_BRIGHTNESS[mode] : undefined;
    if (modeLevel !== undefined && brightness !== undefined && brightness !== modeLevel) {
      return refuse(model, 'conflict', `brightness ${brightness} conflicts with mode ${mode} (${modeLevel} %)`);
    }
    if (mode) {
      // Back to normal from eco or boost without a level: full light.
      model.brightness = modeLevel ?? brightness ?? (model.mode === 'normal' ? model.brightness : 100);
      model.mode = mode;
    } else if (brightness !== undefined) {
      model.brightness = brightness;
      if (MODE_BRIGHTNESS[model.mode] !== brightness) model.mode = 'normal';
    }
    if (on !== undefined) model.on = on;
  } else if (action === 'setSetpoint' && model.kind === 'hvac') {
    const parsed = setSetpointParams.safeParse(params);
    if (!parsed.success) return invalid(model, parsed.error);
    const [min, max] = SETPOINT_RANGE_C;
    if (parsed.data.setpoint < min || parsed.data.setpoint > max) {
      return refuse(model, 'outOfRange', `setpoint ${parsed.data.setpoint} °C out of range (${min}–${max} °C)`);
    }
    model.setpoint = parsed.data.setpoint;
  }
  return { ok: true, state: controlState(model) };
}
