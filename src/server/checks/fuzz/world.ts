import { sql } from 'drizzle-orm';
import { seedDemo } from '../../db/seed';
import { signIn } from '../../modules/collection/collection-fixtures';
import type { TestApp } from '../../testing/test-app';
import type { Pools } from './arbitraries';

export interface World {
  users: { userId: string; token: string; phone: string }[];
  pools: Pools;
}

const column = async (t: TestApp, query: ReturnType<typeof sql>) => (((await t.db.execute(query)) as unknown as { rows: { v: string }[] }).rows).map((r) => r.v);

/**
 * The demo content plus what users make (orders pending and paid, cards, unused exchange codes), so that
 * valid-shaped ids and values often name real rows. Read back by table and column, not through services.
 */
export async function seedWorld(t: TestApp): Promise<World> {
  await seedDemo(t.db, t.clock.now());
  const users = [await signIn(t), await signIn(t)];
  const [a] = users as [World['users'][number]];
  let key = 0;
  const order = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payOrder/create', headers: { authorization: `Bearer ${a.token}`, 'idempotency-key': `world-${key++}-key` }, payload: body });
    return res.statusCode === 200 ? (res.json().data.orderNo as string) : null;
  };
  const onSale = (await t.call<{ id: string }[]>('GET', 'cardInfo/list', { query: { onSale: '1' } })).data;
  const goods = (await t.call<{ id: string; saleState: string }[]>('GET', 'product/list', { query: { type: '1' } })).data.filter((p) => p.saleState === 'on_sale');
  if (onSale[0]) await order({ type: 'card', cardInfoId: onSale[0].id, quantity: 1 });
  const paid = onSale[1] ? await order({ type: 'card', cardInfoId: onSale[1].id, quantity: 1 }) : null;
  if (paid) await t.app.inject({ method: 'POST', url: `/pay/sandbox/${paid}/confirm` });
  if (goods[0]) await order({ type: 'product', productId: goods[0].id, quantity: 1 });

  const codeTarget = (await column(t, sql`select id as v from card_infos where not is_b_card order by id limit 1`))[0];
  const codes = codeTarget ? (await t.app.services.codes.createBatch({ cardInfoId: codeTarget, count: 40 })).codes : [];

  const cardInfoIds = await column(t, sql`select id as v from card_infos`);
  const productIds = await column(t, sql`select id as v from products`);
  const themeIds = await column(t, sql`select id as v from themes`);
  const cardIds = await column(t, sql`select id as v from cards`);
  const articleIds = await column(t, sql`select id as v from articles`);
  const orderNos = await column(t, sql`select order_no as v from pay_orders`);
  return {
    users,
    pools: {
      byName: {
        id: [...cardInfoIds, ...productIds, ...cardIds, ...articleIds],
        cardInfoId: cardInfoIds,
        productId: productIds,
        itemId: [...cardInfoIds, ...productIds],
        themeId: themeIds,
        orderNo: orderNos,
        phone: [a.phone, '+85291234567', '91234567', '+8613800138000'],
        code: [...codes, '123456'],
        smsCode: ['123456'],
      },
      ids: [...cardInfoIds, ...productIds, ...themeIds, ...cardIds, ...articleIds, ...orderNos],
    },
  };
}
