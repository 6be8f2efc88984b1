import { sql } from 'drizzle-orm';
import { seedDemo } from '../../db/seed';
import { seedDemoPacks } from '../../demo/pack-demo';
import { signIn } from '../../modules/collection/collection-fixtures';
import type { TestApp } from '../../testing/test-app';
import { ID_LIKE_NAME, resourceOf, type Pools } from './arbitraries';
import type { Operation } from './operations';

export interface World {
  users: { userId: string; token: string; phone: string }[];
  pools: Pools;
}

const column = async (t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);

/**
 * The demo content plus what users make (orders pending and paid, cards, unused exchange codes), so that
 * valid-shaped ids and values often name real rows. Read back by table and column, not through services.
 */
export async function seedWorld(t: TestApp, ops: Operation[]): Promise<World> {
  await seedDemo(t.db, t.clock.now());
  await seedDemoPacks(t.db, t.app.services.packs, t.clock.now());
  const users = [await signIn(t), await signIn(t)];
  const [a] = users as [World['users'][number]];
  let key = 0;
  const order = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${a.token}`, 'idempotency-key': `world-${key++}-key` },
      payload: body,
    });
    return res.statusCode === 200 ? (res.json().data.orderNo as string) : null;
  };
  const onSale = (await t.call<{ id: string }[]>('GET', 'cardInfo/list', { query: { onSale: '1' } })).data;
  const goods = (
    await t.call<{ id: string; saleState: string }[]>('GET', 'product/list', { query: { type: '1' } })
  ).data.filter((p) => p.saleState === 'on_sale');
  if (onSale[0]) await order({ type: 'card', cardInfoId: onSale[0].id, quantity: 1 });
  const paid = onSale[1] ? await order({ type: 'card', cardInfoId: onSale[1].id, quantity: 1 }) : null;
  if (paid) await t.app.inject({ method: 'POST', url: `/pay/sandbox/${paid}/confirm` });
  if (goods[0]) await order({ type: 'product', productId: goods[0].id, quantity: 1 });
  // A paid pack (issue 25), so pack/open meets a real order of the signed-in user.
  const series = (await column(t, sql`select id as v from pack_series`))[0];
  const pack = series ? await order({ type: 'pack', seriesId: series, quantity: 1 }) : null;
  if (pack) await t.app.inject({ method: 'POST', url: `/pay/sandbox/${pack}/confirm` });

  const codeTarget = (await column(t, sql`select id as v from card_infos where not is_b_card order by id limit 1`))[0];
  const codes = codeTarget ? (await t.app.services.codes.createBatch({ cardInfoId: codeTarget, count: 40 })).codes : [];

  const cardInfoIds = await column(t, sql`select id as v from card_infos`);
  const productIds = await column(t, sql`select id as v from products`);
  const themeIds = await column(t, sql`select id as v from themes`);
  const cardIds = await column(t, sql`select id as v from cards`);
  const articleIds = await column(t, sql`select id as v from articles`);
  const orderNos = await column(t, sql`select order_no as v from pay_orders`);
  // Order ids the order detail and ratings take: a completed trade's sale (decision 049), or a purchase's market order.
  const marketOrderIds = await column(t, sql`select id as v from sales union select id from market_orders`);
  const seriesIds = await column(t, sql`select id as v from pack_series`);
  return {
    users,
    pools: {
      byResource: await harvestIds(t, ops, a.token),
      byName: {
        id: [...cardInfoIds, ...productIds, ...cardIds, ...articleIds],
        cardInfoId: cardInfoIds,
        productId: productIds,
        itemId: [...cardInfoIds, ...productIds],
        themeId: themeIds,
        seriesId: seriesIds,
        orderNo: orderNos,
        orderId: marketOrderIds,
        phone: [a.phone, '+85291234567', '91234567', '+8613800138000'],
        code: [...codes, '123456'],
        smsCode: ['123456'],
      },
      ids: [...cardInfoIds, ...productIds, ...themeIds, ...cardIds, ...articleIds, ...orderNos],
    },
  };
}

/**
 * Calls every GET operation that needs no free-form input, signed in, and keeps the id-like values of its answer by
 * resource: a new resource's detail route is fuzzed with the ids its own list answers, with no code here.
 */
async function harvestIds(
  t: TestApp,
  ops: Operation[],
  token: string,
): Promise<Record<string, Record<string, string[]>>> {
  const out: Record<string, Record<string, string[]>> = {};
  const collect = (resource: string, value: unknown, depth = 0): void => {
    if (depth > 3 || value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && ID_LIKE_NAME.test(k)) ((out[resource] ??= {})[k] ??= []).push(v);
      else collect(resource, v, depth + 1);
    }
  };
  for (const op of ops) {
    // Required parameters with a fixed set of values (a list's `type`) take each value in turn.
    const required = op.query.filter((p) => p.required);
    if (op.method !== 'GET' || required.length > 1 || required.some((p) => !p.schema.enum)) continue;
    const queries = required[0]
      ? (required[0].schema.enum as unknown[]).map((v) => ({ [required[0]!.name]: String(v) }))
      : [{}];
    for (const query of queries) {
      const res = await t.app.inject({
        method: 'GET',
        url: op.path,
        query,
        headers: { authorization: `Bearer ${token}` },
      });
      // Only envelopes carry ids (an event stream does not).
      const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
      if (res.statusCode === 200 && json) collect(resourceOf(op.path), (res.json() as { data: unknown }).data);
    }
  }
  for (const fields of Object.values(out)) for (const [k, v] of Object.entries(fields)) fields[k] = [...new Set(v)];
  return out;
}
