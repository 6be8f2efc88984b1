/** JSON bodies for the fuzzer: valid ones, wrong ones, and bodies that are not JSON at all. */
import fc from 'fast-check';
import { nastyValue, validArb, type Pools } from './arbitraries';
import type { Operation } from './operations';
import { KINDS, VALID_KINDS } from './query-inputs';

const MASS_ASSIGNMENT_KEYS = [
  'isAdmin',
  'roles',
  'userId',
  'ownerId',
  'buyerId',
  'priceCents',
  'amount',
  'status',
  'id',
  'unknownField',
];
const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '"text"',
  '[',
  '\u0000',
  '{"a":"\u0000"}',
  '['.repeat(5000),
  '{"a":1}{"b":2}',
  '{"a":1,}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
];

/** Inserts `"key":value` as the first member of a JSON object text (how `__proto__` reaches a parser). */
const withRawKey = (json: string, member: string) =>
  json.startsWith('{') ? `{${member}${json === '{}' ? '' : ','}${json.slice(1)}` : `{${member}}`;

/** JSON bodies: valid ones, wrong ones, and bodies that are not JSON at all. */
export function bodyArb(
  op: Operation,
  pools: Pools,
): fc.Arbitrary<{ payload: string; contentType?: string; kinds: string[] }> {
  const schema = op.body;
  const valid = schema
    ? validArb(schema, pools)
    : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  const fields = [
    ...new Set([
      ...Object.keys(schema?.properties ?? {}),
      ...(schema?.oneOf ?? schema?.anyOf ?? []).flatMap((s) => Object.keys(s.properties ?? {})),
    ]),
  ];
  const fieldArb = fields.length ? fc.constantFrom(...fields) : fc.constantFrom('id', 'code');
  return fc
    .tuple(
      valid,
      fieldArb,
      nastyValue,
      KINDS,
      fc.constantFrom(...MASS_ASSIGNMENT_KEYS),
      fc.constantFrom(...RAW_BODIES),
      fc.constantFrom(...CONTENT_TYPES),
    )
    .map(([value, field, junk, kind, extraKey, rawBody, contentType]) => {
      const obj =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? { ...(value as Record<string, unknown>) }
          : null;
      const json = (v: unknown) => JSON.stringify(v) ?? 'null';
      if (kind < VALID_KINDS) return { payload: json(value), kinds: ['valid body'] };
      switch (kind) {
        case 3:
          return { payload: json(obj ? { ...obj, [field]: junk } : junk), kinds: [`nasty ${field}`] };
        case 4: {
          if (!obj) return { payload: json(junk), kinds: ['nasty body'] };
          delete obj[field];
          return { payload: json(obj), kinds: [`missing ${field}`] };
        }
        case 5:
          return {
            payload: json(obj ? { ...obj, [extraKey]: junk } : { [extraKey]: junk }),
            kinds: [`unknown field ${extraKey}`],
          };
        case 6:
          return {
            payload: withRawKey(json(obj ?? {}), '"__proto__":{"isAdmin":true,"roles":["admin"]}'),
            kinds: ['__proto__ key'],
          };
        case 7:
          return {
            payload: withRawKey(json(obj ?? {}), '"constructor":{"prototype":{"isAdmin":true}}'),
            kinds: ['constructor key'],
          };
        case 8:
          return { payload: json([value]), kinds: ['array for object'] };
        case 9:
          return { payload: json(junk), kinds: ['wrong root type'] };
        case 10:
          return { payload: rawBody, kinds: [`raw body ${JSON.stringify(rawBody.slice(0, 20))}`] };
        default:
          return { payload: json(value), contentType, kinds: [`content-type ${contentType}`] };
      }
    });
}
