import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import { hashDeviceSecret, verifyDeviceSecret } from '../../platform/device-secret';
import type { DeviceDirectory, DeviceLogin } from '../../telemetry/device-directory';

/**
 * The broker's device directory from the database (ADR 016). `reload` reads the registry and the
 * non-revoked credentials of equipment in service into memory; `scope` and `isValid` answer from
 * it synchronously, `authenticate` checks a secret against it. A device holds at most a current
 * and a previous secret: every login verifies exactly that many hashes (dummies for an unknown
 * user or a device with one secret), so the time taken does not tell who exists.
 */

/** Hashes checked per login: a current and a previous secret. */
const HASHES_PER_LOGIN = 2;
/** Compared against when there is no real hash: a secret nobody knows. */
const DUMMY_HASH = hashDeviceSecret(`dummy-${Math.random()}`);

interface Credential {
  id: string;
  equipmentId: string;
  hash: string;
  /** ms since the epoch; null: until rotated or revoked. */
  validUntil: number | null;
}

interface Snapshot {
  credentials: Map<string, Credential>;
  byEquipment: Map<string, Credential[]>;
  scopes: Map<string, ReadonlyMap<string, string>>;
}

const empty = (): Snapshot => ({ credentials: new Map(), byEquipment: new Map(), scopes: new Map() });

async function readSnapshot(db: Database): Promise<Snapshot> {
  const devices = await db
    .select({ id: equipment.id, kind: equipment.kind, gatewayId: equipment.gatewayId, site: facilities.code })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(isNull(equipment.retiredAt));
  const rows = await db
    .select({
      id: deviceCredentials.id,
      equipmentId: deviceCredentials.equipmentId,
      hash: deviceCredentials.secretHash,
      validUntil: deviceCredentials.validUntil,
    })
    .from(deviceCredentials)
    .innerJoin(equipment, eq(equipment.id, deviceCredentials.equipmentId))
    .where(and(isNull(deviceCredentials.revokedAt), isNull(equipment.retiredAt)));

  const snapshot = empty();
  const siteOf = new Map(devices.map((d) => [d.id, d.site]));
  const scopes = new Map<string, Map<string, string>>();
  for (const d of devices) scopes.set(d.id, new Map([[d.id, d.site]]));
  const kindOf = new Map(devices.map((d) => [d.id, d.kind]));
  for (const d of devices) {
    // Only a gateway in service speaks for others (the registry keeps this; a stale row is ignored).
    if (!d.gatewayId || d.gatewayId === d.id || kindOf.get(d.gatewayId) !== 'gateway') continue;
    scopes.get(d.gatewayId)!.set(d.id, siteOf.get(d.id)!);
  }
  snapshot.scopes = scopes;
  for (const row of rows) {
    const credential: Credential = { ...row, validUntil: row.validUntil?.getTime() ?? null };
    snapshot.credentials.set(row.id, credential);
    const list = snapshot.byEquipment.get(row.equipmentId) ?? [];
    // The current secret first, then the previous one.
    if (credential.validUntil === null) list.unshift(credential);
    else list.push(credential);
    snapshot.byEquipment.set(row.equipmentId, list);
  }
  return snapshot;
}

export interface DeviceDirectoryOptions {
  /** The clock grace periods are measured on (tests move it). */
  now?: () => Date;
}

/** A `DeviceDirectory` kept from the database; call `reload` at start and after changes (or periodically). */
export function createDeviceDirectory(db: Database, options: DeviceDirectoryOptions = {}): DeviceDirectory {
  const now = options.now ?? (() => new Date());
  let snapshot = empty();
  let ready = false;
  let running: Promise<void> | null = null;
  let again = false;

  const usable = (c: Credential | undefined, at: number): c is Credential =>
    !!c && (c.validUntil === null || c.validUntil > at);

  /** One reload at a time; a reload asked for meanwhile runs once more after it (it may have read older data). */
  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          snapshot = await readSnapshot(db);
          ready = true;
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    async authenticate(username: string, secret: Buffer): Promise<DeviceLogin | null> {
      // Before the first reload (or after it failed) the memory is empty: read it now.
      if (!ready) await reload();
      const at = now().getTime();
      const candidates = (snapshot.byEquipment.get(username) ?? []).filter((c) => usable(c, at));
      let match: Credential | null = null;
      for (let i = 0; i < HASHES_PER_LOGIN; i++) {
        const candidate = candidates[i];
        // Every hash is checked, matched or not: the time does not depend on which one matches.
        const ok = verifyDeviceSecret(secret, candidate?.hash ?? DUMMY_HASH);
        if (ok && candidate && !match) match = candidate;
      }
      if (!match || !snapshot.scopes.has(username)) return null;
      return { equipmentId: username, credentialId: match.id };
    },
    scope(equipmentId: string) {
      return snapshot.scopes.get(equipmentId) ?? null;
    },
    isValid(credentialId: string) {
      return usable(snapshot.credentials.get(credentialId), now().getTime());
    },
    reload,
  };
}
