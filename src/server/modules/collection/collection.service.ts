import { randomInt } from 'node:crypto';
import type { Rarity } from '../../../shared/constants';
import { checkExchangeCode } from '../../../shared/exchange-code';
import { formatSerial } from '../../../shared/serial';
import {
  type CardDetail,
  type CollectionCard,
  type ExchangeBCardResult,
  type ExchangeResult,
  type HeldRight,
  type MintedCard,
  type ThemeProgress,
} from '../../../shared/schemas/collection';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, notFound, unauthenticated } from '../../errors';
import { newId } from '../../adapters/ids';
import type { Actor, AuthService } from '../auth/auth.service';
import type { CardsService, MintedCard as MintedRow } from '../cards/cards.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { isCountedCodeFailure, type CodesService } from '../codes/codes.service';
import { createCollectionReadModel, type CollectionReadModel } from './collection.read-model';
import { createCollectionRepository, type CollectionRepository } from './collection.repository';

/** How likely each rarity is when a theme code picks a card (relative weights). */
export const THEME_CODE_RARITY_WEIGHTS: Record<Rarity, number> = { N: 50, R: 30, SR: 14, SSR: 5, UR: 1 };

/** Picks an index with probability proportional to its weight, from the CSPRNG. */
export function pickWeighted(weights: number[], random: (max: number) => number = randomInt): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = random(total);
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const toMinted = (c: MintedRow): MintedCard => ({
  id: c.id,
  cardInfoId: c.cardInfoId,
  name: c.name,
  image: c.image,
  rarity: c.rarity as Rarity,
  serial: c.serial,
  editionSize: c.editionSize,
  serialLabel: formatSerial(c.serial, c.editionSize),
});

export interface ExchangeInput {
  code: string;
  phone?: string;
  smsCode?: string;
  ip: string;
  userAgent?: string;
  /** The request carried a bearer token (that did not resolve to a live session). */
  bearer?: boolean;
}

/** What a redemption answers: data for the envelope and its `msg` (empty when it signed the user in). */
export interface ExchangeOutcome {
  data: ExchangeResult;
  msg: string;
}

/** What collection asks of other modules: the methods it calls, so service tests can fake just these. */
export interface CollectionServices {
  auth: Pick<AuthService, 'verifySmsCode' | 'ensureUser' | 'startSession'>;
  cards: Pick<CardsService, 'mint' | 'lowestHeld' | 'consume'>;
  catalogue: Pick<CatalogueService, 'mintableCardInfos' | 'cardInfosById' | 'theme' | 'setCardInfos'>;
  codes: Pick<CodesService, 'assertNotLocked' | 'assertRedeemable' | 'recordFailure' | 'claim'>;
}

export interface CollectionStores {
  repo: CollectionRepository;
  read: CollectionReadModel;
}

export function createCollectionService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  services: CollectionServices,
  { repo, read }: CollectionStores = { repo: createCollectionRepository(), read: createCollectionReadModel() },
) {
  const { auth, cards, codes } = services;

  /** A random card of the theme weighted by rarity, among card infos with editions left; never past an edition. */
  async function mintFromTheme(tx: Tx, themeId: string, ownerId: string, refId: string): Promise<MintedRow[]> {
    const candidates = await services.catalogue.mintableCardInfos(tx, themeId);
    while (candidates.length > 0) {
      const i = pickWeighted(candidates.map((c) => THEME_CODE_RARITY_WEIGHTS[c.rarity]));
      try {
        return await cards.mint(tx, { cardInfoId: candidates[i]!.id, ownerId, quantity: 1, via: 'code', refId });
      } catch (err) {
        // Sold out since the read (a concurrent redemption or drop): try the others.
        if (!(err instanceof AppError && err.kind === 'conflict')) throw err;
        candidates.splice(i, 1);
      }
    }
    throw conflict('此系列的卡牌已全部發行，兌換碼未被使用，請聯絡客服');
  }

  async function progress(
    userId: string,
    rows: { id: string; name: string; description: string; cover: string; bCardInfoId: string | null }[],
    exchanged: Map<string, ThemeProgress['exchange']>,
  ): Promise<ThemeProgress[]> {
    const [sets, bInfos] = await Promise.all([
      read.setProgress(
        deps.db,
        userId,
        rows.map((r) => r.id),
      ),
      services.catalogue.cardInfosById(
        deps.db,
        rows.flatMap((r) => (r.bCardInfoId ? [r.bCardInfoId] : [])),
      ),
    ]);
    return rows.map((theme) => {
      const setCards = sets
        .filter((c) => c.themeId === theme.id)
        .map((c) => {
          return {
            cardInfoId: c.cardInfoId,
            name: c.name,
            image: c.image,
            rarity: c.rarity,
            owned: c.owned,
            left: c.left,
            consumable:
              c.lowestHeldId !== null && c.lowestHeldSerial !== null
                ? { cardId: c.lowestHeldId, serialLabel: formatSerial(c.lowestHeldSerial, c.editionSize) }
                : null,
          };
        });
      const b = bInfos.find((i) => i.id === theme.bCardInfoId);
      const bCard = b
        ? {
            cardInfoId: b.id,
            name: b.name,
            image: b.image,
            rarity: b.rarity,
            editionSize: b.editionSize,
            left: b.editionSize - b.minted - b.reserved,
          }
        : null;
      const exchange = exchanged.get(theme.id) ?? null;
      return {
        id: theme.id,
        name: theme.name,
        description: theme.description,
        cover: theme.cover,
        owned: setCards.filter((c) => c.owned > 0).length,
        total: setCards.length,
        cards: setCards,
        bCard,
        canExchange:
          !exchange && !!bCard && bCard.left > 0 && setCards.length > 0 && setCards.every((c) => c.consumable !== null),
        exchange,
      };
    });
  }

  return {
    /**
     * Redeems an exchange code. Signed in: mints to the user and answers a 兌換成功 message.
     * Signed out: verifies the SMS code, creates the account if needed and answers session data
     * with an empty message, so the client stores it and goes to "/" (seed §4).
     */
    async exchange(actor: Actor | null, input: ExchangeInput): Promise<ExchangeOutcome> {
      const checked = checkExchangeCode(input.code);
      if (!checked.ok) throw invalid(checked.message);
      const code = checked.code;
      // A stale session must not turn into a signed-out exchange: 403 makes the client log out (seed §6).
      if (!actor && input.bearer) throw unauthenticated('登入已失效，請重新登入');
      if (!actor) {
        if (!input.phone) throw invalid('未登入時請輸入手機號碼');
        if (!input.smsCode) throw invalid('請輸入驗證碼');
      }
      const subjects = [`ip:${input.ip}`, ...(actor ? [`user:${actor.userId}`] : [])];
      await codes.assertNotLocked(subjects);
      const failed = async (err: unknown): Promise<never> => {
        if (isCountedCodeFailure(err)) await codes.recordFailure(subjects);
        throw err;
      };
      // A cheap read first, so a wrong code does not use up the SMS code.
      await codes.assertRedeemable(code).catch(failed);

      let userId: string;
      let session = null;
      if (actor) {
        userId = actor.userId;
      } else {
        await auth.verifySmsCode({ phone: input.phone!, purpose: 'exchange', code: input.smsCode! });
        const user = await auth.ensureUser(input.phone!);
        userId = user.id;
        subjects.push(`user:${userId}`);
        await codes.assertNotLocked(subjects);
        // Opening the session first refuses a disabled account before anything is minted.
        session = await auth.startSession(userId, input.userAgent);
      }

      const minted = await deps.db
        .transaction(async (tx) => {
          const claimed = await codes.claim(tx, code, userId);
          if (claimed.cardInfoId)
            return cards.mint(tx, {
              cardInfoId: claimed.cardInfoId,
              ownerId: userId,
              quantity: 1,
              via: 'code',
              refId: claimed.id,
            });
          return mintFromTheme(tx, claimed.themeId!, userId, claimed.id);
        })
        .catch(failed);
      deps.log.info({ userId, cards: minted.map((c) => c.id) }, 'exchange code redeemed');
      const out = minted.map(toMinted);
      if (session) return { data: { ...session, cards: out }, msg: '' };
      return {
        data: { cards: out },
        msg: `兌換成功，獲得${out.map((c) => `「${c.name}」${c.serialLabel}`).join('、')}`,
      };
    },

    /** `card/theme`: status 0 = themes started and not exchanged, otherwise the exchanged ones. */
    async themes(actor: Actor, q: { status: number; page: number; pageSize: number }): Promise<ThemeProgress[]> {
      const page = { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
      if (q.status === 0)
        return progress(actor.userId, await read.startedThemes(deps.db, actor.userId, page), new Map());
      const rows = await read.exchangedThemes(deps.db, actor.userId, page);
      const exchanged = new Map(
        rows.map((r) => [r.id, { exchangedAt: r.exchangedAt.toISOString(), card: toMinted(r.card) }] as const),
      );
      return progress(actor.userId, rows, exchanged);
    },

    /**
     * Exchanges a complete set for the theme's B card: consumes the lowest-serial held copy of
     * each card info, mints the B card and records the exchange, all in one transaction.
     */
    async exchangeBCard(actor: Actor, themeId: string): Promise<ExchangeBCardResult> {
      return deps.db.transaction(async (tx) => {
        const theme = await services.catalogue.theme(tx, themeId);
        if (!theme) throw notFound('找不到此卡冊');
        if (!theme.bCardInfoId) throw invalid('此卡冊沒有可兌換的 B 卡');
        await repo.lockUserTheme(tx, actor.userId, themeId);
        if (await repo.findExchange(tx, actor.userId, themeId)) throw conflict('你已兌換過此卡冊的 B 卡');
        const set = await services.catalogue.setCardInfos(tx, themeId);
        if (set.length === 0) throw invalid('此卡冊沒有可兌換的 B 卡');
        const held = await cards.lowestHeld(
          tx,
          actor.userId,
          set.map((c) => c.id),
        );
        const missing = set.filter((c) => !held.has(c.id));
        if (missing.length > 0) {
          throw conflict(`尚未集齊此卡冊（寄售中的卡牌不計），仍欠：${missing.map((c) => `「${c.name}」`).join('、')}`);
        }
        const exchangeId = newId('tex');
        let bCard: MintedRow;
        try {
          [bCard] = (await cards.mint(tx, {
            cardInfoId: theme.bCardInfoId,
            ownerId: actor.userId,
            quantity: 1,
            via: 'set_exchange',
            refId: exchangeId,
          })) as [MintedRow];
        } catch (err) {
          if (err instanceof AppError && err.kind === 'conflict') throw conflict('此卡冊的 B 卡已全部兌換完畢');
          throw err;
        }
        const consumed = set.map((c) => ({ ...held.get(c.id)!, cardInfoId: c.id, name: c.name }));
        await cards.consume(tx, {
          ownerId: actor.userId,
          cardIds: consumed.map((c) => c.id),
          via: 'set_exchange',
          refId: exchangeId,
        });
        await repo
          .insertExchange(tx, {
            id: exchangeId,
            userId: actor.userId,
            themeId,
            bCardId: bCard.id,
            createdAt: deps.clock.now(),
          })
          .catch((err: unknown) => {
            // The unique (user, theme) index is the last guard behind the advisory lock.
            if (isUniqueViolation(err)) throw conflict('你已兌換過此卡冊的 B 卡');
            throw err;
          });
        const infos = await services.catalogue.cardInfosById(
          tx,
          set.map((c) => c.id),
        );
        const edition = new Map(infos.map((i) => [i.id, i.editionSize]));
        deps.log.info({ userId: actor.userId, themeId, bCardId: bCard.id }, 'set exchanged for B card');
        return {
          themeId,
          bCard: toMinted(bCard),
          consumed: consumed.map((c) => ({
            id: c.id,
            cardInfoId: c.cardInfoId,
            name: c.name,
            serialLabel: formatSerial(c.serial, edition.get(c.cardInfoId) ?? 0),
          })),
        };
      });
    },

    /** `card/collection`: the user's cards (consumed ones left out), filtered and sorted. */
    async collection(
      actor: Actor,
      q: { themeId?: string; rarity?: Rarity; sort: 'newest' | 'rarity' | 'serial'; page: number; pageSize: number },
    ): Promise<CollectionCard[]> {
      const rows = await read.collection(deps.db, actor.userId, {
        ...q,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return rows.map((r) => ({
        ...r,
        serialLabel: formatSerial(r.serial, r.editionSize),
        acquiredAt: r.acquiredAt.toISOString(),
      }));
    },

    /**
     * `card/detail`: any card's public part; prices in the provenance only where the viewer paid or
     * received them, so nobody learns what others paid.
     */
    async detail(actor: Actor | null, id: string): Promise<CardDetail> {
      const card = await read.card(deps.db, id);
      if (!card) throw notFound('找不到此卡牌');
      const events = await read.events(deps.db, id);
      const viewer = actor?.userId ?? null;
      const { ownerId, ...rest } = card;
      return {
        ...rest,
        serialLabel: formatSerial(card.serial, card.editionSize),
        acquiredAt: card.acquiredAt.toISOString(),
        mine: viewer !== null && viewer === ownerId,
        provenance: events.map((e) => ({
          kind: e.kind,
          via: e.via,
          at: e.at.toISOString(),
          from: e.fromUserId ? { id: e.fromUserId, nickname: e.fromNickname ?? '', avatar: e.fromAvatar } : null,
          to: e.toUserId ? { id: e.toUserId, nickname: e.toNickname ?? '', avatar: e.toAvatar } : null,
          priceCents: viewer !== null && (e.fromUserId === viewer || e.toUserId === viewer) ? e.priceCents : null,
        })),
      };
    },

    /** The rights of the cards the user holds, each with the cards that grant it. */
    async rights(actor: Actor): Promise<HeldRight[]> {
      const rows = await read.cardsWithRights(deps.db, actor.userId);
      const byRight = new Map<string, HeldRight>();
      for (const row of rows) {
        for (const right of row.rights) {
          const key = `${right.title}\u0000${right.description}`;
          const entry = byRight.get(key) ?? { title: right.title, description: right.description, cards: [] };
          entry.cards.push({
            id: row.id,
            cardInfoId: row.cardInfoId,
            name: row.name,
            image: row.image,
            rarity: row.rarity,
            serialLabel: formatSerial(row.serial, row.editionSize),
          });
          byRight.set(key, entry);
        }
      }
      return [...byRight.values()];
    },
  };
}
export type CollectionService = ReturnType<typeof createCollectionService>;
