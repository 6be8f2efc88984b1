import { formatSerial } from '../../../shared/serial';
import type { ExchangeBCardResult, ThemeProgress } from '../../../shared/schemas/collection';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import type { Actor } from '../auth/auth.service';
import type { MintedCard as MintedRow } from '../cards/cards.service';
import type { CollectionServices, CollectionStores } from './collection.service';
import { toMinted } from './collection-exchange';
import { paging } from '../../db/queries';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Sets: each theme's progress, and the exchange of a complete set for the theme's B card. */
export function createSets(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  services: CollectionServices,
  { repo, read }: CollectionStores,
) {
  const { cards } = services;

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
    /** `card/theme`: status 0 = themes started and not exchanged, otherwise the exchanged ones. */
    async themes(actor: Actor, q: { status: number; page: number; pageSize: number }): Promise<ThemeProgress[]> {
      const page = paging(q);
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
        // The B card costs what the cards given for it cost (decision 049): read before they are consumed.
        const given = await services.sales.costs(
          tx,
          actor.userId,
          consumed.map((c) => c.id),
        );
        await services.sales.record(tx, {
          way: 'set_exchange',
          kind: 'card',
          buyerId: actor.userId,
          sellerId: null,
          item: {
            cardInfoId: theme.bCardInfoId,
            themeId,
            itemName: bCard.name,
            itemImage: bCard.image,
            rarity: bCard.rarity as 'N' | 'R' | 'SR' | 'SSR' | 'UR',
          },
          price: 0,
          source: { kind: 'theme', id: themeId },
          units: [
            {
              itemId: bCard.id,
              serial: bCard.serial,
              editionSize: bCard.editionSize,
              cost: consumed.reduce((sum, c) => sum + (given.get(c.id) ?? 0), 0),
            },
          ],
          costRule: 'cards_given',
        });
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
  };
}
