// `npm run mqtt:credentials -- [--out <folder>] [--server-user <name>] [--reload <pid file>]`:
// writes the password file (`passwd`) and the ACL file (`acl`) of an external Mosquitto from
// the portal's device credentials (deploy/mosquitto/README.md, ADR 016).
//
// Database: DATABASE_URL (PostgreSQL), else the PGlite folder DATA_DIR/pglite (default ./data).
// PGlite is one process's at a time: while the portal runs on that DATA_DIR the script is
// refused (its lock, pglite.lock); stop the portal, run it, start the portal again, or use
// PostgreSQL. The server user is --server-user, else MQTT_USERNAME, else `sentinela`; its
// password is MQTT_PASSWORD (required), stored hashed. Both files are written atomically
// (a temporary file renamed over the old one), mode 0600: run the script as the user mosquitto
// reads them as. --reload <pid file> then sends SIGHUP to that mosquitto, which reads both
// files again (connected clients keep their connection until they reconnect).
//
// Mosquitto holds one hash per user: each device's newest valid secret is written, so the
// previous secret stops working on the external broker as soon as the file is written again,
// whatever grace period a rotation gave it (the embedded broker honours the grace period).
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@sentinela/db/client';
import { openOwnedPglite } from '../apps/server/src/platform/database';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import { buildMosquittoFiles } from '../apps/server/src/features/device-credentials/mosquitto-files';
import { hashDeviceSecret } from '../apps/server/src/platform/device-secret';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'deploy/mosquitto' },
    'server-user': { type: 'string' },
    reload: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`mqtt:credentials: ${message}`);
  process.exit(1);
}

if (values.help) {
  console.log('npm run mqtt:credentials -- [--out <folder>] [--server-user <name>] [--reload <mosquitto pid file>]');
  process.exit(0);
}

const serverUser = values['server-user'] ?? (process.env.MQTT_USERNAME || 'sentinela');
const serverPassword = process.env.MQTT_PASSWORD;
if (!serverPassword) fail('set MQTT_PASSWORD: the password the portal logs in to the broker with');

async function open(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  try {
    return await openOwnedPglite(dataDir);
  } catch (error) {
    fail(`${(error as Error).message}\n(the portal holds its PGlite database while it runs: stop it first)`);
  }
}

function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

const handle = await open();
try {
  const [devices, credentials] = await Promise.all([
    handle.db
      .select({
        id: equipment.id,
        site: facilities.code,
        gatewayId: equipment.gatewayId,
        retiredAt: equipment.retiredAt,
      })
      .from(equipment)
      .innerJoin(facilities, eq(facilities.id, equipment.facilityId)),
    handle.db
      .select({
        equipmentId: deviceCredentials.equipmentId,
        secretHash: deviceCredentials.secretHash,
        createdAt: deviceCredentials.createdAt,
        validUntil: deviceCredentials.validUntil,
        revokedAt: deviceCredentials.revokedAt,
      })
      .from(deviceCredentials),
  ]);
  const files = buildMosquittoFiles({
    devices: devices.map(({ retiredAt, ...d }) => ({ ...d, retired: retiredAt !== null })),
    credentials,
    server: { username: serverUser, passwordHash: hashDeviceSecret(serverPassword) },
    now: new Date(),
  });
  mkdirSync(values.out, { recursive: true });
  writeAtomically(path.join(values.out, 'passwd'), files.passwd);
  writeAtomically(path.join(values.out, 'acl'), files.acl);
  console.log(
    `mqtt:credentials: ${files.users} devices and gateways and the server user "${serverUser}" written to ` +
      `${path.join(values.out, 'passwd')} and ${path.join(values.out, 'acl')}`,
  );
  if (files.skipped.length > 0) console.warn(`left out (unusable as MQTT names): ${files.skipped.join(', ')}`);
} finally {
  await handle.close();
}

if (values.reload) {
  const pid = Number(readFileSync(values.reload, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 1) fail(`no process id in ${values.reload}`);
  process.kill(pid, 'SIGHUP');
  console.log(`mqtt:credentials: mosquitto (PID ${pid}) told to read them again (SIGHUP)`);
}
