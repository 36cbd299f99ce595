import type { Client } from 'aedes';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBrokerGuard, DEFAULT_BROKER_LIMITS, MAX_TRACKED_ADDRESSES } from './broker-guard';
import { staticDirectory } from './device-directory';

/** Issue 17 item 7: failed MQTT sign-ins from ever new addresses do not grow the process. */
describe('broker guard memory', () => {
  it('remembers failed sign-ins of at most MAX_TRACKED_ADDRESSES addresses, and forgets them after a minute', async () => {
    let t = 0;
    const guard = createBrokerGuard({
      directory: staticDirectory({}),
      limits: DEFAULT_BROKER_LIMITS,
      log: pino({ level: 'silent' }),
      now: () => t,
    });
    const authenticate = guard.hooks.authenticate!;
    const attempt = (address: string) =>
      new Promise<void>((resolve) =>
        authenticate(
          { id: `c-${address}`, conn: { remoteAddress: address } } as unknown as Client,
          'nobody',
          Buffer.from('wrong'),
          () => resolve(),
        ),
      );
    for (let i = 0; i < MAX_TRACKED_ADDRESSES + 2000; i++) {
      t += 1;
      await attempt(`2001:db8::${i.toString(16)}`);
    }
    expect(guard.trackedAddresses()).toBe(MAX_TRACKED_ADDRESSES);
    // A minute later, the next failure clears the expired ones.
    t += 61_000;
    await attempt('2001:db8::ffff:1');
    expect(guard.trackedAddresses()).toBe(1);
  });
});
