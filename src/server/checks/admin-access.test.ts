import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../modules/collection/collection-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { operationsOf, type OpenApiDocument, type Operation } from './fuzz/operations';
import { reportCheck } from './report';

/**
 * Every `/api/admin/…` operation of the OpenAPI document (PRODUCT.md §8, issue 11): a signed-out caller
 * gets 403 (the client logs out), a signed-in non-operator 404 (the back office does not exist for
 * them), whatever they send: no body, an empty one, a broken one, junk in the query string. One table
 * over the document, so a new admin route is covered the moment it is registered.
 */
describe('admin routes: 403 signed out, 404 for a signed-in non-operator', () => {
  let t: TestApp;
  let adminOps: Operation[];
  let userToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    adminOps = operationsOf(doc).filter((op) => op.path.startsWith('/api/admin/'));
    userToken = (await signIn(t)).token;
  });
  afterAll(() => t?.close());

  type Variant = { query?: Record<string, string>; payload?: string | object; headers?: Record<string, string> };
  const variants = (op: Operation): Variant[] =>
    op.method === 'GET'
      ? [{ query: {} }, { query: { id: 'x', page: '-1', pageSize: '999', status: 'nonsense' } }]
      : [
          {},
          { payload: {} },
          { payload: { id: 'x', nonsense: true } },
          { payload: '{"broken', headers: { 'content-type': 'application/json' } },
        ];

  it('finds the back office in the OpenAPI document', () => {
    const paths = adminOps.map((o) => o.id);
    for (const expected of [
      'GET /api/admin/users',
      'POST /api/admin/users/disable',
      'POST /api/admin/listings/takeDown',
      'GET /api/admin/dashboard',
      'GET /api/admin/audit',
      'POST /api/admin/shipments/ship',
      'POST /api/admin/withdrawals/pay',
      'GET /api/admin/ledger/trialBalance',
      'GET /api/admin/ledger/journal',
      'GET /api/admin/ledger/reconcile',
      'GET /api/admin/ledger/refunds',
      'POST /api/admin/ledger/refunds/pay',
      'GET /api/admin/payOrders/refund',
      'POST /api/admin/payOrders/refund',
      'GET /api/admin/orderRefunds',
      'GET /api/admin/deadLetters',
      'POST /api/admin/deadLetters/retry',
      'GET /api/admin/liveDrops',
      'GET /api/admin/liveDrops/detail',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('answers every admin operation, whatever is sent, 403 without a session and 404 to a non-operator', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const op of adminOps) {
      for (const v of variants(op)) {
        for (const [who, token, status] of [
          ['signed out', undefined, 403],
          ['non-operator', userToken, 404],
        ] as const) {
          const headers: Record<string, string> = { ...v.headers };
          if (token) headers.authorization = `Bearer ${token}`;
          const res = await t.app.inject({
            method: op.method,
            url: op.path,
            headers,
            query: v.query,
            payload: v.payload,
          });
          calls++;
          const body = res.headers['content-type']?.toString().includes('json')
            ? (res.json() as { code?: number; data?: unknown })
            : null;
          if (res.statusCode !== status || body?.code !== status || (body && body.data !== null)) {
            failures.push(`${op.id} ${who} ${JSON.stringify(v)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    reportCheck(
      'admin-access',
      t.dbKind,
      { 'admin operations': adminOps.length, calls, failures: failures.length },
      { failures },
    );
    expect(failures).toEqual([]);
    expect(adminOps.length).toBeGreaterThanOrEqual(20);
  });

  it('/metrics (outside the document, docs/decisions/045): 401 signed out or with junk, 403 to a non-operator', async () => {
    const failures: string[] = [];
    for (const [who, authorization, status] of [
      ['signed out', undefined, 401],
      ['unknown token', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 401],
      ['malformed', 'Basic dXNlcjpwYXNz', 401],
      ['non-operator', `Bearer ${userToken}`, 403],
    ] as const) {
      for (const query of [{}, { name: 'x', 'name[]': '1' }]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: (authorization ? { authorization } : {}) as Record<string, string>,
          query: query as Record<string, string>,
        });
        const body = res.json() as { code?: number; msg?: string; data?: unknown };
        if (
          res.statusCode !== status ||
          body.code !== status ||
          body.data !== null ||
          !/[\u4e00-\u9fff]/.test(body.msg ?? '')
        )
          failures.push(`${who} ${JSON.stringify(query)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
