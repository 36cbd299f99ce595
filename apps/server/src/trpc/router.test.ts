import { describe, expect, it } from 'vitest';
import { appRouter } from './router';

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  output?: unknown;
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>);

describe('the root router', () => {
  it('declares an output schema for every query and mutation (the contract in @sentinela/shared)', () => {
    const withoutOutput = procedures
      .filter(([, procedure]) => procedure._def.type !== 'subscription' && !procedure._def.output)
      .map(([name]) => name);
    expect(procedures.length).toBeGreaterThan(50);
    expect(withoutOutput).toEqual([]);
  });
});
