/**
 * The password and ACL files of an external Mosquitto, written from the portal's device
 * credentials (deploy/mosquitto, `npm run mqtt:credentials`, ADR 016). Pure functions: the
 * script reads the database and writes the files.
 */

/** An equipment as the files need it: its id (the MQTT username), its facility's code, its gateway. */
export interface MosquittoDevice {
  id: string;
  /** Its facility's code: the `<site>` of its topics. */
  site: string;
  /** The gateway that speaks for it, or null. */
  gatewayId: string | null;
  retired: boolean;
}

export interface MosquittoCredential {
  equipmentId: string;
  /** `$7$<iterations>$<salt>$<hash>`, as stored. */
  secretHash: string;
  createdAt: Date;
  validUntil: Date | null;
  revokedAt: Date | null;
}

/** The portal's own user: read/write `sentinela/#`, read `$SYS/#`. */
export interface MosquittoServerUser {
  username: string;
  /** Its password's hash in Mosquitto's format. */
  passwordHash: string;
}

// Equipment ids are lower-case letters, digits and dashes (shared/plant); anything that could
// break a line of either file (':', whitespace, MQTT wildcards, '/') is refused here again.
const SAFE_NAME = /^[A-Za-z0-9._-]+$/;
const MOSQUITTO_HASH = /^\$7\$\d{1,7}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/;

/** Whether a name may stand as a Mosquitto username and inside a topic level. */
export function isSafeMosquittoName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/**
 * Each device's credential for Mosquitto: its newest one that is neither revoked nor expired.
 * Mosquitto holds one hash per user, so while a rotation's grace period runs the external
 * broker already refuses the previous secret (the embedded broker accepts both).
 */
export function currentCredentials(credentials: readonly MosquittoCredential[], now: Date): Map<string, string> {
  const newest = new Map<string, MosquittoCredential>();
  for (const credential of credentials) {
    if (credential.revokedAt !== null && credential.revokedAt <= now) continue;
    if (credential.validUntil !== null && credential.validUntil <= now) continue;
    if (!MOSQUITTO_HASH.test(credential.secretHash)) continue;
    const seen = newest.get(credential.equipmentId);
    if (!seen || credential.createdAt > seen.createdAt) newest.set(credential.equipmentId, credential);
  }
  return new Map([...newest].map(([id, credential]) => [id, credential.secretHash]));
}

export interface MosquittoFilesInput {
  devices: readonly MosquittoDevice[];
  credentials: readonly MosquittoCredential[];
  server: MosquittoServerUser;
  now: Date;
}

export interface MosquittoFiles {
  passwd: string;
  acl: string;
  /** Devices and gateways written (with a current credential, not retired). */
  users: number;
  /** Equipment ids left out because they cannot be written safely. */
  skipped: string[];
}

const topicLines = (site: string, id: string) => [
  `topic write sentinela/${site}/${id}/telemetry`,
  `topic write sentinela/${site}/${id}/ack`,
  `topic write sentinela/${site}/${id}/status`,
  `topic read sentinela/${site}/${id}/cmd`,
];

/**
 * Both files. A non-retired equipment with a current credential gets a password line and an
 * ACL block for its own topics under its facility's `<site>`; a gateway's block also holds the
 * topics of every non-retired device assigned to it. Users are sorted, so an unchanged
 * database writes the same files.
 */
export function buildMosquittoFiles({ devices, credentials, server, now }: MosquittoFilesInput): MosquittoFiles {
  if (!isSafeMosquittoName(server.username)) throw new Error(`unusable server username: ${server.username}`);
  if (!MOSQUITTO_HASH.test(server.passwordHash)) throw new Error('the server password hash is not in $7$ format');
  const hashes = currentCredentials(credentials, now);
  const live = devices.filter((d) => !d.retired);
  const assigned = new Map<string, MosquittoDevice[]>();
  for (const device of live) {
    if (device.gatewayId === null) continue;
    const list = assigned.get(device.gatewayId) ?? [];
    list.push(device);
    assigned.set(device.gatewayId, list);
  }
  const skipped: string[] = [];
  const passwd = [`${server.username}:${server.passwordHash}`];
  const acl = [
    '# Written by npm run mqtt:credentials: do not edit; run it again after a change.',
    '',
    `user ${server.username}`,
    'topic readwrite sentinela/#',
    'topic read $SYS/#',
  ];
  let users = 0;
  for (const device of [...live].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const hash = hashes.get(device.id);
    if (hash === undefined) continue;
    if (device.id === server.username || !isSafeMosquittoName(device.id) || !isSafeMosquittoName(device.site)) {
      skipped.push(device.id);
      continue;
    }
    users++;
    passwd.push(`${device.id}:${hash}`);
    acl.push('', `user ${device.id}`, ...topicLines(device.site, device.id));
    const speaksFor = (assigned.get(device.id) ?? []).filter(
      (d) => d.id !== device.id && isSafeMosquittoName(d.id) && isSafeMosquittoName(d.site),
    );
    for (const child of speaksFor.sort((a, b) => (a.id < b.id ? -1 : 1))) acl.push(...topicLines(child.site, child.id));
  }
  return { passwd: `${passwd.join('\n')}\n`, acl: `${acl.join('\n')}\n`, users, skipped };
}
