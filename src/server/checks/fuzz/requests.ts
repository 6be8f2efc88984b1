/** Every request the fuzzer sends for one operation: its session, query string, headers and body. */
import fc from 'fast-check';
import { LONG_ASCII, controlString, validArb, type Pools } from './arbitraries';
import { bodyArb } from './body-inputs';
import type { Operation, Param } from './operations';
import { asText, pairsToQuery, queryArb } from './query-inputs';

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
