import fc from 'fast-check';
import { LONG_ASCII, controlString, nastyText, nastyValue, validArb, type JsonSchema, type Pools } from './arbitraries';

/** One operation of `/api/openapi.json`, with what it takes. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  /** `GET /api/card/detail` */
  id: string;
  query: Param[];
  headers: Param[];
  body?: JsonSchema;
}

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST')
        throw new Error(`${method} ${path}: the fuzzer knows GET and POST only; teach it ${method}`);
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) }));
      ops.push({
        method,
        path,
        id: `${method} ${path}`,
        query: params('query'),
        headers: params('header'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/**
 * How the request is signed in: a fresh valid session, none, a token no session has, or a header that is not
 * a bearer token. Only `valid` counts as a session for the "403 only when signed out" rule.
 */
export type AuthKind = 'valid' | 'none' | 'unknown' | 'malformed';

export interface FuzzRequest {
  auth: AuthKind;
  /** The raw query string, without `?`. */
  query: string;
  headers: Record<string, string>;
  /** The raw body (POST). */
  payload?: string;
  /** What was done to the input, for the failure message. */
  kinds: string[];
}

const authArb: fc.Arbitrary<AuthKind> = fc.constantFrom('valid', 'valid', 'none', 'unknown', 'malformed');

/** Percent-encodes text, lone surrogates included (as the bytes a broken client would send). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: its would-be UTF-8 bytes, which are not valid UTF-8.
    return [...text].map((ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

const asText = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
const pairsToQuery = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&');

/** Query strings: valid ones, and every way a query string can be wrong. */
function queryArb(op: Operation, pools: Pools): fc.Arbitrary<{ query: string; kinds: string[] }> {
  const props = Object.fromEntries(op.query.map((p) => [p.name, validArb(p.schema, pools, p.name)]));
  const valid = fc
    .record(props, { requiredKeys: op.query.filter((p) => p.required).map((p) => p.name) })
    .map((r) => Object.entries(r).map(([k, v]) => [k, asText(v)] as [string, string]));
  const names = op.query.map((p) => p.name);
  const someName = names.length ? fc.constantFrom(...names) : fc.constantFrom('id', 'page');
  const required = op.query.filter((p) => p.required).map((p) => p.name);
  const without = (pairs: [string, string][], name: string) => pairs.filter(([k]) => k !== name);

  return fc
    .tuple(
      valid,
      someName,
      nastyText,
      fc.integer({ min: 0, max: 11 }),
      fc.constantFrom('a', '0', '', '__proto__', 'constructor', 'length'),
    )
    .map(([pairs, name, junk, kind, key]) => {
      switch (kind) {
        case 0:
        case 1:
        case 2:
          return { query: pairsToQuery(pairs), kinds: ['valid query'] };
        case 3:
          return { query: pairsToQuery([...without(pairs, name), [name, junk]]), kinds: [`nasty ${name}`] };
        case 4: {
          // The `name[key]=value` form some clients and parsers use for objects and arrays.
          const v = pairs.find(([k]) => k === name)?.[1] ?? junk;
          return {
            query: `${pairsToQuery(without(pairs, name))}&${encode(name)}[${key}]=${encode(v)}`,
            kinds: [`${name}[${key}]=…`],
          };
        }
        case 5:
          return { query: pairsToQuery([...pairs, [name, junk], [name, 'x']]), kinds: [`${name} repeated`] };
        case 6:
          return {
            query: pairsToQuery(required.length ? without(pairs, required[0]!) : pairs),
            kinds: ['missing required'],
          };
        case 7:
          return {
            query: pairsToQuery([...pairs, ['unknownField', junk], ['isAdmin', 'true'], ['userId', 'usr_x']]),
            kinds: ['unknown fields'],
          };
        case 8: {
          const raw = ['%', '%ZZ', '%00', '%C0%80', '%FF%FE', '%E0%A4', 'a%0Ab', '%2e%2e%2f'][
            Math.abs(junk.length) % 8
          ]!;
          return {
            query: `${pairsToQuery(without(pairs, name))}&${encode(name)}=${raw}`,
            kinds: [`raw ${raw} in ${name}`],
          };
        }
        case 9:
          return {
            query: pairsToQuery([...without(pairs, name), [name, LONG_ASCII]]),
            kinds: [`100 000 chars in ${name}`],
          };
        case 10:
          return {
            query: `${pairsToQuery(pairs)}&__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1&__proto__=x`,
            kinds: ['prototype keys'],
          };
        default:
          return {
            query: `${pairsToQuery(pairs)}&${encode(name)}&&=&${encode(name)}=`,
            kinds: ['empty and bare keys'],
          };
      }
    });
}

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
function bodyArb(
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
      fc.integer({ min: 0, max: 11 }),
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
      switch (kind) {
        case 0:
        case 1:
        case 2:
          return { payload: json(value), kinds: ['valid body'] };
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

/** Header values a client can actually send (visible ASCII), valid or not. */
function headerArb(p: Param, pools: Pools): fc.Arbitrary<string | undefined> {
  const printable = fc.string({
    minLength: 1,
    maxLength: 40,
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  });
  return fc.oneof(
    { arbitrary: validArb(p.schema, pools, p.name).map((v) => asText(v)), weight: 4 },
    fc.constant(undefined),
    fc.constantFrom('', ' ', 'short', 'x'.repeat(129), 'x'.repeat(10_000), 'key with spaces', '../../etc', 'null'),
    printable,
  );
}

/** Every request the fuzzer sends for one operation. */
export function requestArb(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const headers = fc.record(Object.fromEntries(op.headers.map((p) => [p.name, headerArb(p, pools)]))).map((h) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) if (typeof v === 'string') out[k] = v;
    return out;
  });
  if (op.method === 'GET') {
    return fc
      .record({ auth: authArb, q: queryArb(op, pools), headers })
      .map(({ auth, q, headers: h }) => ({ auth, query: q.query, headers: h, kinds: q.kinds }));
  }
  // POST: mostly bodies; some query strings too (a POST takes none, and must not mind them).
  const q = fc.oneof(
    { arbitrary: fc.constant(''), weight: 5 },
    fc.constantFrom('a=1', '__proto__[x]=1', 'orderNo=%00', `x=${LONG_ASCII}`),
  );
  return fc
    .record({ auth: authArb, b: bodyArb(op, pools), headers, query: q })
    .map(({ auth, b, headers: h, query }) => ({
      auth,
      query,
      headers: {
        ...h,
        ...(b.contentType === undefined ? { 'content-type': 'application/json' } : { 'content-type': b.contentType }),
      },
      payload: b.payload,
      kinds: b.kinds,
    }));
}

/** For every field of an operation: NUL, other control characters and 100 000 characters, on an otherwise valid request. */
export function fieldExamples(op: Operation, pools: Pools): FuzzRequest[] {
  const nasty = ['a\u0000b', '\u0001\u001f\u007f', fc.sample(controlString, { numRuns: 1, seed: 7 })[0]!, LONG_ASCII];
  const out: FuzzRequest[] = [];
  const headers = Object.fromEntries(
    op.headers.map((p) => [p.name, asText(fc.sample(validArb(p.schema, pools, p.name), { numRuns: 1, seed: 1 })[0])]),
  );
  if (op.method === 'GET') {
    const base = op.query
      .filter((p) => p.required)
      .map(
        (p) =>
          [p.name, asText(fc.sample(validArb(p.schema, pools, p.name), { numRuns: 1, seed: 1 })[0])] as [
            string,
            string,
          ],
      );
    for (const p of op.query) {
      for (const v of nasty)
        out.push({
          auth: 'valid',
          query: pairsToQuery([...base.filter(([k]) => k !== p.name), [p.name, v]]),
          headers,
          kinds: [`example: ${JSON.stringify(v.slice(0, 8))} in ${p.name}`],
        });
    }
    return out;
  }
  const base = op.body
    ? (fc.sample(validArb(op.body, pools), { numRuns: 1, seed: 1 })[0] as Record<string, unknown> | null)
    : {};
  const fields = Object.keys(op.body?.properties ?? {}).concat(
    (op.body?.oneOf ?? []).flatMap((s) => Object.keys(s.properties ?? {})),
  );
  for (const f of new Set(fields)) {
    for (const v of nasty) {
      out.push({
        auth: 'valid',
        query: '',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...(base ?? {}), [f]: v }),
        kinds: [`example: ${JSON.stringify(v.slice(0, 8))} in ${f}`],
      });
    }
  }
  return out;
}
