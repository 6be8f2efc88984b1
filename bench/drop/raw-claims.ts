/**
 * The raw-SQL claim loop: the reservation transaction of `payOrder/create` for a card, statement by
 * statement as the service sends them (pay-orders and catalogue repositories), without HTTP or ORM.
 */
import type { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { newId, sha256 } from '../../src/server/adapters/ids';
import { PAY_ORDER_TTL_MS } from '../../src/shared/constants';
import { CONNECTIONS, EDITIONS, POOL_SIZE, type Buyer } from './options';
import { summarise, timedPool } from './rush';

const SALE_SQL = `select ci.id, ci.name, ci.description, ci.price_cents, (ci.edition_size - ci.minted - ci.reserved)::int as "left",
  ci.per_user_limit, ci.sale_starts_at, ci.sale_ends_at, ci.rights,
  (CASE WHEN ci.price_cents IS NULL OR ci.is_b_card THEN 'not_for_sale'
    WHEN ci.sale_ends_at IS NOT NULL AND ci.sale_ends_at <= $2::timestamptz THEN 'ended'
    WHEN ci.edition_size - ci.minted - ci.reserved <= 0 THEN 'sold_out'
    WHEN ci.sale_starts_at IS NOT NULL AND ci.sale_starts_at > $2::timestamptz THEN 'upcoming'
    ELSE 'on_sale' END) as sale_state,
  ci.image, ci.rarity, t.id as theme_id, t.name as theme_name, ci.edition_size, ci.minted, ci.is_b_card
  from card_infos ci inner join themes t on t.id = ci.theme_id where ci.id = $1 limit 1`;
const HELD_SQL = `select coalesce(sum(quantity), 0)::int as n from pay_orders where buyer_id = $1 and card_info_id = $2 and status in ('pending', 'paid')`;
const INSERT_SQL = `insert into pay_orders (id, order_no, provider_ref, pay_url, type, buyer_id, card_info_id, product_id, listing_id, item_name, item_image,
  unit_price_cents, quantity, amount_cents, provider, idempotency_key, request_hash, expires_at, created_at, updated_at)
  values ($1, $2, $3, $4, 'card', $5, $6, null, null, $7, $8, $9, 1, $9, 'sandbox', $10, $11, $12, $13, $13) returning *`;

/**
 * `unnamed`: the same statements unnamed, parsed and planned on every call (as the app sent them before they were
 * prepared): printed for comparison. `awaited`: the claim as the service sent it before the commit was pipelined behind it (a conditional UPDATE,
 * its answer awaited, then COMMIT or ROLLBACK): printed for comparison, not the baseline of the ratio.
 */
export async function rawClaims(
  url: string,
  drop: string,
  buyers: Buyer[],
  opts: { awaited?: boolean; unnamed?: boolean; round?: number } = {},
) {
  // Named: parsed once per connection, as the app's prepared statements are (db/prepared.ts); `unnamed`: each time.
  const named = (name: string, text: string, values: unknown[]) =>
    opts.unnamed ? { text, values } : { name, text, values };
  // Pipelined like the app's pool (db/client.ts): the claim and the commit go out together.
  const claimPool = new pg.Pool({ connectionString: url, max: POOL_SIZE, pipeline: !opts.awaited });
  await Promise.all(Array.from({ length: POOL_SIZE }, () => claimPool.query('select 1')));
  try {
    const run = await timedPool(EDITIONS, CONNECTIONS, async (i) => {
      const buyer = buyers[i]!;
      const key = `${opts.awaited ? 'raw-awaited' : opts.unnamed ? 'raw-unnamed' : 'raw'}-${i}`;
      const started = performance.now();
      type Sale = { name: string; image: string; price_cents: number };
      const now = new Date();
      // The sale rules are read before the transaction, as the service's availability check does (the
      // reservation reuses them); the loop with the awaited commit reads them inside, as the service did then.
      const before = opts.awaited
        ? null
        : ((await claimPool.query(named('raw_sale', SALE_SQL, [drop, now.toISOString()]))).rows[0] as Sale); // availability
      const c = await claimPool.connect();
      // As the app's transactions send them (db/pipelined-session.ts, ordering service): BEGIN in one write with the
      // lock and the reads behind it, the insert and the claim in one write with the COMMIT; `awaited`: each statement
      // on its own, as before.
      const socket = opts.awaited ? null : (c as unknown as { connection: { stream: Writable } }).connection.stream;
      let status = 500;
      try {
        // BEGIN, the buyer's lock and the two reads behind it (ordering service, mall readAhead), in one write.
        // (`awaited`: one after the other, as pg without pipelining wants them.)
        const send = <T>(query: () => Promise<T>, previous: Promise<unknown> | null) =>
          opts.awaited && previous ? previous.then(query) : query();
        socket?.cork();
        const begun = c.query('BEGIN');
        const locked = send(
          () =>
            c.query(
              named('raw_lock_buyer', 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [
                `trove:pay-order-buyer:${buyer.id}`,
              ]),
            ),
          begun,
        ); // lockBuyer
        const keyed = send(
          () =>
            c.query(
              named('raw_by_key', 'select * from pay_orders where buyer_id = $1 and idempotency_key = $2 limit 1', [
                buyer.id,
                key,
              ]),
            ),
          locked,
        ); // byKey
        const held = opts.awaited ? null : c.query(named('raw_held', HELD_SQL, [buyer.id, drop])); // heldQuantity (readAhead)
        socket?.uncork();
        for (const p of [begun, locked, keyed, held]) p?.catch(() => undefined);
        await begun;
        await locked;
        await keyed;
        const sale =
          before ?? ((await c.query(named('raw_sale', SALE_SQL, [drop, now.toISOString()]))).rows[0] as Sale); // saleInfo
        await (held ?? c.query(named('raw_held', HELD_SQL, [buyer.id, drop]))); // heldQuantity
        const orderNo = `${opts.awaited ? 'TRAWA' : opts.unnamed ? 'TRAWU' : 'TRRAW'}${opts.round ?? ''}${String(i).padStart(8, '0')}`;
        const insertValues = [
          newId('pord'),
          orderNo,
          newId('sbx_cs'),
          `http://127.0.0.1/pay/sandbox/${orderNo}`,
          buyer.id,
          drop,
          sale.name,
          sale.image,
          sale.price_cents,
          key,
          sha256(key),
          new Date(now.getTime() + PAY_ORDER_TTL_MS).toISOString(),
          now.toISOString(),
        ];
        if (opts.awaited) {
          await c.query(named('raw_insert', INSERT_SQL, insertValues)); // insert
          const reserved = await c.query(
            named(
              'raw_reserve',
              'update card_infos set reserved = reserved + $1 where id = $2 and minted + reserved + $1 <= edition_size returning id',
              [1, drop],
            ),
          );
          await c.query(reserved.rowCount === 1 ? 'COMMIT' : 'ROLLBACK');
          return {
            status: reserved.rowCount === 1 ? 200 : 409,
            body: '',
            ms: performance.now() - started,
            headers: {},
          };
        }
        // The insert, then the claim last, as the service does (catalogue `claim`), with the commit in the same write,
        // none awaited before the others are sent; when the editions are gone the supply CHECK refuses the claim and
        // the commit becomes a rollback.
        socket?.cork();
        const inserted = c.query(named('raw_insert', INSERT_SQL, insertValues)); // insert
        const claim = c.query(
          named('raw_claim', 'update card_infos set reserved = reserved + $1 where id = $2', [1, drop]),
        ); // claim
        const commit = c.query('COMMIT');
        socket?.uncork();
        inserted.catch(() => undefined);
        claim.catch(() => undefined);
        commit.catch(() => undefined);
        try {
          await inserted;
          await claim;
          status = 200;
        } catch (err) {
          if ((err as { constraint?: string }).constraint !== 'card_infos_supply') throw err;
          status = 409;
        }
        await commit;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
      return { status, body: '', ms: performance.now() - started, headers: {} };
    });
    return summarise(run.results, run.seconds);
  } finally {
    await claimPool.end();
  }
}
