import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerHealth } from '@sentinela/shared/system';
import { startTestServer, type TestServer } from '../../../test/test-server';

describe('system.health', () => {
  let server: TestServer;
  const broker: BrokerHealth = {
    kind: 'external',
    connected: true,
    sys: {
      droppedMessages: 12,
      clientsConnected: 14,
      messagesReceived: 1000,
      messagesSent: 990,
      messagesStored: 40,
      updatedAt: new Date('2026-03-02T12:00:00Z'),
    },
  };
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      brokerHealth: () => broker,
      demoHistory: () => ({ percent: 45, complete: false }),
    });
  });
  afterAll(() => server.close());

  it('answers anyone, without the broker section, the uptime, the version or the database kind', async () => {
    const health = await server.client().trpc.system.health.query();
    expect(health).toMatchObject({ status: 'ok' });
    expect(health.broker).toBeUndefined();
    expect(health.demo).toBeUndefined();
    expect(health.version).toBeUndefined();
    expect(health.database).toBeUndefined();
    expect(health.uptimeSeconds).toBeUndefined();
  });

  it('tells the version and database kind to an administrator only', async () => {
    const viewer = await server.enrolledClient('vilma@example.com', 'viewer');
    const forViewer = await viewer.trpc.system.health.query();
    expect(forViewer.uptimeSeconds).toEqual(expect.any(Number));
    expect(forViewer.version).toBeUndefined();
    expect(forViewer.database).toBeUndefined();
    const admin = await server.enrolledClient('ana@example.com', 'admin');
    expect(await admin.trpc.system.health.query()).toMatchObject({ database: 'pglite', version: expect.any(String) });
  });

  it('shows a signed-in user the broker and its $SYS figures', async () => {
    const viewer = await server.enrolledClient('vera@example.com', 'viewer');
    const health = await viewer.trpc.system.health.query();
    expect(health.broker).toEqual(broker);
  });

  it('tells a signed-in user how far the demo history is (issue 11)', async () => {
    const viewer = await server.enrolledClient('vitor@example.com', 'viewer');
    expect((await viewer.trpc.system.health.query()).demo).toEqual({ percent: 45, complete: false });
  });
});
