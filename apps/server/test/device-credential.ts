import { randomBytes } from 'node:crypto';
import type { Database } from '@sentinela/db/client';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import { hashDeviceSecret, newDeviceSecret } from '../src/platform/device-secret';

/** What an MQTT client presents: the equipment id and its secret (ADR 016). */
export interface MqttCredentials {
  username: string;
  password: string;
}

/** Gives an equipment a new secret (a row of device_credentials, as the portal stores it) and returns it. */
export async function insertDeviceCredential(db: Database, equipmentId: string): Promise<MqttCredentials> {
  const secret = newDeviceSecret();
  await db.insert(deviceCredentials).values({ equipmentId, secretHash: hashDeviceSecret(secret) });
  return { username: equipmentId, password: secret };
}

export interface GatewaySite {
  site: string;
  gatewayId: string;
  /** The devices the gateway speaks for. */
  deviceIds: string[];
  /** The gateway's credentials: one connection publishes for every device. */
  credentials: MqttCredentials;
}

/**
 * A facility (its code is the topics' `<site>`) with a field gateway and `devices` motors assigned
 * to it, and a secret for the gateway.
 */
export async function seedGatewaySite(db: Database, devices: number, site = `d${randomBytes(3).toString('hex')}`) {
  const [facility] = await db
    .insert(facilities)
    .values({ code: site, name: `Teste ${site}`, city: 'Campinas' })
    .returning();
  const gatewayId = `${site}-gw`;
  await db.insert(equipment).values({ id: gatewayId, name: 'Gateway', kind: 'gateway', facilityId: facility!.id });
  const deviceIds = Array.from({ length: devices }, (_, i) => `${site}-m${i}`);
  await db.insert(equipment).values(
    deviceIds.map((id, i) => ({
      id,
      name: `Motor ${i}`,
      kind: 'motor' as const,
      facilityId: facility!.id,
      gatewayId,
    })),
  );
  const credentials = await insertDeviceCredential(db, gatewayId);
  return { site, gatewayId, deviceIds, credentials } satisfies GatewaySite;
}
