import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from a zod 4 schema, by walking `schema._zod.def` (zod-fast-check only
 * knows zod 3). `valid` values follow the schema's shape and its usual checks (lengths, bounds,
 * integers, formats, enums); `hostile` values are the same shape with leaves that a client can
 * still send but the schema should refuse (see hostileLeaf). A kind it does not know becomes
 * hostile JSON.
 */
export interface ArbitraryOptions {
  /** The longest hostile string (a query's input travels in its URL, a mutation's in a 1 MB body). */
  hugeString: number;
}

/** A date the wire carries as a Date that is not one (superjson makes it `Invalid Date`). */
export const INVALID_DATE = Symbol('invalid date');

interface Def {
  type: string;
  [key: string]: unknown;
}
interface Check {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

function deep(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Leaves a client can send whatever the schema says. */
export function hostileLeaf(options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      'a\u0000b',
      '\u0000',
      '\uD800',
      'x\uDFFFy',
      '\uFEFF',
      "'; drop table users; --",
      '../../etc/passwd',
      '%00',
      '',
      ' ',
      NaN,
      -0,
      1e308,
      -1e308,
      Infinity,
      -Infinity,
      1.5,
      -1,
      2 ** 53 + 2,
      Number.MIN_VALUE,
      0,
      true,
      null,
      [],
      {},
      INVALID_DATE,
      new Date(8.64e15),
      new Date(-8.64e15),
      new Date(0),
      '2026-13-45T99:99:99Z',
      'not a date',
      JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
      { constructor: { prototype: { polluted: true } } },
    ),
    fc.constant('é'.repeat(Math.floor(options.hugeString / 2))),
    fc.constant('\u0000'.repeat(64) + 'x'.repeat(options.hugeString - 64)),
    fc.constant(deep(200, 'x')),
    fc.constant(deep(200, '\uD800')),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.double(),
    fc.integer(),
    fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? INVALID_DATE : d)),
    fc.jsonValue({ maxDepth: 4 }),
  );
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = (def.format as string | undefined) ?? checks.find((c) => c.check === 'string_format')?.format;
  switch (format) {
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= 200);
    case 'uuid':
    case 'guid':
      return fc.uuid({ version: 4 });
    case 'datetime':
      return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString().slice(0, 10));
    case 'url':
      return fc.webUrl();
    case 'regex': {
      const pattern = def.pattern as RegExp | undefined;
      return pattern ? fc.stringMatching(pattern).filter((s) => s.length < 200) : fc.string();
    }
  }
  let min = 0;
  let max = 60;
  for (const check of checks) {
    if (check.check === 'min_length') min = check.minimum ?? min;
    if (check.check === 'max_length') max = Math.min(check.maximum ?? max, 200);
    if (check.check === 'length_equals') min = max = check.length ?? min;
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = (check.value ?? min) + (check.inclusive ? 0 : integer ? 1 : 1e-6);
    if (check.check === 'less_than') max = (check.value ?? max) - (check.inclusive ? 0 : integer ? 1 : 1e-6);
    if (check.check === 'number_format' && check.format !== 'float32' && check.format !== 'float64') integer = true;
  }
  if (def.format === 'safeint' || def.format === 'int32') integer = true;
  if (min > max) return fc.constant(min);
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -2e9)), max: Math.floor(Math.min(max, 2e9)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** The arbitrary of one schema; `hostile` mixes hostile leaves in at every level. */
export function arbitraryOf(schema: z.ZodType, options: ArbitraryOptions, hostile: boolean): fc.Arbitrary<unknown> {
  const seen = new Map<unknown, fc.Arbitrary<unknown>>();
  const bad = hostileLeaf(options);

  function walk(node: unknown, depth: number): fc.Arbitrary<unknown> {
    if (depth > 8) return fc.constant(undefined);
    const known = seen.get(node);
    if (known) return known;
    const valid = validOf(defOf(node), depth);
    return hostile ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: bad }) : valid;
  }

  function validOf(def: Def, depth: number): fc.Arbitrary<unknown> {
    switch (def.type) {
      case 'string':
        return stringArbitrary(def);
      case 'number':
      case 'int':
        return numberArbitrary(def);
      case 'bigint':
        return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
      case 'boolean':
        return fc.boolean();
      case 'date':
        return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') });
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
        return fc.constant(undefined);
      case 'optional':
        return fc.option(walk(def.innerType, depth + 1), { nil: undefined, freq: 3 });
      case 'nullable':
        return fc.option(walk(def.innerType, depth + 1), { nil: null, freq: 3 });
      case 'default':
      case 'prefault':
      case 'catch':
        return fc.option(walk(def.innerType, depth + 1), { nil: undefined, freq: 3 });
      case 'readonly':
      case 'nonoptional':
        return walk(def.innerType, depth + 1);
      case 'pipe':
        return walk(def.in, depth + 1);
      case 'lazy':
        return walk((def.getter as () => unknown)(), depth + 1);
      case 'array': {
        let min = 0;
        let max = 5;
        for (const check of checksOf(def)) {
          if (check.check === 'min_length') min = check.minimum ?? min;
          if (check.check === 'max_length') max = Math.min(check.maximum ?? max, 8);
        }
        return fc.array(walk(def.element, depth + 1), {
          minLength: Math.min(min, 8),
          maxLength: Math.max(min, max, 0),
        });
      }
      case 'tuple':
        return fc.tuple(...(def.items as unknown[]).map((item) => walk(item, depth + 1)));
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, walk(v, depth + 1)]));
        return fc.record(fields);
      }
      case 'record':
        return fc.dictionary(
          walk(def.keyType, depth + 1).filter((k): k is string => typeof k === 'string'),
          walk(def.valueType, depth + 1),
          { maxKeys: 4 },
        );
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map((option) => walk(option, depth + 1)));
      case 'intersection':
        return fc
          .tuple(walk(def.left, depth + 1), walk(def.right, depth + 1))
          .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
      default:
        // any, unknown, custom, transform, …: whatever JSON a client can send.
        return fc.oneof(fc.jsonValue({ maxDepth: 3 }), bad);
    }
  }

  return walk(schema, 0);
}

/** superjson's envelope for a value, written by hand so Invalid Dates, NaN and -0 travel as such. */
export function toWire(value: unknown): { json: unknown; meta?: { values: Record<string, string[]> } } {
  const values: Record<string, string[]> = {};
  const escape = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
  function walk(node: unknown, path: string[]): unknown {
    const at = path.map(escape).join('.');
    if (node === INVALID_DATE) {
      values[at] = ['Date'];
      return 'Invalid Date';
    }
    if (node instanceof Date) {
      values[at] = ['Date'];
      return node.toISOString();
    }
    if (typeof node === 'number' && (Number.isNaN(node) || Object.is(node, -0) || !Number.isFinite(node))) {
      values[at] = ['number'];
      return String(node === 0 ? '-0' : node);
    }
    if (typeof node === 'bigint') {
      values[at] = ['bigint'];
      return node.toString();
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, String(i)]));
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) if (item !== undefined) out[key] = walk(item, [...path, key]);
      return out;
    }
    return node;
  }
  const json = walk(value, []);
  if (Object.keys(values).length === 0) return { json };
  // superjson keys the root value's own type by the empty path as a bare array.
  const root = values[''];
  if (root) {
    delete values[''];
    return { json, meta: { values: (Object.keys(values).length ? [root, values] : root) as never } };
  }
  return { json, meta: { values } };
}

/** Ways to spoil a valid string while keeping its length (so its length checks still pass). */
const stringTwists: ((s: string) => string)[] = [
  (s) => (s.length === 0 ? '\u0000' : `${s.slice(0, s.length >> 1)}\u0000${s.slice((s.length >> 1) + 1)}`),
  (s) => (s.length === 0 ? '\uD800' : `\uD800${s.slice(1)}`),
  (s) => (s.length === 0 ? '\uDC00' : `${s.slice(0, -1)}\uDC00`),
  (s) => `${s}\u0000`,
];

function leafPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => leafPaths(item, [...path, i], out));
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [key, item] of Object.entries(value)) leafPaths(item, [...path, key], out);
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, make);
  return copy;
}

/**
 * A valid value with exactly one part spoiled: a string twisted in place (NUL, a lone surrogate),
 * or any part (a leaf, an object, the whole input) replaced by a hostile leaf. Everything else
 * still passes the schema, so the spoiled part reaches as far into the service as it can.
 */
export function mutatedOf(schema: z.ZodType, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      arbitraryOf(schema, options, false),
      fc.nat(),
      fc.nat({ max: stringTwists.length - 1 }),
      fc.boolean(),
      hostileLeaf(options),
    )
    .map(([value, pick, twist, preferTwist, bad]) => {
      const paths = leafPaths(value);
      const strings = paths.filter((p) => typeof p.reduce<unknown>((v, k) => (v as never)[k], value) === 'string');
      const twisting = preferTwist && strings.length > 0;
      const path = twisting ? strings[pick % strings.length]! : paths[pick % paths.length]!;
      return replaceAt(value, path, (old) => (twisting ? stringTwists[twist]!(old as string) : bad));
    });
}
