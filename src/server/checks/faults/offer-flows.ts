import { sql } from 'drizzle-orm';
import { giveCard, trader } from '../../modules/market/market.fixtures';
import { credit, newCardInfo } from '../../modules/offers/offers.fixtures';
import type { TestApp } from '../../testing/test-app';
import { redeliver, type FaultFlow, type PerkFlowKit } from './perk-flows';

const PRICE = 10_000;
const COUNTER = 12_000;

/**
 * Accepting an offer (issue 24) under terminated connections, by the owner (the held price settles) and by the buyer
 * taking a counter (the hold is topped up first): after a fault nothing moved; the retry settles once, a third try is
 * a 409, and the money is where it belongs.
 */
export function offerFlows(kit: Pick<PerkFlowKit, 'app' | 'api' | 'sandboxPaid'>): FaultFlow[] {
  const { api } = kit;
  const sums = async (t: TestApp, userId: string) => {
    const rows = (await t.db.execute(
      sql`select a.type, a.balance::int as b from ledger_accounts a where a.user_id = ${userId}`,
    )) as unknown as { rows: { type: string; b: number }[] };
    const of = (type: string) => rows.rows.find((r) => r.type === type)?.b ?? 0;
    return { balance: of('balance'), escrow: of('escrow') };
  };
  const ownerOf = async (t: TestApp, cardId: string) =>
    (
      (await t.db.execute(sql`select owner_id from cards where id = ${cardId}`)) as unknown as {
        rows: { owner_id: string }[];
      }
    ).rows[0]!.owner_id;

  /** A seller's fresh card, and a verified buyer with `balance` who offers PRICE on it. */
  async function offered(t: TestApp, balance: number) {
    const seller = await trader(t);
    const buyer = await trader(t);
    await credit(t, buyer.userId, balance);
    const card = await giveCard(t, seller.userId, await newCardInfo(t));
    const made = await api('POST', 'offer/create', buyer.token, {
      kind: 'card',
      itemId: card,
      price: PRICE,
      expiresInHours: 24,
    });
    if (made.status !== 200) throw new Error(`set-up: offer/create answered ${JSON.stringify(made.body)}`);
    return { seller, buyer, card, made };
  }

  const flow = (name: string, countered: boolean): FaultFlow => ({
    name,
    steps: ['offer:before-claim', 'offer:after-claim', 'market:transfer', 'ledger', 'offer:before-commit'],
    async prepare() {
      const t = kit.app();
      const { seller, buyer, card, made } = await offered(t, 50_000);
      const id = made.body.data!.id as string;
      if (countered) await api('POST', 'offer/counter', seller.token, { id, price: COUNTER });
      const price = countered ? COUNTER : PRICE;
      const accept = () => api('POST', 'offer/accept', countered ? buyer.token : seller.token, { id });
      return {
        act: accept,
        async retry() {
          const problems: string[] = [];
          const first = await accept();
          if (first.status !== 200) problems.push(`accept again: ${JSON.stringify(first.body).slice(0, 300)}`);
          const second = await accept();
          if (second.status !== 409) problems.push(`accept a third time: ${JSON.stringify(second.body)}`);
          if ((await ownerOf(t, card)) !== buyer.userId) problems.push('the card did not go to the buyer');
          const b = await sums(t, buyer.userId);
          if (b.balance !== 50_000 - price || b.escrow !== 0) problems.push(`the buyer's money: ${JSON.stringify(b)}`);
          const s = await sums(t, seller.userId);
          if (s.balance !== price - Math.max(100, Math.round(price * 0.05)))
            problems.push(`the seller was credited ${s.balance}`);
          return problems;
        },
      };
    },
  });

  /**
   * A flow whose act is the sandbox webhook of the pay order `setUp` leaves: its retry delivers it again (it settles)
   * and a third time (a duplicate), then `check`s where things are.
   */
  const paidByWebhook = (
    name: string,
    steps: string[],
    setUp: (t: TestApp) => Promise<{ orderNo: string; check(problems: string[]): Promise<void> }>,
  ): FaultFlow => ({
    name,
    steps,
    async prepare() {
      const { orderNo, check } = await setUp(kit.app());
      const deliver = await kit.sandboxPaid(orderNo);
      return {
        act: deliver,
        async retry() {
          const problems: string[] = [];
          await redeliver(deliver, problems, true);
          await check(problems);
          return problems;
        },
      };
    },
  });

  /**
   * An offer made with a short balance, funded by its `offer` pay order (decision 040): the webhook's settlement books
   * the price into escrow and opens the offer, all or nothing; delivered again it settles once, then is a duplicate.
   */
  const funded = paidByWebhook(
    'offer funded through its pay order (webhook)',
    ['settle:before-claim', 'settle:after-claim', 'offer:funded', 'ledger', 'settle:before-commit'],
    async (t) => {
      const { buyer, made } = await offered(t, 1_000);
      const orderNo = made.body.data!.orderNo as string | null;
      if (!orderNo) throw new Error(`set-up: offer/create (short balance) answered ${JSON.stringify(made.body)}`);
      const id = made.body.data!.id as string;
      return {
        orderNo,
        async check(problems) {
          const offer = await api('GET', `offer/detail?id=${id}`, buyer.token);
          if (offer.body.data?.status !== 'open')
            problems.push(`the offer after funding: ${JSON.stringify(offer.body)}`);
          const b = await sums(t, buyer.userId);
          if (b.balance !== 1_000 || b.escrow !== PRICE) problems.push(`the buyer's money: ${JSON.stringify(b)}`);
        },
      };
    },
  );

  /**
   * A counter above the hold, accepted by a buyer short of the difference: its `offer_topup` pay order's settlement
   * books the difference and settles the accept in one transaction (decision 040, amended), all or nothing.
   */
  const toppedUp = paidByWebhook(
    'counter-offer accepted with its top-up paid by a pay order (webhook)',
    ['settle:before-claim', 'offer:before-claim', 'market:transfer', 'ledger', 'settle:before-commit'],
    async (t) => {
      const { seller, buyer, card, made } = await offered(t, PRICE);
      const id = made.body.data!.id as string;
      await api('POST', 'offer/counter', seller.token, { id, price: COUNTER });
      const asked = await api('POST', 'offer/accept', buyer.token, { id });
      const orderNo = asked.body.data?.orderNo as string | null;
      if (!orderNo) throw new Error(`set-up: offer/accept (short balance) answered ${JSON.stringify(asked.body)}`);
      return {
        orderNo,
        async check(problems) {
          if ((await ownerOf(t, card)) !== buyer.userId) problems.push('the card did not go to the buyer');
          const b = await sums(t, buyer.userId);
          if (b.balance !== 0 || b.escrow !== 0) problems.push(`the buyer's money: ${JSON.stringify(b)}`);
        },
      };
    },
  );

  return [
    flow('offer accepted by its owner', false),
    flow('counter-offer accepted by the buyer (hold topped up)', true),
    funded,
    toppedUp,
  ];
}
