import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '@sentinela/db/client';
import { smsProviderFor, webhookSmsProvider } from './sms-provider';

// The SMS gateway is outside the product: a local fake server stands in for it.
describe('webhook SMS provider', () => {
  let server: Server;
  let url = '';
  const received: { auth: string | undefined; body: unknown }[] = [];
  let answer = 202;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(raw) as unknown });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the message as JSON with the bearer token', async () => {
    await webhookSmsProvider(url, 'gateway-token').send('+5511987654321', 'Sentinela: 123456');
    expect(received.at(-1)).toEqual({
      auth: 'Bearer gateway-token',
      body: { to: '+5511987654321', body: 'Sentinela: 123456' },
    });
  });

  it('treats a non-2xx answer as a failed send', async () => {
    answer = 503;
    await expect(webhookSmsProvider(url, undefined).send('+15551234567', 'x')).rejects.toThrow(
      'SMS gateway answered 503',
    );
    expect(received.at(-1)?.auth).toBeUndefined();
  });
});

describe('smsProviderFor', () => {
  const db = null as unknown as Database; // Choosing a provider sends nothing.
  const log = pino({ level: 'silent' });

  it('answers the provider SMS_PROVIDER names', () => {
    expect(smsProviderFor({ provider: 'outbox' }, db, log).name).toBe('outbox');
    expect(smsProviderFor({ provider: 'webhook', url: 'http://127.0.0.1:9/sms', token: undefined }, db, log).name).toBe(
      'webhook',
    );
  });
});
