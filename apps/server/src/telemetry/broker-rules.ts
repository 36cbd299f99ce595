import { parseDeviceTopic, TOPIC_ROOT } from '@sentinela/shared/telemetry';
import type { DeviceDirectory } from './device-directory';

/**
 * Who is on a connection of the embedded broker (ADR 016):
 * - `server`: the portal's own clients (ingest, commands), in-process only: everything.
 * - `plant`: the virtual plant, in-process only: a gateway for every device (it plays what the
 *   registry holds; the ingest checks each point's site against the registry, as for any device).
 * - `device`: a device or a field gateway, authenticated by its equipment id and secret: the
 *   topics of itself and, for a gateway, of the devices assigned to it.
 */
export type BrokerIdentity =
  { role: 'server' } | { role: 'plant' } | { role: 'device'; equipmentId: string; credentialId: string };

export type Refusal = 'topic' | 'command' | 'retained' | 'status' | 'subscription';

const DEVICE_PUBLISHES = new Set(['telemetry', 'ack', 'status']);
/** The virtual plant's own will topic: sentinela/<site>/virtual-plant/status. */
const PLANT_ID = 'virtual-plant';

/** Whether `identity` may speak for `equipmentId` under `site`. */
function speaksFor(identity: BrokerIdentity, directory: DeviceDirectory, site: string, equipmentId: string): boolean {
  if (identity.role === 'server') return true;
  if (identity.role === 'plant') return true;
  return directory.scope(identity.equipmentId)?.get(equipmentId) === site;
}

/**
 * A PUBLISH checked: null when allowed; otherwise why it is refused. `retainAllowed` says whether
 * the retain flag may stay (only `online`/`offline` on a status topic); a retained message
 * elsewhere is taken as a plain one.
 */
export function checkPublish(
  identity: BrokerIdentity,
  directory: DeviceDirectory,
  topic: string,
  payload: Buffer,
  retain: boolean,
): { refused: Refusal } | { refused: null; keepRetain: boolean } {
  if (identity.role === 'server') return { refused: null, keepRetain: retain };
  const parsed = parseDeviceTopic(topic);
  if (!parsed) {
    const plantWill =
      identity.role === 'plant' && topic.startsWith(`${TOPIC_ROOT}/`) && topic.endsWith(`/${PLANT_ID}/status`);
    if (!plantWill || topic.split('/').length !== 4) return { refused: 'topic' };
    return isStatusWord(payload) ? { refused: null, keepRetain: retain } : { refused: 'status' };
  }
  if (parsed.kind === 'cmd') return { refused: 'command' };
  if (!DEVICE_PUBLISHES.has(parsed.kind) || !speaksFor(identity, directory, parsed.site, parsed.equipmentId)) {
    return { refused: 'topic' };
  }
  if (parsed.kind === 'status') {
    return isStatusWord(payload) ? { refused: null, keepRetain: retain } : { refused: 'status' };
  }
  return { refused: null, keepRetain: false };
}

function isStatusWord(payload: Buffer): boolean {
  const word = payload.toString('utf8');
  return word === 'online' || word === 'offline';
}

/** A SUBSCRIBE topic checked: devices take their own `cmd` topics only, never a wildcard or `$SYS`. */
export function checkSubscribe(identity: BrokerIdentity, directory: DeviceDirectory, topic: string): boolean {
  if (identity.role === 'server') return true;
  if (identity.role === 'plant' && topic === `${TOPIC_ROOT}/+/+/cmd`) return true;
  if (topic.includes('+') || topic.includes('#') || topic.startsWith('$')) return false;
  const parsed = parseDeviceTopic(topic);
  return parsed?.kind === 'cmd' && speaksFor(identity, directory, parsed.site, parsed.equipmentId);
}
