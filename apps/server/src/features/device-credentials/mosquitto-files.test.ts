import { describe, expect, it } from 'vitest';
import { hashDeviceSecret } from '../../platform/device-secret';
import { buildMosquittoFiles, currentCredentials, type MosquittoCredential } from './mosquitto-files';

const now = new Date('2026-11-24T12:00:00Z');
const at = (iso: string) => new Date(iso);
const h = (n: number) => `$7$101$c2FsdHNhbHRzYWx0$aGFzaC${n}`;

function credential(equipmentId: string, over: Partial<MosquittoCredential> = {}): MosquittoCredential {
  return {
    equipmentId,
    secretHash: h(1),
    createdAt: at('2026-11-01T00:00:00Z'),
    validUntil: null,
    revokedAt: null,
    ...over,
  };
}

describe('currentCredentials', () => {
  it('takes the newest valid credential and leaves out revoked and expired ones', () => {
    const map = currentCredentials(
      [
        credential('a', {
          secretHash: h(1),
          createdAt: at('2026-11-01T00:00:00Z'),
          validUntil: at('2026-11-25T00:00:00Z'),
        }),
        credential('a', { secretHash: h(2), createdAt: at('2026-11-20T00:00:00Z') }),
        credential('b', { revokedAt: at('2026-11-23T00:00:00Z') }),
        credential('c', { validUntil: at('2026-11-24T11:59:59Z') }),
        credential('d', { secretHash: 'plain-text' }),
      ],
      now,
    );
    expect([...map]).toEqual([['a', h(2)]]);
  });
});

describe('buildMosquittoFiles', () => {
  const server = { username: 'sentinela', passwordHash: hashDeviceSecret('server-password') };

  it('writes the server user, each device with its own topics and a gateway with its devices', () => {
    const files = buildMosquittoFiles({
      server,
      now,
      devices: [
        { id: 'cps-mtr-002', site: 'cps', gatewayId: 'cps-gw-1', retired: false },
        { id: 'cps-mtr-001', site: 'cps', gatewayId: null, retired: false },
        { id: 'cps-gw-1', site: 'cps', gatewayId: null, retired: false },
        { id: 'cps-old', site: 'cps', gatewayId: 'cps-gw-1', retired: true },
        { id: 'joi-mtr-009', site: 'joi', gatewayId: null, retired: false },
      ],
      credentials: [
        credential('cps-mtr-001', { secretHash: h(1) }),
        credential('cps-gw-1', { secretHash: h(3) }),
        credential('cps-old', { secretHash: h(4) }),
      ],
    });
    expect(files.users).toBe(2);
    expect(files.passwd).toBe(`sentinela:${server.passwordHash}\ncps-gw-1:${h(3)}\ncps-mtr-001:${h(1)}\n`);
    expect(files.acl).toContain(
      [
        'user sentinela',
        'topic readwrite sentinela/#',
        'topic read $SYS/#',
        '',
        'user cps-gw-1',
        'topic write sentinela/cps/cps-gw-1/telemetry',
        'topic write sentinela/cps/cps-gw-1/ack',
        'topic write sentinela/cps/cps-gw-1/status',
        'topic read sentinela/cps/cps-gw-1/cmd',
        'topic write sentinela/cps/cps-mtr-002/telemetry',
        'topic write sentinela/cps/cps-mtr-002/ack',
        'topic write sentinela/cps/cps-mtr-002/status',
        'topic read sentinela/cps/cps-mtr-002/cmd',
        '',
        'user cps-mtr-001',
        'topic write sentinela/cps/cps-mtr-001/telemetry',
      ].join('\n'),
    );
    // The retired device is in neither file; a device with no credential has no user.
    expect(files.acl).not.toContain('cps-old');
    expect(files.acl).not.toContain('user joi-mtr-009');
    expect(files.acl).not.toContain('user cps-mtr-002');
  });

  it('refuses a server user that would break the files and skips an unsafe device id', () => {
    expect(() =>
      buildMosquittoFiles({ server: { ...server, username: 'a:b' }, now, devices: [], credentials: [] }),
    ).toThrow();
    expect(() =>
      buildMosquittoFiles({ server: { ...server, passwordHash: 'secret' }, now, devices: [], credentials: [] }),
    ).toThrow();
    const files = buildMosquittoFiles({
      server,
      now,
      devices: [{ id: 'bad/#', site: 'cps', gatewayId: null, retired: false }],
      credentials: [credential('bad/#')],
    });
    expect(files.skipped).toEqual(['bad/#']);
    expect(files.passwd).not.toContain('bad');
  });
});
