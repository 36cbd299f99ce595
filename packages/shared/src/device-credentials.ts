import { z } from 'zod';
import { equipmentIdSchema, equipmentKindValues, facilityIdSchema } from './plant';

/**
 * Device credentials (ADR 016): every device's MQTT username is its equipment id, its secret is
 * random and shown once (in the answer of the change that made it). Administrators only.
 */

/** How long the previous secret stays valid after a rotation. */
export const credentialGraceValues = ['none', '1h', '24h', '7d'] as const;
export type CredentialGrace = (typeof credentialGraceValues)[number];
export const credentialGraceMs: Record<CredentialGrace, number> = {
  none: 0,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** Devices one provisioning file may rotate at once. */
export const MAX_PROVISION_DEVICES = 1000;

const graceSchema = z.enum(credentialGraceValues, 'validation.credentialGrace');

export const deviceCredentialInput = z.object({ equipmentId: equipmentIdSchema });
export const deviceCredentialRotateInput = z.object({ equipmentId: equipmentIdSchema, grace: graceSchema });

/** Which devices a provisioning file rotates: listed ids, or a facility / kind filter. */
export const deviceCredentialProvisionInput = z.object({
  equipmentIds: z
    .array(equipmentIdSchema)
    .min(1)
    .max(MAX_PROVISION_DEVICES, 'deviceCredentials.provisionTooMany')
    .optional(),
  facilityId: facilityIdSchema.optional(),
  kind: z.enum(equipmentKindValues, 'validation.equipmentKind').optional(),
  grace: graceSchema,
});

export const deviceCredentialStatusOutput = z.object({
  equipmentId: z.string(),
  hasSecret: z.boolean(),
  /** The current secret: when and by whom (e-mail; null if the account is gone) it was made. */
  current: z.object({ createdAt: z.date(), createdBy: z.string().nullable() }).nullable(),
  /** The previous secret after a rotation, valid until then (null: none). */
  previousValidUntil: z.date().nullable(),
});
export type DeviceCredentialStatus = z.infer<typeof deviceCredentialStatusOutput>;

export const deviceTopicsSchema = z.object({
  telemetry: z.string(),
  cmd: z.string(),
  ack: z.string(),
  status: z.string(),
});

/** A new secret, shown once: what a device needs to connect. */
export const deviceSecretOutput = z.object({
  equipmentId: z.string(),
  username: z.string(),
  secret: z.string(),
  site: z.string(),
  topics: deviceTopicsSchema,
  status: deviceCredentialStatusOutput,
});
export type DeviceSecret = z.infer<typeof deviceSecretOutput>;

/** The provisioning file (CSV, secrets in clear: shown once). */
export const deviceProvisionOutput = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type DeviceProvision = z.infer<typeof deviceProvisionOutput>;
