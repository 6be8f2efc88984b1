import { sql } from 'drizzle-orm';
import { signIn } from '../../modules/collection/collection-fixtures';
import { createProduct } from '../../modules/pay-orders/pay-orders.fixtures';
import { givePerkCard, monthlyDiscount } from '../../modules/perks/perks.fixtures';
import type { TestApp } from '../../testing/test-app';

/** An API answer as the fault check reads it. */
export interface FaultAnswer {
  status: number;
  body: { code: number; msg: string; data: Record<string, unknown> | null };
}

/** One flow of the fault check: its steps, and how to make it, act and retry (see faults.pg.test.ts). */
export interface FaultFlow {
  name: string;
  steps: string[];
  prepare(): Promise<{ act(): Promise<FaultAnswer>; retry(): Promise<string[]> }>;
}

/** What the perk flows take from the fault check. */
export interface PerkFlowKit {
  /** The app (made once the check's set-up ran). */
  app(): TestApp;
  api(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<FaultAnswer>;
  /** Pays an order at the sandbox: answers how to deliver its signed webhook. */
  sandboxPaid(orderNo: string): Promise<() => Promise<FaultAnswer>>;
  nextKey(): string;
}

/** Delivers a webhook again (it settles) and, with `replay`, a third time (a duplicate), noting what went wrong. */
export async function redeliver(deliver: () => Promise<FaultAnswer>, problems: string[], replay: boolean) {
  const first = await deliver();
  if (first.body.data?.outcome !== 'settled') problems.push(`the same event again: ${JSON.stringify(first.body)}`);
  if (!replay) return;
  const again = await deliver();
  if (again.body.data?.outcome !== 'duplicate') problems.push(`the event a third time: ${JSON.stringify(again.body)}`);
}

/** Cancels an order again (it answers cancelled), noting what went wrong. */
export async function cancelAgain(cancel: () => Promise<FaultAnswer>, problems: string[]) {
  const again = await cancel();
  if (again.body.data?.status !== 'cancelled')
    problems.push(`cancel again: ${JSON.stringify(again.body).slice(0, 300)}`);
}

const PRICE = 39_900;
const SAVING = 7_980;

/**
 * Discounted orders (issue 21, decision 029) under terminated connections: the order and its perk use are made,
 * settled with the discount's posting, and cancelled with the use given back, all or nothing.
 */
export function perkFlows(k: PerkFlowKit): FaultFlow[] {
  const usesOf = async (orderNo: string) => {
    const rows = (await k
      .app()
      .db.execute(sql`select count(*)::int as n from perk_uses where order_no = ${orderNo}`)) as unknown as {
      rows: { n: number }[];
    };
    return rows.rows[0]!.n;
  };
  /** A holder of 8 折 (每月一次) and an HK$399 physical product. */
  async function holder() {
    const buyer = await signIn(k.app());
    await givePerkCard(k.app().db, { rights: [monthlyDiscount()], owners: [buyer.userId] });
    const productId = await createProduct(k.app().db, { stock: 20, perUserLimit: 5, priceCents: PRICE, type: 1 });
    const key = k.nextKey();
    const create = () =>
      k.api(
        'POST',
        'payOrder/create',
        buyer.token,
        { type: 'product', productId, quantity: 1 },
        { 'idempotency-key': key },
      );
    return { buyer, create };
  }
  async function discountedOrder() {
    const h = await holder();
    const created = await h.create();
    if (created.status !== 200 || created.body.data?.discount !== SAVING)
      throw new Error(`set-up: a discounted payOrder/create answered ${JSON.stringify(created.body)}`);
    return { ...h, orderNo: created.body.data.orderNo as string };
  }

  return [
    {
      name: 'discounted order creation (payOrder/create)',
      steps: ['perk:use', 'perk:use-commit'],
      async prepare() {
        const h = await holder();
        return {
          act: h.create,
          async retry() {
            const problems: string[] = [];
            const again = await h.create();
            if (again.status !== 200 || again.body.data?.discount !== SAVING)
              problems.push(`the same Idempotency-Key again: ${JSON.stringify(again.body).slice(0, 300)}`);
            const orderNo = again.body.data?.orderNo as string;
            const third = await h.create();
            if (third.body.data?.orderNo !== orderNo) problems.push('a third create answered another order');
            if ((await usesOf(orderNo)) !== 1) problems.push(`order ${orderNo} has not exactly one perk use`);
            return problems;
          },
        };
      },
    },
    {
      name: 'discounted purchase settlement by webhook',
      steps: ['settle:before-claim', 'settle:after-claim', 'goods', 'perk:discount', 'settle:before-commit'],
      async prepare() {
        const o = await discountedOrder();
        const deliver = await k.sandboxPaid(o.orderNo);
        return {
          act: deliver,
          async retry() {
            const problems: string[] = [];
            await redeliver(deliver, problems, false);
            const paid = await o.create();
            if (paid.body.data?.status !== 'paid' || paid.body.data?.discount !== SAVING)
              problems.push(`the order after settling: ${JSON.stringify(paid.body).slice(0, 300)}`);
            if ((await usesOf(o.orderNo)) !== 1) problems.push('the paid order lost its perk use');
            return problems;
          },
        };
      },
    },
    {
      name: 'cancelling a discounted order (the use given back)',
      steps: ['perk:give-back', 'perk:give-back-commit'],
      async prepare() {
        const o = await discountedOrder();
        const cancel = () => k.api('POST', 'payOrder/cancel', o.buyer.token, { orderNo: o.orderNo });
        return {
          act: cancel,
          async retry() {
            const problems: string[] = [];
            await cancelAgain(cancel, problems);
            if ((await usesOf(o.orderNo)) !== 0) problems.push('the cancelled order kept its perk use');
            return problems;
          },
        };
      },
    },
  ];
}
