import { describe, expect, it } from 'vitest';
import { systemHealthSchema } from './system';

describe('systemHealthSchema', () => {
  const health = { status: 'ok', database: 'pglite', databaseLatencyMs: 0.4, version: '1.0.0', uptimeSeconds: 12 };

  it('accepts a report, latency null when the database did not answer', () => {
    expect(systemHealthSchema.parse(health)).toEqual(health);
    expect(systemHealthSchema.parse({ ...health, status: 'degraded', databaseLatencyMs: null }).status).toBe(
      'degraded',
    );
  });

  it('rejects an unknown database kind', () => {
    expect(systemHealthSchema.safeParse({ ...health, database: 'sqlite' }).success).toBe(false);
  });
});
