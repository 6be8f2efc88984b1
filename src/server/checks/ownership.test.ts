import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed';
import { signIn } from '../modules/collection/collection-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ID_LIKE_NAME } from './fuzz/arbitraries';
import { operationsOf, type OpenApiDocument } from './fuzz/operations';
import { OWNERSHIP, type OwnershipEntry, type TestUser } from './ownership';
import { OWN_ONLY } from './ownership-own';
import { reportCheck } from './report';

/** `GET /api/card/detail id` for every id-like field an operation takes (path, query string or body). */
function idParams(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const op of operationsOf(doc)) {
    const body = op.body ? [op.body, ...(op.body.oneOf ?? []), ...(op.body.anyOf ?? [])] : [];
    const names = new Set([
      ...op.query.map((p) => p.name),
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      ...body.flatMap((s) => Object.keys(s.properties ?? {})),
    ]);
    for (const name of names) if (ID_LIKE_NAME.test(name)) out.push(`${op.id} ${name}`);
  }
  return out;
}

/** Every value at a dotted path of an answer's data (arrays are walked). */
function valuesAt(data: unknown, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  if (Array.isArray(data)) return data.flatMap((d) => valuesAt(d, path));
  if (data === null || typeof data !== 'object' || head === undefined) return [];
  const v = (data as Record<string, unknown>)[head];
  return rest.length ? valuesAt(v, rest.join('.')) : Array.isArray(v) ? v : [v];
}
const leaves = (data: unknown): unknown[] =>
  data !== null && typeof data === 'object' ? Object.values(data).flatMap(leaves) : [data];

/**
 * Machine check (issue 7 §2): for every route that takes an object id, user A makes the object and user B
 * calls the route with its id. B gets a 404 or the public view, never A's private fields.
 */
describe('ownership matrix', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
    await seedDemo(t.db, t.clock.now());
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  });
  afterAll(() => t?.close());

  const call = async (entry: OwnershipEntry, user: TestUser, id: string | string[]) => {
    const [method, path] = entry.route.split(' ') as ['GET' | 'POST', string];
    const op = operationsOf(doc).find((o) => o.id === entry.route)!;
    const inPath = path.includes(`{${entry.param}}`);
    const url = inPath ? path.replace(`{${entry.param}}`, encodeURIComponent(String(id))) : path;
    const headers = { authorization: `Bearer ${user.token}`, ...entry.headers?.() };
    const res =
      method === 'GET'
        ? await t.app.inject({
            method,
            url,
            headers,
            query: {
              ...(entry.extra as Record<string, string>),
              ...(inPath || !op.query.some((p) => p.name === entry.param) ? {} : { [entry.param]: id }),
            },
          })
        : await t.app.inject({
            method,
            url,
            headers,
            payload: { ...entry.extra, ...(inPath ? {} : { [entry.param]: id }) },
          });
    // A file download (a code batch's CSV) answers its bytes, not the envelope.
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json')
      ? (res.json() as { code: number; msg: string; data: unknown })
      : { code: res.statusCode, msg: '', data: res.body };
    return { status: res.statusCode, body: res.body, json };
  };

  it('every route that takes an id has an entry in src/server/checks/ownership.ts', () => {
    const needed = idParams(doc);
    expect(needed.length).toBeGreaterThan(5);
    const declared = OWNERSHIP.map((e) => `${e.route} ${e.param}`);
    expect(
      needed
        .filter((n) => !declared.includes(n))
        .map((n) => `${n}: takes an id and has no ownership entry (add one to src/server/checks/ownership.ts)`),
    ).toEqual([]);
    expect(
      declared.filter((d) => !needed.includes(d)).map((d) => `${d}: entry for a route or field that no longer exists`),
    ).toEqual([]);
  });

  it("user B gets a 404 or the public view of user A's objects, never A's private fields", async () => {
    const failures: string[] = [];
    let leaks = 0;
    for (const entry of OWNERSHIP) {
      const a = await signIn(t);
      const b = await signIn(t);
      const id = await entry.create(t, a);
      const asB = await call(entry, b, id);
      const asA = await call(entry, a, id);
      const name = `${entry.route} ${entry.param} (${entry.kind})`;
      if (asB.json.code !== asB.status)
        failures.push(`${name}: B's answer is not the envelope: ${asB.body.slice(0, 200)}`);
      if (entry.kind === 'private' && asB.status !== 404) {
        leaks++;
        failures.push(`${name}: B got ${asB.status}, not 404: ${asB.body.slice(0, 200)}`);
      }
      if (entry.kind === 'public-view' && asB.status !== 200)
        failures.push(`${name}: B got ${asB.status}, not the public view: ${asB.body.slice(0, 200)}`);
      if (entry.kind === 'public' && (asB.status >= 500 || asB.status === 403))
        failures.push(`${name}: B got ${asB.status}: ${asB.body.slice(0, 200)}`);
      // A still gets the object, so the set-up worked and B's call changed nothing of A's.
      if (asA.status !== 200) failures.push(`${name}: A got ${asA.status} after B's call: ${asA.body.slice(0, 200)}`);
      const secrets = [a.phone, ...entry.privateFields.flatMap((p) => valuesAt(asA.json.data, p))].filter(
        (v) => (typeof v === 'string' && v.length >= 4) || typeof v === 'number',
      );
      const bLeaves = leaves(asB.json.data);
      for (const secret of secrets) {
        const found = typeof secret === 'string' ? asB.body.includes(secret) : bLeaves.includes(secret);
        if (found) {
          leaks++;
          failures.push(`${name}: B's answer carries A's private value ${JSON.stringify(secret)}`);
        }
      }
      if (entry.privateFields.length > 0 && secrets.length <= 1)
        failures.push(
          `${name}: A's answer has none of the private fields ${entry.privateFields.join(', ')} (set-up or paths wrong)`,
        );
    }
    reportCheck(
      'ownership',
      t.dbKind,
      {
        'routes covered': new Set(OWNERSHIP.map((e) => e.route)).size,
        'id fields covered': OWNERSHIP.length,
        leaks,
        failures: failures.length,
      },
      { failures },
    );
    expect(failures).toEqual([]);
  }, 360_000);

  it("routes without an id answer the caller's own data: B never receives A's", async () => {
    const failures: string[] = [];
    for (const entry of OWN_ONLY) {
      const [a, b] = [await signIn(t), await signIn(t)];
      await entry.create(t, a);
      const url = entry.route.split(' ')[1]!;
      const as = (u: TestUser) =>
        t.app.inject({ method: 'GET', url, query: entry.query, headers: { authorization: `Bearer ${u.token}` } });
      const [asA, asB] = [await as(a), await as(b)];
      if (asA.statusCode !== 200 || asB.statusCode !== 200)
        failures.push(`${entry.route}: A got ${asA.statusCode}, B got ${asB.statusCode}`);
      const secrets = entry.privateFields
        .flatMap((p) => valuesAt(asA.json().data, p))
        .filter((v) => (typeof v === 'string' && v.length >= 4) || (typeof v === 'number' && v !== 0));
      if (secrets.length === 0)
        failures.push(`${entry.route}: A's answer has none of ${entry.privateFields.join(', ')}`);
      const bLeaves = leaves(asB.json().data);
      for (const secret of secrets)
        if (bLeaves.includes(secret)) failures.push(`${entry.route}: B's answer carries A's ${JSON.stringify(secret)}`);
    }
    expect(failures).toEqual([]);
  });
});
