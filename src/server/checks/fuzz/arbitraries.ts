import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of `/api/openapi.json`. Those schemas are generated from the
 * routes' own zod schemas (fastify-type-provider-zod's jsonSchemaTransform), so the inputs follow the same
 * rules the server validates with. No maintained library maps zod 4 to fast-check (zod-fast-check is for
 * zod 3 and fast-check 3; json-schema-fast-check is unmaintained), and the JSON Schema subset zod emits is
 * small, hence this generator. Refinements zod cannot express in JSON Schema (a phone number, an exchange
 * code's check character) are reached through `Pools`: real values taken from the seeded database.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

/** Real values by field name (`orderNo`, `themeId`, `phone`, `code`…) and every object id, so valid shapes hit real rows. */
export interface Pools {
  byName: Record<string, readonly string[]>;
  ids: readonly string[];
  /** Ids seen in the answers of a resource's operations (`/api/article` → `id` → article ids). */
  byResource?: Record<string, Record<string, string[]>>;
}

/** `/api/article` for `/api/article/detail`: operations of one resource share their ids. */
export const resourceOf = (path: string) => path.replace(/\/[^/]*$/, '');

/** The pools for one operation: ids its own resource answered come first. */
export function poolsFor(pools: Pools, path: string): Pools {
  const own = pools.byResource?.[resourceOf(path)] ?? {};
  return {
    ...pools,
    byName: { ...pools.byName, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v.length > 0)) },
  };
}

/** A field that names an object: the ownership check uses the same rule. */
export const ID_LIKE_NAME = /(id|Id|No|ids|Ids)$/;

const INT32 = 2 ** 31 - 1;
const clampInt = (v: number) => Math.max(-INT32, Math.min(INT32, v));

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    const lengthOk = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
    // Repetitions long enough for the minimum: by default `+` repeats at most about 10 times, and a filter for 80
    // characters then never passes (a push subscription's key).
    const size = min > 500 ? 'xlarge' : min > 50 ? 'large' : min > 5 ? 'medium' : 'small';
    return fc.stringMatching(new RegExp(schema.pattern), { size }).filter(lengthOk);
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1e6);
  const hi =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1e6);
  if (integer) {
    const small = fc.integer({ min: clampInt(lo), max: clampInt(Math.min(hi, Math.max(lo, 0) + 100)) });
    return fc.oneof(
      { arbitrary: small, weight: 4 },
      fc.integer({ min: clampInt(lo), max: clampInt(hi) }),
      fc.constantFrom(lo, hi),
    );
  }
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as JSON Schema can say), biased towards real ids and values. */
export function validArb(schema: JsonSchema, pools: Pools, name?: string): fc.Arbitrary<unknown> {
  const inner = validArbInner(schema, pools, name);
  return schema.nullable ? fc.option(inner, { nil: null, freq: 8 }) : inner;
}

function validArbInner(schema: JsonSchema, pools: Pools, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.oneOf?.length) return fc.oneof(...schema.oneOf.map((s) => validArb(s, pools, name)));
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => validArb(s, pools, name)));
  if (schema.allOf?.length === 1) return validArb(schema.allOf[0]!, pools, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const generated = stringArb(schema);
      const pool = (name && pools.byName[name]) || (name && ID_LIKE_NAME.test(name) ? pools.ids : undefined);
      if (schema.enum || !pool?.length) return generated;
      return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, { arbitrary: generated, weight: 2 });
    }
    case 'integer':
      return schema.enum ? fc.constantFrom(...(schema.enum as number[])) : numberArb(schema, true);
    case 'number':
      return schema.enum ? fc.constantFrom(...(schema.enum as number[])) : numberArb(schema, false);
    case 'boolean':
      return schema.enum ? fc.constantFrom(...(schema.enum as boolean[])) : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validArb(schema.items, pools, name) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? fc.constant({}) : fc.jsonValue({ maxDepth: 2 });
      const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, validArb(s, pools, k)]));
      return fc.record(props, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** 100 000 characters: far past every maxLength, under the body limit in ASCII and over it in CJK. */
export const LONG_ASCII = 'x'.repeat(100_000);
export const LONG_CJK = '寶'.repeat(100_000);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\u001b\u001f\u007f',
  '\t\r\n',
  '\ud800',
  'a\udfffb',
  '\u202eabc',
  '\ufeff',
  '🃏'.repeat(40),
  "'; drop table users; --",
  '%00',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '0x10',
  ' 1 ',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  LONG_ASCII,
  LONG_CJK,
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  -2.5,
  1e308,
  -1e308,
  1e-300,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.MAX_VALUE,
];

/** Strings of control characters (NUL included), mixed with ordinary ones. */
export const controlString = fc.string({
  minLength: 1,
  maxLength: 12,
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\u007f', 'a', '寶', '1'),
  ),
});

/** A value of the wrong kind or out of every range: what a careless or hostile client sends. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: controlString, weight: 2 },
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 2 },
  fc.constantFrom(true, false, null),
  fc.constantFrom({}, [], [1, 2], { $gt: '' }, { a: { b: { c: {} } } }, ['a', 'b']),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A nasty value as it can appear in a query string (always text). */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: controlString, weight: 2 },
  fc.constantFrom(...NASTY_NUMBERS.map(String), '-0', '1.0', '1e3', '', 'abc'),
);
