import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashDeviceSecret, newDeviceSecret, verifyDeviceSecret } from './device-secret';

describe('device secrets', () => {
  it('are 192 random bits, different each time', () => {
    const a = newDeviceSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newDeviceSecret()).not.toBe(a);
  });

  it('are stored salted in Mosquitto’s form and verified; a wrong secret or a bad hash is refused', () => {
    const secret = newDeviceSecret();
    const hash = hashDeviceSecret(secret);
    expect(hash).toMatch(/^\$7\$101\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(hashDeviceSecret(secret)).not.toBe(hash);
    expect(verifyDeviceSecret(secret, hash)).toBe(true);
    expect(verifyDeviceSecret(`${secret}x`, hash)).toBe(false);
    expect(verifyDeviceSecret('', hash)).toBe(false);
    for (const bad of ['', 'plain', '$6$abc$def', '$7$0$AAAA$AAAA', '$7$101$AAAA$']) {
      expect(verifyDeviceSecret(secret, bad)).toBe(false);
    }
  });

  it.runIf(existsSync('/usr/bin/mosquitto_passwd'))('match what mosquitto_passwd writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentinela-passwd-'));
    try {
      const file = join(dir, 'passwd');
      execFileSync('/usr/bin/mosquitto_passwd', ['-c', '-b', file, 'MTR-001', 'the-secret']);
      const stored = readFileSync(file, 'utf8').trim().split(':')[1]!;
      expect(verifyDeviceSecret('the-secret', stored)).toBe(true);
      expect(verifyDeviceSecret('another', stored)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
