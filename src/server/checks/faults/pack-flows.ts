import { sql } from 'drizzle-orm';
import { createPoolCards, packSeriesBody } from '../../modules/packs/packs.fixtures';
import { signIn } from '../../modules/collection/collection-fixtures';
import { makeOperator } from '../ownership-kit';
import { cancelAgain, type FaultFlow, type PerkFlowKit } from './perk-flows';

/**
 * A mystery-pack purchase (decision 043) under terminated connections. Its order's creation is killed as it holds the
 * packs on the series, records the pack order and commits: a retry of the Idempotency-Key makes exactly one order
 * holding 2 packs. The release of the last pending order of a closed series is killed as the order is released and
 * as the seed is revealed: cancelling again reveals it, with the pool given back. The settling transaction is killed at the
 * order's claim, the series' packs sold, the pool's units taken, the first card minted, the first draw published, the
 * first ledger entry and the commit. All or nothing (the invariants, pack ones included, hold after each); the
 * webhook again settles exactly once: 2 packs drawn with nonces 1 and 2, 6 cards minted, one mall sale.
 */
export function packFlows(kit: PerkFlowKit): FaultFlow[] {
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await kit.app().db.execute(q)) as unknown as { rows: T[] }).rows;
  /** An operator's series of 7 packs of 3 at HK$30 (pool 12 N, 6 R, 3 SR; 保底 SR every 2). */
  async function series() {
    const t = kit.app();
    const operator = await signIn(t);
    await makeOperator(t, { ...operator, phone: operator.phone });
    const [n, r, sr] = await createPoolCards(t.db, [
      { rarity: 'N', editionSize: 40 },
      { rarity: 'R', editionSize: 20 },
      { rarity: 'SR', editionSize: 5 },
    ]);
    const created = await kit.api(
      'POST',
      'admin/packs/create',
      operator.token,
      packSeriesBody(
        [
          [n!, 12],
          [r!, 6],
          [sr!, 3],
        ],
        { cardsPerPack: 3, perUserLimit: 5, guarantee: { minRarity: 'SR', every: 2 } },
      ),
    );
    if (created.status !== 200) throw new Error(`set-up: admin/packs/create answered ${JSON.stringify(created.body)}`);
    return { operator, seriesId: created.body.data!.id as string };
  }
  /** A buyer's payOrder/create of 2 packs of the series under one Idempotency-Key (the same request each call). */
  async function packOrder(seriesId: string) {
    const buyer = await signIn(kit.app());
    const key = kit.nextKey();
    const create = () =>
      kit.api(
        'POST',
        'payOrder/create',
        buyer.token,
        { type: 'pack', seriesId, quantity: 2, clientSeed: 'fault' },
        { 'idempotency-key': key },
      );
    return { buyer, create };
  }
  /** The series' packs held and sold, and whether its seed is out. */
  const seriesRow = async (seriesId: string) =>
    (
      await rows<{ packs_reserved: number; packs_sold: number; revealed: boolean }>(
        sql`select packs_reserved, packs_sold, revealed_at is not null as revealed from pack_series where id = ${seriesId}`,
      )
    )[0]!;
  return [
    {
      name: 'pack order creation (payOrder/create holds 2 packs)',
      steps: ['pack:reserve', 'pack:order', 'pack:order-commit'],
      async prepare() {
        const { seriesId } = await series();
        const o = await packOrder(seriesId);
        return {
          act: o.create,
          async retry() {
            const problems: string[] = [];
            const again = await o.create();
            if (again.status !== 200 || again.body.data?.status !== 'pending')
              problems.push(`the same Idempotency-Key again: ${JSON.stringify(again.body).slice(0, 300)}`);
            const third = await o.create();
            if (third.body.data?.orderNo !== again.body.data?.orderNo)
              problems.push('a third create answered another order');
            const made = await rows<{ n: number }>(
              sql`select count(*)::int as n from pack_orders where series_id = ${seriesId} and buyer_id = ${o.buyer.userId}`,
            );
            if (made[0]?.n !== 1) problems.push(`pack orders made: ${made[0]?.n}, not 1`);
            const held = await seriesRow(seriesId);
            if (held.packs_reserved !== 2) problems.push(`packs held on the series: ${held.packs_reserved}, not 2`);
            return problems;
          },
        };
      },
    },
    {
      name: 'cancelling the last pending pack order of a closed series (the seed revealed, the pool given back)',
      steps: ['pack:release', 'pack:reveal'],
      async prepare() {
        const { operator, seriesId } = await series();
        const o = await packOrder(seriesId);
        const created = await o.create();
        if (created.status !== 200) throw new Error(`set-up: payOrder/create answered ${JSON.stringify(created.body)}`);
        const closed = await kit.api('POST', 'admin/packs/close', operator.token, { id: seriesId });
        if (closed.status !== 200 || closed.body.data?.serverSeed !== null)
          throw new Error(`set-up: admin/packs/close answered ${JSON.stringify(closed.body).slice(0, 300)}`);
        const orderNo = created.body.data!.orderNo as string;
        const cancel = () => kit.api('POST', 'payOrder/cancel', o.buyer.token, { orderNo });
        return {
          act: cancel,
          async retry() {
            const problems: string[] = [];
            await cancelAgain(cancel, problems);
            const after = await seriesRow(seriesId);
            if (after.packs_reserved !== 0 || !after.revealed)
              problems.push(`the series after the cancel: ${JSON.stringify(after)}, not revealed with nothing held`);
            return problems;
          },
        };
      },
    },
    {
      name: 'pack purchase settlement by webhook (2 packs of 3)',
      steps: [
        'settle:before-claim',
        'settle:after-claim',
        'pack:sold',
        'pack:pool',
        'mint',
        'pack:draw',
        'ledger',
        'settle:before-commit',
      ],
      async prepare() {
        const { seriesId } = await series();
        const order = await (await packOrder(seriesId)).create();
        if (order.status !== 200) throw new Error(`set-up: payOrder/create answered ${JSON.stringify(order.body)}`);
        const orderNo = order.body.data!.orderNo as string;
        const deliver = await kit.sandboxPaid(orderNo);
        const retry = async () => {
          const again = await deliver();
          const problems = again.body.data?.outcome === 'settled' ? [] : [`redelivered: ${JSON.stringify(again.body)}`];
          const draws = await rows<{ nonce: number }>(
            sql`select nonce from pack_draws where order_no = ${orderNo} order by nonce`,
          );
          if (draws.map((d) => d.nonce).join() !== '1,2') problems.push(`draws: ${JSON.stringify(draws)}`);
          const minted = await rows<{ n: number }>(
            sql`select count(*)::int as n from card_events where via = 'pack' and ref_id = ${orderNo}`,
          );
          if (minted[0]?.n !== 6) problems.push(`cards minted: ${minted[0]?.n}, not 6`);
          const sales = await rows<{ n: number }>(
            sql`select count(*)::int as n from ledger_postings where kind = 'mall_sale' and ref_id = ${orderNo}`,
          );
          if (sales[0]?.n !== 1) problems.push(`mall_sale postings: ${sales[0]?.n}, not 1`);
          return problems;
        };
        return { act: deliver, retry };
      },
    },
  ];
}
