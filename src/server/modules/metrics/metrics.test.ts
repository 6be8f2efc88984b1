import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDrop, LiveDropSeries } from '../../../shared/schemas/admin-live-drops';
import { ledgerAccounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { freshKey } from '../market/market.fixtures';
import { createDrop } from '../pay-orders/pay-orders.fixtures';
import { signIn } from '../shipments/shipments.fixtures';
import { BOOKS_EVERY_MS, SNAPSHOT_MS } from './metrics.service';

const ADMIN_PHONE = '+85291230451';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample line of the Prometheus text format: name, optional labels, value. */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;

interface Parsed {
  families: Map<string, string>;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/** Parses the whole text; any line that is neither a comment nor a sample fails the test. */
function parse(text: string): Parsed {
  const families = new Map<string, string>();
  const samples: Parsed['samples'] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      families.set(type[1]!, type[2]!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
    );
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { families, samples };
}

const valueOf = (p: Parsed, name: string, labels: Record<string, string> = {}) =>
  p.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('/metrics: Prometheus text to the scraper or an operator; the live drop view', () => {
  let t: TestApp;
  let op: { token: string };
  let user: { token: string; userId: string };
  let drop: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE, METRICS_TOKEN } });
    t.clock.set(new Date('2026-12-01T12:00:30Z'));
    op = await signIn(t, ADMIN_PHONE);
    user = await signIn(t);
    drop = await createDrop(t.db, {
      editionSize: 10,
      perUserLimit: 5,
      saleStartsAt: new Date('2026-12-01T11:00:00Z'),
      name: '監控麒麟',
    });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  const order = async (quantity: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': freshKey() },
      payload: { type: 'card', cardInfoId: drop, quantity },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.orderNo as string;
  };

  it('answers 401 without credentials or with unknown ones, 403 to a non-operator, each in Chinese', async () => {
    for (const auth of [undefined, 'Bearer nonsense-token', 'Basic dXNlcjpwYXNz', `Bearer ${METRICS_TOKEN}x`]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, data: null });
      expect(res.json().msg).toMatch(/監控權杖/);
    }
    const res = await scrape(`Bearer ${user.token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '此帳戶沒有讀取監控數據的權限', data: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reads to METRICS_TOKEN and to an operator session, in the text format, with every family', async () => {
    const paid = await order(2);
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${paid}/confirm` })).statusCode).toBe(303);
    await order(1); // pending: holds one more
    await t.app.deps.db.transaction((tx) =>
      t.app.services.notifications.notify(tx, user.userId, 'identityRevoked', { reason: '測試' }),
    );
    t.clock.set(new Date('2026-12-01T12:01:40Z'));
    // A route with a path parameter, and a URL no route has.
    await t.app.inject({ method: 'GET', url: `/pay/sandbox/${paid}` });
    await t.app.inject({ method: 'GET', url: '/api/no/such/route/TR123' });

    const byToken = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const byOperator = await scrape(`Bearer ${op.token}`);
    expect(byOperator.statusCode).toBe(200);

    const p = parse(byToken.body);
    expect(p.families.get('trove_http_request_duration_seconds')).toBe('histogram');
    for (const g of [
      'trove_pay_orders',
      'trove_drop_stock_left',
      'trove_notification_outbox_pending',
      'trove_notification_outbox_oldest_age_seconds',
      'trove_books_balanced',
      'trove_books_exceptions',
    ])
      expect(p.families.get(g), g).toBe('gauge');

    expect(valueOf(p, 'trove_pay_orders', { state: 'paid' })).toBe(1);
    expect(valueOf(p, 'trove_pay_orders', { state: 'pending' })).toBe(1);
    expect(valueOf(p, 'trove_pay_orders', { state: 'refunded' })).toBe(0);
    expect(valueOf(p, 'trove_drop_stock_left', { kind: 'card', drop, name: '監控麒麟' })).toBe(7);
    // The revocation's, and the paid order's notice.
    expect(valueOf(p, 'trove_notification_outbox_pending')).toBeGreaterThanOrEqual(1);
    // Written at 12:00:30, read at 12:01:40 on the test clock.
    expect(valueOf(p, 'trove_notification_outbox_oldest_age_seconds')).toBe(70);
    expect(valueOf(p, 'trove_books_balanced')).toBe(1);
    expect(valueOf(p, 'trove_books_exceptions')).toBe(0);
  });

  it('labels latency by route pattern, method and status class, never by the URL called', async () => {
    const p = parse((await scrape(`Bearer ${METRICS_TOKEN}`)).body);
    const buckets = p.samples.filter((s) => s.name === 'trove_http_request_duration_seconds_count');
    const routes = buckets.map((s) => s.labels.route);
    expect(routes).toContain('/pay/sandbox/:orderNo');
    expect(routes).toContain('/pay/sandbox/:orderNo/confirm');
    expect(routes).toContain('/api/payOrder/create');
    expect(routes).toContain('unmatched');
    expect(routes.filter((r) => /TR\d/.test(r!))).toEqual([]);
    expect(
      valueOf(p, 'trove_http_request_duration_seconds_count', {
        route: '/metrics',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBe(5);
    expect(
      valueOf(p, 'trove_http_request_duration_seconds_count', { route: '/api/payOrder/create', status_class: '2xx' }),
    ).toBe(2);
  });

  it('reads the database at most every few seconds, whoever scrapes', async () => {
    await order(1);
    const before = parse((await scrape(`Bearer ${METRICS_TOKEN}`)).body);
    expect(valueOf(before, 'trove_pay_orders', { state: 'pending' })).toBe(1);
    t.clock.advance(SNAPSHOT_MS);
    const after = parse((await scrape(`Bearer ${METRICS_TOKEN}`)).body);
    expect(valueOf(after, 'trove_pay_orders', { state: 'pending' })).toBe(2);
  });

  it('flips the books gauge to 0 once the books are unbalanced, at the next check (at most a minute later)', async () => {
    const [{ id: account } = { id: '' }] = await t.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).limit(1);
    expect(account).not.toBe('');
    try {
      await t.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account}`);
      // Within the minute: the last check still answers.
      const cached = parse((await scrape(`Bearer ${METRICS_TOKEN}`)).body);
      expect(valueOf(cached, 'trove_books_balanced')).toBe(1);
      t.clock.advance(BOOKS_EVERY_MS);
      const broken = parse((await scrape(`Bearer ${METRICS_TOKEN}`)).body);
      expect(valueOf(broken, 'trove_books_balanced')).toBe(0);
      expect(valueOf(broken, 'trove_books_exceptions')).toBeGreaterThanOrEqual(1);
    } finally {
      await t.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${account}`);
    }
    t.clock.advance(BOOKS_EVERY_MS);
    expect(valueOf(parse((await scrape(`Bearer ${METRICS_TOKEN}`)).body), 'trove_books_balanced')).toBe(1);
  });

  it('the live drop view: drops on sale, and one drop minute by minute with its stock left', async () => {
    const list = await t.call<LiveDrop[]>('GET', 'admin/liveDrops', { token: op.token });
    expect(list.status).toBe(200);
    expect(list.data.find((d) => d.id === drop)).toMatchObject({ kind: 'card', name: '監控麒麟', total: 10, left: 6 });

    const res = await t.call<LiveDropSeries>('GET', 'admin/liveDrops/detail', {
      token: op.token,
      query: { kind: 'card', id: drop, minutes: '5' },
    });
    expect(res.status).toBe(200);
    expect(res.data.queue).toBeNull();
    expect(res.data.minutes).toHaveLength(5);
    const last = res.data.minutes.at(-1)!;
    expect(last.left).toBe(6);
    // Orders at 12:00:30 (2 paid + 1) and 12:01:40 (1 more): walking back, the stock rises by what each minute took.
    const at = (iso: string) => res.data.minutes.find((m) => m.at === iso)!;
    expect(at('2026-12-01T12:00:00.000Z')).toMatchObject({ ordered: 3, paid: 2, left: 7 });
    expect(at('2026-12-01T12:01:00.000Z')).toMatchObject({ ordered: 1, paid: 0, left: 6 });
    expect(at('2026-12-01T11:59:00.000Z')).toMatchObject({ ordered: 0, paid: 0, left: 10 });

    const missing = await t.call('GET', 'admin/liveDrops/detail', {
      token: op.token,
      query: { kind: 'product', id: drop },
    });
    expect(missing).toMatchObject({ status: 404, msg: '找不到此發售' });
    const bad = await t.call('GET', 'admin/liveDrops/detail', { token: op.token, query: { kind: 'x', id: drop } });
    expect(bad).toMatchObject({ status: 400, msg: '「類別」只可以是 card 或 product' });
  });
});
