import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializePlain, wireTransformer } from './wire-transformer';

const RUNS = Number(process.env.WIRE_FUZZ_RUNS ?? 2_000);
const asWire = (value: unknown) => JSON.stringify(superjson.serialize(value));

// Keys superjson escapes in its paths, and the ones it refuses, among ordinary ones.
const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('a.b', 'a\\b', '.', '\\', '0', '10', 'ts', '__proto__', 'constructor'),
);
const date = fc.oneof(
  fc.date({ min: new Date(0), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
  fc.constant(new Date(Number.NaN)),
);
const leaf = fc.oneof(
  fc.string(),
  fc.double(), // NaN, ±Infinity and -0 included
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  date,
  fc.constant(new Map([['k', 1]])),
  fc.constant(new Set([1])),
  fc.constant(new Error('x')),
);
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('tree'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
}));
// The same object twice (superjson writes referential equalities), or a circle.
const shared = fc.tuple(tree, fc.date({ noInvalidDate: true })).map(([value, when]) => {
  const same = { when, value };
  return { a: same, b: [same], when };
});

function liveBatch(size: number) {
  return {
    events: Array.from({ length: size }, (_, i) => ({
      type: 'telemetry',
      equipmentId: `m-${i}`,
      ts: new Date(Date.UTC(2026, 2, 2, 12, 0, i)),
      metrics: { kw: i + 0.5, rpm: 1000 - i },
    })),
  };
}

describe('the wire transformer', () => {
  it('writes what superjson writes, whatever the value (the plain walk or superjson itself)', () => {
    fc.assert(
      fc.property(fc.oneof(tree, shared), (value) => {
        let expected: string;
        try {
          expected = asWire(value);
        } catch (error) {
          // What superjson refuses (a __proto__ key, …) is refused the same way.
          expect(() => wireTransformer.serialize(value)).toThrow((error as Error).message);
          return;
        }
        const plain = serializePlain(value);
        if (plain) expect(JSON.stringify(plain)).toBe(expected);
        expect(JSON.stringify(wireTransformer.serialize(value))).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('takes the plain walk for the values answers and live events are made of, and reads back the same', () => {
    fc.assert(
      fc.property(
        fc
          .letrec((tie) => ({
            value: fc.oneof(
              { depthSize: 'small' },
              fc.string(),
              fc.integer(),
              fc.boolean(),
              fc.constant(null),
              fc.date({ min: new Date(0), noInvalidDate: true }),
              fc.array(tie('value'), { maxLength: 4 }),
              fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 4 }),
            ),
          }))
          .value.map((value) => ({ value })),
        (value) => {
          const plain = serializePlain(value);
          expect(plain).not.toBeNull();
          expect(JSON.stringify(plain)).toBe(asWire(value));
          expect(superjson.deserialize(JSON.parse(JSON.stringify(plain)) as never)).toEqual(value);
        },
      ),
      { numRuns: RUNS },
    );
    const batch = liveBatch(3);
    expect(serializePlain(batch)).toEqual({
      json: {
        events: batch.events.map((e) => ({ ...e, ts: e.ts.toISOString() })),
      },
      meta: { values: { 'events.0.ts': ['Date'], 'events.1.ts': ['Date'], 'events.2.ts': ['Date'] }, v: 1 },
    });
  });

  it('leaves to superjson what the plain walk does not write', () => {
    const when = new Date(0);
    const holes = new Array<number>(3);
    holes[0] = 1;
    holes[2] = 3;
    for (const value of [
      when,
      { a: undefined },
      { n: Number.NaN },
      { n: -0 },
      { big: 1n },
      { m: new Map() },
      { a: when, b: when },
      holes,
      { d: new Date(Number.NaN) },
    ]) {
      expect(serializePlain(value)).toBeNull();
      expect(JSON.stringify(wireTransformer.serialize(value))).toBe(asWire(value));
    }
  });
});
