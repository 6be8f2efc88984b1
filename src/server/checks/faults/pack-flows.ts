import { sql } from 'drizzle-orm';
import { createPoolCards, seriesBody } from '../../modules/packs/packs.fixtures';
import { signIn } from '../../modules/collection/collection-fixtures';
import { makeOperator } from '../ownership-kit';
import type { FaultFlow, PerkFlowKit } from './perk-flows';

/**
 * A mystery-pack purchase (decision 043) under terminated connections: the settling transaction is killed at the
 * order's claim, the series' packs sold, the pool's units taken, the first card minted, the first draw published, the
 * first ledger entry and the commit. All or nothing (the invariants, pack ones included, hold after each); the
 * webhook again settles exactly once: 2 packs drawn with nonces 1 and 2, 6 cards minted, one mall sale.
 */
export function packFlows(kit: PerkFlowKit): FaultFlow[] {
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await kit.app().db.execute(q)) as unknown as { rows: T[] }).rows;
  return [
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
          seriesBody(
            '故障卡包',
            [
              [n, 12],
              [r, 6],
              [sr, 3],
            ],
            { priceCents: 2_000, cardsPerPack: 3, guarantee: { minRarity: 'SR', every: 2 } },
          ),
        );
        if (created.status !== 200)
          throw new Error(`set-up: admin/packs/create answered ${JSON.stringify(created.body)}`);
        const seriesId = created.body.data!.id as string;
        const buyer = await signIn(t);
        const order = await kit.api(
          'POST',
          'payOrder/create',
          buyer.token,
          { type: 'pack', seriesId, quantity: 2, clientSeed: 'fault' },
          { 'idempotency-key': kit.nextKey() },
        );
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
