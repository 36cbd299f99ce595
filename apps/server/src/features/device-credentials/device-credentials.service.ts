import { and, asc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { users } from '@sentinela/db/schema/accounts';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import {
  credentialGraceMs,
  MAX_PROVISION_DEVICES,
  type CredentialGrace,
  type DeviceCredentialStatus,
  type DeviceSecret,
  type deviceCredentialProvisionInput,
} from '@sentinela/shared/device-credentials';
import type { EquipmentKind } from '@sentinela/shared/plant';
import { deviceTopic, type TopicKind } from '@sentinela/shared/telemetry';
import type { z } from 'zod';
import { actedBy, auditRow, callerChange, type ChangeCaller } from '../../platform/audit';
import { newDeviceSecret, hashDeviceSecret } from '../../platform/device-secret';
import { AppError } from '../../platform/errors';

/**
 * Device credentials (ADR 016). A secret is made here, returned once in the answer and stored
 * only as its hash; never logged, never in the audit details. A rotation keeps the previous
 * secret valid for the grace the administrator chose, so a device holds at most a current and a
 * previous secret; older ones are revoked. After any change `onChange` runs (the runtime reloads
 * the broker's device directory with it), so a new secret works at once in this process.
 */

export interface CredentialDeps {
  /** Runs after a change is committed (reload the device directory). Its failure is not the change's. */
  onChange?: () => Promise<void> | void;
}

const topicKinds: TopicKind[] = ['telemetry', 'cmd', 'ack', 'status'];

/** A secret a spreadsheet will not read as a formula (base64url may start with '-'): a new one is drawn. */
function deviceSecret(): string {
  for (;;) {
    const secret = newDeviceSecret();
    if (!secret.startsWith('-')) return secret;
  }
}

async function changed(deps: CredentialDeps): Promise<void> {
  try {
    await deps.onChange?.();
  } catch {
    // The directory reloads by itself every few seconds; the change stands.
  }
}

/** The credentials of these devices still accepted at `now` (not revoked, not past their grace). */
const activeAt = (now: Date) =>
  and(
    isNull(deviceCredentials.revokedAt),
    or(isNull(deviceCredentials.validUntil), gt(deviceCredentials.validUntil, now)),
  );

export async function credentialStatus(db: Database, equipmentId: string, now: Date): Promise<DeviceCredentialStatus> {
  const [device] = await db.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, equipmentId));
  if (!device) throw new AppError('NOT_FOUND', 'registry.equipmentNotFound');
  const rows = await db
    .select({
      createdAt: deviceCredentials.createdAt,
      createdBy: users.email,
      validUntil: deviceCredentials.validUntil,
    })
    .from(deviceCredentials)
    .leftJoin(users, eq(users.id, deviceCredentials.createdBy))
    .where(and(eq(deviceCredentials.equipmentId, equipmentId), activeAt(now)))
    .orderBy(asc(deviceCredentials.createdAt));
  const current = rows.find((r) => r.validUntil === null);
  const previous = rows.filter((r) => r.validUntil !== null).at(-1);
  return {
    equipmentId,
    hasSecret: rows.length > 0,
    current: current ? { createdAt: current.createdAt, createdBy: current.createdBy ?? null } : null,
    previousValidUntil: previous?.validUntil ?? null,
  };
}

/** The devices to rotate, locked against a parallel change (one current secret each). */
interface Target {
  id: string;
  kind: EquipmentKind;
  name: string;
  site: string;
  facilityName: string;
  gatewayId: string | null;
  retiredAt: Date | null;
}

const targetColumns = {
  id: equipment.id,
  kind: equipment.kind,
  name: equipment.name,
  site: facilities.code,
  facilityName: facilities.name,
  gatewayId: equipment.gatewayId,
  retiredAt: equipment.retiredAt,
};

async function lockOne(tx: Database, equipmentId: string): Promise<Target> {
  const [row] = await tx
    .select(targetColumns)
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(eq(equipment.id, equipmentId))
    .for('update', { of: equipment });
  if (!row) throw new AppError('NOT_FOUND', 'registry.equipmentNotFound');
  return row;
}

/**
 * Gives each device a new current secret: its previous ones still in their grace are revoked,
 * its current one becomes the previous, valid `grace` longer (revoked now for 'none').
 * Answers the secrets in clear, by equipment id; only their hashes are written.
 */
async function rotateSecrets(
  tx: Database,
  ids: string[],
  grace: CredentialGrace,
  createdBy: string,
  now: Date,
): Promise<Map<string, { secret: string; credentialId: string }>> {
  const secrets = new Map<string, { secret: string; credentialId: string }>();
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const mine = and(inArray(deviceCredentials.equipmentId, chunk), isNull(deviceCredentials.revokedAt));
    // Older than the current one: at most a current and a previous stay.
    await tx
      .update(deviceCredentials)
      .set({ revokedAt: now })
      .where(and(mine, isNotNull(deviceCredentials.validUntil)));
    const ms = credentialGraceMs[grace];
    await tx
      .update(deviceCredentials)
      .set(ms === 0 ? { revokedAt: now } : { validUntil: new Date(now.getTime() + ms) })
      .where(and(mine, isNull(deviceCredentials.validUntil)));
    const made = chunk.map((equipmentId) => ({ equipmentId, secret: deviceSecret() }));
    const inserted = await tx
      .insert(deviceCredentials)
      .values(
        made.map((m) => ({
          equipmentId: m.equipmentId,
          secretHash: hashDeviceSecret(m.secret),
          createdBy,
          createdAt: now,
        })),
      )
      .returning({ id: deviceCredentials.id, equipmentId: deviceCredentials.equipmentId });
    const idOf = new Map(inserted.map((r) => [r.equipmentId, r.id]));
    for (const m of made) secrets.set(m.equipmentId, { secret: m.secret, credentialId: idOf.get(m.equipmentId)! });
  }
  return secrets;
}

const topicsOf = (site: string, equipmentId: string) =>
  Object.fromEntries(topicKinds.map((kind) => [kind, deviceTopic(site, equipmentId, kind)])) as DeviceSecret['topics'];

async function secretAnswer(db: Database, target: Target, secret: string, now: Date): Promise<DeviceSecret> {
  return {
    equipmentId: target.id,
    username: target.id,
    secret,
    site: target.site,
    topics: topicsOf(target.site, target.id),
    status: await credentialStatus(db, target.id, now),
  };
}

type Action = 'generate' | 'rotate';

async function changeOne(
  caller: ChangeCaller,
  deps: CredentialDeps,
  action: Action,
  equipmentId: string,
  grace: CredentialGrace,
  now: Date,
): Promise<DeviceSecret> {
  const { target, secret } = await callerChange(
    caller,
    async (tx) => {
      const target = await lockOne(tx, equipmentId);
      if (target.retiredAt) throw new AppError('CONFLICT', 'registry.equipmentRetired');
      if (action === 'generate') {
        const [active] = await tx
          .select({ id: deviceCredentials.id })
          .from(deviceCredentials)
          .where(and(eq(deviceCredentials.equipmentId, equipmentId), activeAt(now)))
          .limit(1);
        if (active) throw new AppError('CONFLICT', 'deviceCredentials.alreadyHasSecret');
      }
      const made = (await rotateSecrets(tx, [equipmentId], grace, caller.actor.id, now)).get(equipmentId)!;
      return { target, secret: made.secret, credentialId: made.credentialId };
    },
    // The secret (and its hash) never enter the audit log.
    ({ credentialId }) => ({
      action: `deviceCredentials.${action}`,
      target: equipmentId,
      details: action === 'rotate' ? { credentialId, grace } : { credentialId },
    }),
  );
  await changed(deps);
  return secretAnswer(caller.db, target, secret, now);
}

/** A first secret for a device that has none (an active one: rotate instead). */
export function generateCredential(
  caller: ChangeCaller,
  deps: CredentialDeps,
  equipmentId: string,
  now: Date,
): Promise<DeviceSecret> {
  return changeOne(caller, deps, 'generate', equipmentId, 'none', now);
}

/** A new secret; the previous one stays valid `grace` longer. A device without one gets its first. */
export function rotateCredential(
  caller: ChangeCaller,
  deps: CredentialDeps,
  equipmentId: string,
  grace: CredentialGrace,
  now: Date,
): Promise<DeviceSecret> {
  return changeOne(caller, deps, 'rotate', equipmentId, grace, now);
}

/** Revokes every secret of a device at once (a retired one too: cutting a device off is always allowed). */
export async function revokeCredentials(
  caller: ChangeCaller,
  deps: CredentialDeps,
  equipmentId: string,
  now: Date,
): Promise<DeviceCredentialStatus> {
  await callerChange(
    caller,
    async (tx) => {
      await lockOne(tx, equipmentId);
      const revoked = await tx
        .update(deviceCredentials)
        .set({ revokedAt: now })
        .where(and(eq(deviceCredentials.equipmentId, equipmentId), activeAt(now)))
        .returning({ id: deviceCredentials.id });
      if (revoked.length === 0) throw new AppError('CONFLICT', 'deviceCredentials.noSecret');
      return revoked.map((r) => r.id);
    },
    (credentialIds) => ({
      action: 'deviceCredentials.revoke',
      target: equipmentId,
      details: { credentialIds },
    }),
  );
  await changed(deps);
  return credentialStatus(caller.db, equipmentId, now);
}

export type ProvisionInput = z.output<typeof deviceCredentialProvisionInput>;

/**
 * The devices a provisioning file covers, in service, by id: the listed ones (each must exist and
 * be in service) or those matching the facility / kind filter; at most MAX_PROVISION_DEVICES.
 */
async function provisionTargets(tx: Database, input: ProvisionInput): Promise<Target[]> {
  const filters = [
    input.equipmentIds ? inArray(equipment.id, input.equipmentIds) : undefined,
    input.facilityId ? eq(equipment.facilityId, input.facilityId) : undefined,
    input.kind ? eq(equipment.kind, input.kind) : undefined,
  ];
  if (!input.equipmentIds) filters.push(isNull(equipment.retiredAt));
  const rows = await tx
    .select(targetColumns)
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(and(...filters))
    .orderBy(asc(facilities.code), asc(equipment.id))
    .limit(MAX_PROVISION_DEVICES + 1)
    .for('update', { of: equipment });
  if (input.equipmentIds) {
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of input.equipmentIds) {
      const row = found.get(id);
      if (!row || row.retiredAt) throw new AppError('BAD_REQUEST', 'deviceCredentials.provisionNotFound', { code: id });
    }
  }
  if (rows.length > MAX_PROVISION_DEVICES) throw new AppError('BAD_REQUEST', 'deviceCredentials.provisionTooMany');
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'deviceCredentials.provisionEmpty');
  return rows;
}

export interface ProvisionedDevice {
  target: Target;
  secret: string;
}

/**
 * Rotates the secrets of many devices at once (the provisioning file): every device or none,
 * one audit entry per device and one summing up, none holding a secret.
 */
export async function provisionCredentials(
  caller: ChangeCaller,
  deps: CredentialDeps,
  input: ProvisionInput,
  now: Date,
): Promise<ProvisionedDevice[]> {
  const devices = await caller.db.transaction(async (tx) => {
    const targets = await provisionTargets(tx, input);
    const secrets = await rotateSecrets(
      tx,
      targets.map((t) => t.id),
      input.grace,
      caller.actor.id,
      now,
    );
    const entry = (action: string, target: string | null, details: Record<string, unknown>) =>
      auditRow(caller.origin, { ...actedBy(caller.actor), action, result: 'success', target, details });
    const entries = [
      ...targets.map((t) =>
        entry('deviceCredentials.rotate', t.id, {
          credentialId: secrets.get(t.id)!.credentialId,
          grace: input.grace,
          provision: true,
        }),
      ),
      entry('deviceCredentials.provision', null, {
        devices: targets.length,
        grace: input.grace,
        facilityId: input.facilityId ?? null,
        kind: input.kind ?? null,
        listed: input.equipmentIds?.length ?? null,
      }),
    ];
    for (let i = 0; i < entries.length; i += 500) await tx.insert(auditLog).values(entries.slice(i, i + 500));
    return targets.map((target) => ({ target, secret: secrets.get(target.id)!.secret }));
  });
  await changed(deps);
  return devices;
}

export { topicsOf as deviceTopics };
