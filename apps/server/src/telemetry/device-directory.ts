/**
 * Who may speak MQTT for which equipment (ADR 016). The embedded broker asks it at every CONNECT
 * and every PUBLISH / SUBSCRIBE; the device credentials feature keeps it (from the database:
 * features/device-credentials/device-directory.db.ts).
 */

/** A device or gateway whose secret was accepted. */
export interface DeviceLogin {
  /** Its equipment id (the MQTT username). */
  equipmentId: string;
  /** The credential it used: a revocation or an expired grace period ends the connection. */
  credentialId: string;
}

export interface DeviceDirectory {
  /** Checks a device's or gateway's secret (constant time); null when refused. */
  authenticate(username: string, secret: Buffer): Promise<DeviceLogin | null>;
  /**
   * What an authenticated equipment may speak for now: equipment id → its facility's `<site>`
   * (itself, and for a gateway the devices assigned to it). Null when it may no longer connect
   * (retired, deleted).
   */
  scope(equipmentId: string): ReadonlyMap<string, string> | null;
  /** Whether a credential is still valid now (not revoked, not past its grace period). */
  isValid(credentialId: string): boolean;
  /** Reads the registry and the credentials again (after a change here, and every few seconds). */
  reload(): Promise<void>;
}

/** A fixed directory (tests, benchmarks): equipment id → { site, secret, devices it speaks for }. */
export function staticDirectory(
  entries: Record<string, { site: string; secret: string; speaksFor?: Record<string, string> }>,
): DeviceDirectory {
  return {
    authenticate(username, secret) {
      const entry = Object.hasOwn(entries, username) ? entries[username] : undefined;
      const ok = entry !== undefined && entry.secret === secret.toString('utf8');
      return Promise.resolve(ok ? { equipmentId: username, credentialId: `static:${username}` } : null);
    },
    scope(equipmentId) {
      const entry = Object.hasOwn(entries, equipmentId) ? entries[equipmentId] : undefined;
      if (!entry) return null;
      return new Map([[equipmentId, entry.site], ...Object.entries(entry.speaksFor ?? {})]);
    },
    isValid: (credentialId) => credentialId.startsWith('static:') && Object.hasOwn(entries, credentialId.slice(7)),
    reload: async () => {},
  };
}
