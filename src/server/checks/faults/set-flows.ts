import { sql } from 'drizzle-orm';
import { newId } from '../../adapters/ids';
import { addTheme } from '../../modules/collection/collection-fixtures';
import { giveCard, trader } from '../../modules/market/market.fixtures';
import { MARKET_SETTLE_STEPS } from './fault-triggers';
import { redeliver, type FaultFlow, type PerkFlowKit } from './perk-flows';
import { SELL_TYPE } from '../../../shared/market-labels';
import { sellTypeSql } from '../../db/sell-type-sql';

const PRICES = [10_000, 20_000];

/**
 * One-step bids (decision 042, amended): the connection of the order's creation is killed at the first buy listing
 * inserted and at its COMMIT (no listing and no order remain, the same key then places all three), and the settling
 * transaction at each step (either all three stay pending, or all are open with one funding posting).
 *
 * A set purchase (decision 042) under terminated connections: the connection of the settling transaction is killed at
 * the first listing sold, the first card moved and the first ledger entry (the triggers fire once, so on the first of
 * the set's several). All or nothing: afterwards either every listing is still reserved by the order, or every card is
 * the buyer's with each seller paid once; the webhook again settles exactly once.
 */
export function setFlows(kit: PerkFlowKit): FaultFlow[] {
  const db = () => kit.app().db;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  /** A trader's one-step bids (decision 042, amended) on the 3 cards of a fresh theme, at PRICES[0] each. */
  const placeBids = async () => {
    const t = kit.app();
    const themeId = newId('thm');
    const ids = [1, 2, 3].map((i) => `${themeId}_c${i}`);
    await addTheme(
      t,
      themeId,
      ids.map((id) => ({ id })),
    );
    const bidder = await trader(t);
    const key = kit.nextKey();
    const body = { themeId, cards: ids.map((cardInfoId) => ({ cardInfoId, price: PRICES[0]! })) };
    const place = () => kit.api('POST', 'market/createBids', bidder.token, body, { 'idempotency-key': key });
    const bids = () =>
      rows<{ status: string; funding_order_no: string }>(
        sql`select status, funding_order_no from listings where user_id = ${bidder.userId} and sell_type = ${sellTypeSql('buy')}`,
      );
    return { place, bids };
  };
  return [
    {
      name: 'one-step bids placed (3 cards, one order)',
      steps: ['bid:placed', 'bid:placed-commit'],
      async prepare() {
        const { place, bids } = await placeBids();
        return {
          act: place,
          async retry() {
            const problems: string[] = [];
            const again = await place();
            if (again.status !== 200) problems.push(`placing again: ${JSON.stringify(again.body)}`);
            const placed = await bids();
            const orders = new Set(placed.map((b) => b.funding_order_no));
            if (placed.length !== 3 || placed.some((b) => b.status !== 'pending_payment') || orders.size !== 1)
              problems.push(`the bids after placing again: ${JSON.stringify(placed)}, not 3 pending bids of one order`);
            return problems;
          },
        };
      },
    },
    {
      name: 'one-step bids funded by webhook (3 cards, one order)',
      steps: ['settle:before-claim', 'settle:after-claim', 'bid:opened', 'ledger', 'settle:before-commit'],
      async prepare() {
        const { place, bids } = await placeBids();
        const placed = await place();
        if (placed.status !== 200) throw new Error(`set-up: market/createBids answered ${JSON.stringify(placed.body)}`);
        const orderNo = placed.body.data!.orderNo as string;
        const deliver = await kit.sandboxPaid(orderNo);
        return {
          act: deliver,
          async retry() {
            const problems: string[] = [];
            await redeliver(deliver, problems, false);
            const open = await bids();
            if (open.length !== 3 || open.some((b) => b.status !== 'active'))
              problems.push(`the bids after settling: ${JSON.stringify(open)}`);
            const postings = await rows<{ n: number }>(
              sql`select count(*)::int as n from ledger_postings where kind = 'bid_funding' and ref_id = ${orderNo}`,
            );
            if (postings[0]?.n !== 1) problems.push(`bid_funding postings: ${postings[0]?.n}, not one for the order`);
            return problems;
          },
        };
      },
    },
    {
      name: 'set purchase settlement by webhook (2 sellers, 3 cards)',
      steps: MARKET_SETTLE_STEPS,
      async prepare() {
        const t = kit.app();
        const themeId = newId('thm');
        const ids = [`${themeId}_c1`, `${themeId}_c2`, `${themeId}_c3`, `${themeId}_c4`];
        await addTheme(
          t,
          themeId,
          ids.map((id) => ({ id })),
        );
        const [buyer, s1, s2] = [await trader(t), await trader(t), await trader(t)];
        await giveCard(t, buyer.userId, ids[0]!);
        const sellers = [s1, s1, s2];
        const cards: string[] = [];
        for (let i = 0; i < 3; i++) {
          const card = await giveCard(t, sellers[i]!.userId, ids[i + 1]!);
          cards.push(card);
          const price = i === 2 ? PRICES[0]! : PRICES[i]!;
          const listed = await kit.api('POST', 'market/create', sellers[i]!.token, {
            sell_type: SELL_TYPE.sell,
            kind: 'card',
            itemId: card,
            price,
          });
          if (listed.status !== 200) throw new Error(`set-up: market/create answered ${JSON.stringify(listed.body)}`);
        }
        const quote = await kit.api('GET', `theme/completionQuote?themeId=${themeId}`, buyer.token);
        const created = await kit.api(
          'POST',
          'payOrder/create',
          buyer.token,
          { type: 'set', themeId, quoteId: quote.body.data!.quoteId },
          { 'idempotency-key': kit.nextKey() },
        );
        if (created.status !== 200) throw new Error(`set-up: payOrder/create answered ${JSON.stringify(created.body)}`);
        const deliver = await kit.sandboxPaid(created.body.data!.orderNo as string);
        return {
          act: deliver,
          async retry() {
            const problems: string[] = [];
            await redeliver(deliver, problems, false);
            const owners = await rows<{ owner_id: string; status: string }>(
              sql`select owner_id, status from cards where id in (${sql.join(
                cards.map((c) => sql`${c}`),
                sql`, `,
              )})`,
            );
            if (owners.some((o) => o.owner_id !== buyer.userId || o.status !== 'held'))
              problems.push(`the cards after settling: ${JSON.stringify(owners)}`);
            const postings = await rows<{ n: number }>(
              sql`select count(*)::int as n from ledger_postings where kind = 'set_sale' and ref_id like ${`${created.body.data!.orderNo as string}:%`}`,
            );
            if (postings[0]?.n !== 2) problems.push(`set_sale postings: ${postings[0]?.n}, not one per seller (2)`);
            return problems;
          },
        };
      },
    },
  ];
}
