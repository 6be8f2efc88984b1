import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SELL_TYPE } from '../../../shared/market-labels';

/**
 * Test-only triggers that kill the transaction's own backend (`pg_terminate_backend(pg_backend_pid())`) at a
 * named step, installed in the test database only. They hang on tables and columns, not on service code, so
 * they survive refactors:
 * - `before-claim`: BEFORE the row update that claims the object (order pending → paid, code unused → used,
 *   set card held → consumed);
 * - `after-claim`: AFTER that update, before anything else of the transaction;
 * - `mint` / `goods`: after the first card or goods row is written;
 * - `record`: before the set exchange's own row is inserted;
 * - `market:sold`: after a sell listing goes reserved → sold (the first write of a market sale after the claim);
 * - `market:transfer`: after an item's market transfer is recorded; `ledger`: after the first ledger entry;
 * - `fill:*`: a bid fill, whose claim is the buy listing going active → sold;
 * - `perk:use` / `perk:give-back` (and their `-commit` at COMMIT): a perk use recorded or given back;
 *   `perk:discount`: the discount's posting (decision 029);
 * - `partial:*`: a fill of one copy of a buy listing of several, whose claim is its `filled` count going up;
 * - `offer:*`: an offer accepted (issue 24), whose claim is the offer going open → accepted;
 * - `pack:sold` / `pack:pool` / `pack:draw`: a pack order's packs sold, its pool's units taken, a draw published;
 *   `pack:reserve` / `pack:order` (and `pack:order-commit` at COMMIT): payOrder/create holding packs on the series
 *   and recording the pack order; `pack:release` / `pack:reveal`: a pack order released, a seed revealed;
 * - `offer:funded`: an offer waiting for its pay order opened by the order's settlement (decision 040);
 * - `bid:placed` (and `bid:placed-commit` at COMMIT): a buy listing inserted (a `bids` order's first, decision 042);
 *   `bid:opened`: a buy listing its paid order funds going pending_payment → active;
 * - `before-commit`: a DEFERRABLE INITIALLY DEFERRED constraint trigger, run at COMMIT.
 * A step is armed by a row in `fault_plan`; the sequence `fault_fuse` (not transactional, so it survives the
 * rollback) makes it fire once.
 */
const CLAIMS = [
  { flow: 'settle', table: 'pay_orders', when: "OLD.status = 'pending' AND NEW.status = 'paid'" },
  { flow: 'code', table: 'exchange_codes', when: "OLD.status = 'unused' AND NEW.status = 'used'" },
  { flow: 'set', table: 'cards', when: "OLD.status = 'held' AND NEW.status = 'consumed'" },
  { flow: 'fill', table: 'listings', when: "OLD.status = 'active' AND NEW.status = 'sold'" },
  { flow: 'partial', table: 'listings', when: "OLD.filled < NEW.filled AND NEW.status = 'active'" },
  { flow: 'offer', table: 'offers', when: "OLD.status = 'open' AND NEW.status = 'accepted'" },
];

const STATEMENTS = [
  'CREATE TABLE fault_plan (step text PRIMARY KEY)',
  'CREATE SEQUENCE fault_fuse',
  `CREATE FUNCTION fault_fire() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT 1 FROM fault_plan WHERE step = TG_ARGV[0]) AND nextval('fault_fuse') = 1 THEN
       PERFORM pg_terminate_backend(pg_backend_pid());
     END IF;
     RETURN NEW;
   END $$`,
  ...CLAIMS.flatMap(({ flow, table, when }) => [
    `CREATE TRIGGER fault_${flow}_before_claim BEFORE UPDATE ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION fault_fire('${flow}:before-claim')`,
    `CREATE TRIGGER fault_${flow}_after_claim AFTER UPDATE ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION fault_fire('${flow}:after-claim')`,
    `CREATE CONSTRAINT TRIGGER fault_${flow}_before_commit AFTER UPDATE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION fault_fire('${flow}:before-commit')`,
  ]),
  `CREATE TRIGGER fault_mint AFTER INSERT ON cards FOR EACH ROW EXECUTE FUNCTION fault_fire('mint')`,
  `CREATE TRIGGER fault_goods AFTER INSERT ON goods FOR EACH ROW EXECUTE FUNCTION fault_fire('goods')`,
  `CREATE TRIGGER fault_set_record BEFORE INSERT ON theme_exchanges FOR EACH ROW EXECUTE FUNCTION fault_fire('set:record')`,
  `CREATE TRIGGER fault_market_sold AFTER UPDATE ON listings FOR EACH ROW WHEN (OLD.status = 'reserved' AND NEW.status = 'sold') EXECUTE FUNCTION fault_fire('market:sold')`,
  `CREATE TRIGGER fault_market_transfer AFTER INSERT ON card_events FOR EACH ROW WHEN (NEW.kind = 'transferred') EXECUTE FUNCTION fault_fire('market:transfer')`,
  `CREATE TRIGGER fault_offer_funded AFTER UPDATE ON offers FOR EACH ROW WHEN (OLD.status = 'pending_payment' AND NEW.status = 'open') EXECUTE FUNCTION fault_fire('offer:funded')`,
  // One-step bids (decision 042): a buy listing placed by its order's creation, opened by its payment's settlement.
  `CREATE TRIGGER fault_bid_placed AFTER INSERT ON listings FOR EACH ROW WHEN (NEW.sell_type = ${SELL_TYPE.buy}) EXECUTE FUNCTION fault_fire('bid:placed')`,
  `CREATE CONSTRAINT TRIGGER fault_bid_placed_commit AFTER INSERT ON listings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.sell_type = ${SELL_TYPE.buy}) EXECUTE FUNCTION fault_fire('bid:placed-commit')`,
  `CREATE TRIGGER fault_bid_opened AFTER UPDATE ON listings FOR EACH ROW WHEN (OLD.status = 'pending_payment' AND NEW.status = 'active') EXECUTE FUNCTION fault_fire('bid:opened')`,
  `CREATE TRIGGER fault_ledger AFTER INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION fault_fire('ledger')`,
  // Perks (decision 029): a use recorded by an order's creation, given back by its cancellation, the discount booked.
  `CREATE TRIGGER fault_perk_use AFTER INSERT ON perk_uses FOR EACH ROW EXECUTE FUNCTION fault_fire('perk:use')`,
  `CREATE CONSTRAINT TRIGGER fault_perk_use_commit AFTER INSERT ON perk_uses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fault_fire('perk:use-commit')`,
  `CREATE TRIGGER fault_perk_give_back AFTER DELETE ON perk_uses FOR EACH ROW EXECUTE FUNCTION fault_fire('perk:give-back')`,
  `CREATE CONSTRAINT TRIGGER fault_perk_give_back_commit AFTER DELETE ON perk_uses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fault_fire('perk:give-back-commit')`,
  `CREATE TRIGGER fault_perk_discount AFTER INSERT ON ledger_postings FOR EACH ROW WHEN (NEW.kind = 'perk_discount') EXECUTE FUNCTION fault_fire('perk:discount')`,
  // Mystery packs (decision 043): the packs sold, the pool's units taken, a draw published.
  `CREATE TRIGGER fault_pack_sold AFTER UPDATE ON pack_series FOR EACH ROW WHEN (OLD.packs_sold < NEW.packs_sold) EXECUTE FUNCTION fault_fire('pack:sold')`,
  `CREATE TRIGGER fault_pack_pool AFTER UPDATE ON pack_pool FOR EACH ROW EXECUTE FUNCTION fault_fire('pack:pool')`,
  `CREATE TRIGGER fault_pack_draw AFTER INSERT ON pack_draws FOR EACH ROW EXECUTE FUNCTION fault_fire('pack:draw')`,
  // Their order's creation (packs held on the series, the pack order recorded), release and the seed's reveal.
  `CREATE TRIGGER fault_pack_reserve AFTER UPDATE ON pack_series FOR EACH ROW WHEN (OLD.packs_reserved < NEW.packs_reserved) EXECUTE FUNCTION fault_fire('pack:reserve')`,
  `CREATE TRIGGER fault_pack_order AFTER INSERT ON pack_orders FOR EACH ROW EXECUTE FUNCTION fault_fire('pack:order')`,
  `CREATE CONSTRAINT TRIGGER fault_pack_order_commit AFTER INSERT ON pack_orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fault_fire('pack:order-commit')`,
  `CREATE TRIGGER fault_pack_release AFTER UPDATE ON pack_orders FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status = 'released') EXECUTE FUNCTION fault_fire('pack:release')`,
  `CREATE TRIGGER fault_pack_reveal AFTER UPDATE ON pack_series FOR EACH ROW WHEN (OLD.revealed_at IS NULL AND NEW.revealed_at IS NOT NULL) EXECUTE FUNCTION fault_fire('pack:reveal')`,
];

/** The steps of a market sale settled by its payment's webhook (one listing or a set of them). */
export const MARKET_SETTLE_STEPS = [
  'settle:before-claim',
  'settle:after-claim',
  'market:sold',
  'market:transfer',
  'ledger',
  'settle:before-commit',
];

export async function installFaultTriggers(db: Db): Promise<void> {
  for (const statement of STATEMENTS) await db.execute(sql.raw(statement));
}

/** Arms one step: the next transaction that reaches it loses its connection. */
export async function arm(db: Db, step: string): Promise<void> {
  await db.execute(sql`delete from fault_plan`);
  await db.execute(sql`insert into fault_plan (step) values (${step})`);
  await db.execute(sql`select setval('fault_fuse', 1, false)`);
}

/** Disarms, and answers whether the armed step fired. */
export async function disarm(db: Db): Promise<boolean> {
  await db.execute(sql`delete from fault_plan`);
  const rows = (await db.execute(sql`select last_value, is_called from fault_fuse`)) as unknown as {
    rows: { last_value: string; is_called: boolean }[];
  };
  return rows.rows[0]!.is_called;
}
