import { formatSerial } from '../../../shared/serial';
import type { PackDraws, PackOpen, PackSeries, PackSeriesDetail } from '../../../shared/schemas/packs';
import type { Actor } from '../../../shared/actor';
import type { Deps } from '../../deps';
import { createVault } from '../../adapters/vault';
import { conflict, notFound } from '../../errors';
import type { CardsService } from '../cards/cards.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { AuditService } from '../audit/audit.service';
import type { PayOrdersService } from '../pay-orders/pay-orders.service';
import type { QueueService } from '../queue/queue.service';
import type { SalesService } from '../sales/sales.service';
import type { OrderBooks } from '../wallet/order-books';
import { createPacksRepository, type PackSeriesRow } from './packs.repository';
import { createPackOrderType } from './packs-order-type';
import { loadPool, packSaleState, packsLeft, revealIfDue } from './packs-rules';
import { seriesDetailView, seriesView } from './packs-views';
import { createPacksAdmin } from './packs-admin.service';

export interface PacksServiceDeps {
  payOrders: Pick<PayOrdersService, 'registerOrderType'>;
  catalogue: Pick<CatalogueService, 'release' | 'reserve' | 'cardInfosById'>;
  cards: Pick<CardsService, 'mint'>;
  audit: Pick<AuditService, 'record'>;
  /** A series flagged 熱門 goes through the waiting room (decision 044): its sale rules and admissions. */
  queue: Pick<QueueService, 'admit' | 'registerDrop'>;
  books: Pick<OrderBooks, 'mallSale'>;
  sales: Pick<SalesService, 'record'>;
}

/** Mystery packs (decision 043): the mall's reads, opening a paid pack, and the back office's series. */
export function createPacksService(deps: Pick<Deps, 'db' | 'clock' | 'keys'>, services: PacksServiceDeps) {
  const repo = createPacksRepository();
  const vault = createVault(deps.keys);
  const reveal = { repo, vault, catalogue: services.catalogue };
  services.payOrders.registerOrderType(
    'pack',
    createPackOrderType({
      ...reveal,
      deps,
      cards: services.cards,
      queue: services.queue,
      books: services.books,
      sales: services.sales,
    }),
  );
  services.queue.registerDrop('pack', async (db, key) => {
    const s = await repo.series(db, key.id);
    if (!s) throw notFound('找不到此卡包');
    return {
      hot: s.hot,
      left: packsLeft(s),
      saleState: packSaleState(s, deps.clock.now()),
      saleStartsAt: s.saleStartsAt,
      perUserLimit: s.perUserLimit,
    };
  });

  /** The series as stored: a read never reveals (the transitions and the reveal sweep do, `revealDue`). */
  async function current(id: string): Promise<PackSeriesRow> {
    const s = await repo.series(deps.db, id);
    if (!s) throw notFound('找不到此卡包');
    return s;
  }

  return {
    /** Series for the mall: those still on sale or coming, newest first. */
    async list(): Promise<PackSeries[]> {
      const now = deps.clock.now();
      const { rows } = await repo.list(deps.db, { limit: 50, offset: 0, publicOnly: true });
      return rows.map((s) => seriesView(s, now)).filter((s) => s.saleState !== 'ended');
    },

    /** One series with its pool, live odds and commitment (and the seed once revealed). */
    async detail(id: string): Promise<PackSeriesDetail> {
      const s = await current(id);
      return seriesDetailView(s, await loadPool(reveal, deps.db, id), deps.clock.now());
    },

    /** The published draws, by nonce: no buyer identity, only a per-series pseudonym. */
    async draws(q: { id: string; after: number; limit: number }): Promise<PackDraws> {
      const s = await current(q.id);
      const rows = await repo.draws(deps.db, s.id, q.after, q.limit);
      return {
        seriesId: s.id,
        commitment: s.commitment,
        serverSeed: s.revealedSeed,
        draws: rows.map((r) => ({
          nonce: r.nonce,
          orderNo: r.orderNo,
          clientSeed: r.clientSeed,
          buyer: r.buyerTag,
          guaranteed: r.guaranteed,
          cardInfoIds: r.cardInfoIds,
          drawnAt: r.drawnAt.toISOString(),
        })),
        next: rows.length === q.limit ? rows[rows.length - 1]!.nonce : null,
      };
    },

    /** Opens the buyer's paid pack order: marks it opened (once) and answers its cards, pack by pack. */
    async open(actor: Actor, orderNo: string): Promise<PackOpen> {
      const po = await repo.order(deps.db, orderNo);
      if (!po || po.buyerId !== actor.userId) throw notFound('找不到此卡包訂單');
      if (po.status !== 'paid')
        throw conflict(po.status === 'pending' ? '此訂單尚未付款，付款後才可開包' : '此訂單已取消或逾期，沒有卡包可開');
      const now = deps.clock.now();
      await repo.markOpened(deps.db, orderNo, now);
      const [draws, series] = await Promise.all([
        repo.drawsOfOrder(deps.db, orderNo),
        repo.series(deps.db, po.seriesId),
      ]);
      return {
        orderNo,
        seriesId: po.seriesId,
        seriesName: series!.name,
        clientSeed: po.clientSeed,
        openedAt: (po.openedAt ?? now).toISOString(),
        packs: draws.map((d) => ({
          nonce: d.nonce,
          guaranteed: d.guaranteed,
          cards: d.cards.map((c) => ({ ...c, serialText: formatSerial(c.serial, c.editionSize) })),
        })),
      };
    },

    /**
     * The reveal sweep (the pack reveal job): publishes the seed of up to `batch` series whose window ended with no
     * pending order, or that another transition left due; answers how many it revealed. Sell-out at settlement,
     * 結束發售 and the release of the last pending order reveal in their own transactions; only the clock passing
     * the window's end has no transaction of its own, and a GET never writes.
     */
    async revealDue(batch: number): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        let n = 0;
        for (const s of await repo.dueReveals(tx, now, batch)) if (await revealIfDue(reveal, tx, s, now)) n++;
        return n;
      });
    },

    /** The back office's series: create, update, list, detail, close. */
    admin: createPacksAdmin(deps, { repo, vault, catalogue: services.catalogue, audit: services.audit }),
  };
}
export type PacksService = ReturnType<typeof createPacksService>;
