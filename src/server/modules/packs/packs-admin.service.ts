import { randomBytes } from 'node:crypto';
import { commitmentOf, rarityAtLeast } from '../../../shared/pack-draw';
import type { AdminPack, AdminPackCreate, AdminPackUpdate, PackGuarantee } from '../../../shared/schemas/packs';
import { saleWindowProblem } from '../../../shared/schemas/admin-catalogue';
import type { Operator } from '../../../shared/actor';
import type { Deps } from '../../deps';
import type { Executor, Tx } from '../../db/client';
import type { Vault } from '../../adapters/vault';
import { newId } from '../../adapters/ids';
import { conflict, invalid, notFound } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { PacksRepository, PackSeriesRow } from './packs.repository';
import { loadPool, revealIfDue } from './packs-rules';
import { adminPackView } from './packs-views';

interface AdminDeps {
  repo: PacksRepository;
  vault: Vault;
  catalogue: Pick<CatalogueService, 'release' | 'reserve' | 'cardInfosById'>;
  audit: Pick<AuditService, 'record'>;
}

type Pool = AdminPackCreate['pool'];

/** What an operator may no longer change once a pack was ordered. */
const FIXED_AFTER_ORDERS = ['pool', 'cardsPerPack', 'priceCents', 'guarantee'] as const;

/** The back office's pack series (decision 043): each change audited in its transaction. */
export function createPacksAdmin(deps: Pick<Deps, 'db' | 'clock'>, d: AdminDeps) {
  const { repo } = d;

  async function view(db: Executor, s: PackSeriesRow): Promise<AdminPack> {
    return adminPackView(s, await loadPool(d, db, s.id), deps.clock.now());
  }

  /** Checks a pool against the card infos and the guarantee, and takes its units from their editions. */
  async function takePool(tx: Tx, pool: Pool, cardsPerPack: number, guarantee: PackGuarantee | null) {
    const infos = new Map(
      (
        await d.catalogue.cardInfosById(
          tx,
          pool.map((p) => p.cardInfoId),
        )
      ).map((i) => [i.id, i]),
    );
    for (const line of pool) {
      const info = infos.get(line.cardInfoId);
      if (!info) throw invalid(`找不到卡牌 ${line.cardInfoId}`);
      if (info.isBCard) throw invalid(`「${info.name}」是 B 卡，不能放入卡包`);
      const free = info.editionSize - info.minted - info.reserved;
      if (!(await d.catalogue.reserve(tx, { kind: 'card', id: line.cardInfoId }, line.count)))
        throw conflict(`「${info.name}」只剩 ${free} 張可發行，不足卡池所需的 ${line.count} 張`);
    }
    const units = pool.reduce((n, l) => n + l.count, 0);
    if (units < cardsPerPack) throw invalid(`卡池只有 ${units} 張，不足一包 ${cardsPerPack} 張`);
    if (guarantee && !pool.some((l) => rarityAtLeast(infos.get(l.cardInfoId)!.rarity, guarantee.minRarity)))
      throw invalid(`卡池沒有 ${guarantee.minRarity} 或以上的卡牌，無法設定保底`);
    return { unitsTotal: units, packsTotal: Math.floor(units / cardsPerPack) };
  }

  /** Gives a pool's undrawn units back to its card infos (a pool replaced before any order). */
  async function givePoolBack(tx: Tx, seriesId: string) {
    for (const line of await repo.pool(tx, seriesId))
      if (line.remaining > 0) await d.catalogue.release(tx, { kind: 'card', id: line.cardInfoId }, line.remaining);
  }

  async function locked(tx: Tx, id: string) {
    const s = await repo.series(tx, id, { forUpdate: true });
    if (!s) throw notFound('找不到此卡包');
    return s;
  }

  return {
    async list(_operator: Operator, q: { page: number; pageSize: number; q?: string }) {
      const { rows, total } = await repo.list(deps.db, {
        q: q.q,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { rows: await Promise.all(rows.map((s) => view(deps.db, s))), total };
    },

    async detail(_operator: Operator, id: string): Promise<AdminPack> {
      const s = await repo.series(deps.db, id);
      if (!s) throw notFound('找不到此卡包');
      return view(deps.db, s);
    },

    /** A new series: a fresh random seed, sealed; its commitment published from now on. */
    async create(operator: Operator, input: AdminPackCreate): Promise<AdminPack> {
      const problem = saleWindowProblem(input);
      if (problem) throw invalid(problem);
      const now = deps.clock.now();
      const seed = randomBytes(32).toString('hex');
      const sealed = d.vault.seal('packSeed', seed);
      const commitment = await commitmentOf(seed);
      return deps.db.transaction(async (tx) => {
        const id = newId('pks');
        const { pool, ...fields } = input;
        const sizes = await takePool(tx, pool, input.cardsPerPack, input.guarantee);
        await repo.insertSeries(tx, {
          id,
          ...fields,
          saleStartsAt: input.saleStartsAt ? new Date(input.saleStartsAt) : null,
          saleEndsAt: input.saleEndsAt ? new Date(input.saleEndsAt) : null,
          seedKeyId: sealed.keyId,
          seedCipher: sealed.cipher,
          commitment,
          ...sizes,
          createdAt: now,
          updatedAt: now,
        });
        await repo.replacePool(tx, id, pool);
        await d.audit.record(tx, operator, {
          action: 'pack.create',
          targetType: 'pack_series',
          targetId: id,
          after: input,
        });
        return view(tx, (await repo.series(tx, id))!);
      });
    },

    /** A change; the pool, pack size, price and guarantee only before the first order. */
    async update(operator: Operator, id: string, patch: Omit<AdminPackUpdate, 'id'>): Promise<AdminPack> {
      return deps.db.transaction(async (tx) => {
        const s = await locked(tx, id);
        if (s.closedAt || s.revealedAt) throw conflict('此卡包已結束發售，不能再修改');
        const ordered = s.packsSold + s.packsReserved > 0 || s.packsDrawn > 0;
        if (ordered && FIXED_AFTER_ORDERS.some((k) => patch[k] !== undefined))
          throw conflict('此卡包已有訂單，不能再更改卡池、每包張數、售價或保底');
        const merged = {
          saleStartsAt: patch.saleStartsAt !== undefined ? patch.saleStartsAt : (s.saleStartsAt?.toISOString() ?? null),
          saleEndsAt: patch.saleEndsAt !== undefined ? patch.saleEndsAt : (s.saleEndsAt?.toISOString() ?? null),
        };
        const problem = saleWindowProblem(merged);
        if (problem) throw invalid(problem);
        const { pool, ...fields } = patch;
        let sizes = {};
        const cardsPerPack = patch.cardsPerPack ?? s.cardsPerPack;
        const guarantee = patch.guarantee !== undefined ? patch.guarantee : s.guarantee;
        if (pool || patch.cardsPerPack !== undefined || patch.guarantee !== undefined) {
          const lines = pool ?? (await repo.pool(tx, id)).map((l) => ({ cardInfoId: l.cardInfoId, count: l.count }));
          await givePoolBack(tx, id);
          sizes = await takePool(tx, lines, cardsPerPack, guarantee ?? null);
          await repo.replacePool(tx, id, lines);
        }
        await repo.updateSeries(tx, id, {
          ...fields,
          ...sizes,
          saleStartsAt: merged.saleStartsAt ? new Date(merged.saleStartsAt) : null,
          saleEndsAt: merged.saleEndsAt ? new Date(merged.saleEndsAt) : null,
          updatedAt: deps.clock.now(),
        });
        await d.audit.record(tx, operator, {
          action: 'pack.update',
          targetType: 'pack_series',
          targetId: id,
          before: { name: s.name },
          after: patch,
        });
        return view(tx, (await repo.series(tx, id))!);
      });
    },

    /** 結束發售: no new orders; the seed is revealed at once, or when the last pending order ends. */
    async close(operator: Operator, id: string): Promise<AdminPack> {
      return deps.db.transaction(async (tx) => {
        const s = await locked(tx, id);
        if (s.closedAt) throw conflict('此卡包已結束發售');
        const now = deps.clock.now();
        await repo.updateSeries(tx, id, { closedAt: now, updatedAt: now });
        await revealIfDue(d, tx, (await repo.series(tx, id))!, now);
        await d.audit.record(tx, operator, {
          action: 'pack.close',
          targetType: 'pack_series',
          targetId: id,
          after: { closedAt: now.toISOString() },
        });
        return view(tx, (await repo.series(tx, id))!);
      });
    },
  };
}
