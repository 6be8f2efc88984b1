import { PRICE_MAX_CENTS, PRICE_MIN_CENTS } from '../../../shared/constants';
import { DEFAULT_SET_BID_CENTS } from '../../../shared/schemas/set-bids';
import {
  SET_QUOTE_TTL_MS,
  type SetQuote,
  type SetQuoteCard,
  type SetQuoteLine,
} from '../../../shared/schemas/set-quote';
import { formatSerial } from '../../../shared/serial';
import { newId } from '../../adapters/ids';
import { notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import type { MarketContext } from './market-context';
import type { SetMallSource } from './market-set-mall';

/** Quotes older than this are dropped when their user asks for a new one (they are long expired by then). */
const QUOTE_KEPT_MS = 24 * 60 * 60_000;

/**
 * `theme/completionQuote` (decision 042): the cheapest way to complete a started theme, stored for 2 minutes so that a
 * `set` pay order buys exactly what was shown, at no more than what was shown. Each missing card comes from the
 * market's cheapest ask or the mall's own editions, whichever is cheaper (issue 44).
 */
export function createSetQuotes(ctx: MarketContext, mall: Pick<SetMallSource, 'offers'>) {
  const { deps, svc, repo } = ctx;
  /** The quote of `userId` for `themeId` as the market stands now, stored (its id is null when nothing can be bought). */
  async function quoteFor(userId: string, themeId: string): Promise<SetQuote> {
    const db = deps.db;
    const theme = await svc.catalogue.theme(db, themeId);
    if (!theme) throw notFound('找不到此卡冊');
    const set = await svc.catalogue.setCardInfos(db, themeId);
    const ids = set.map((c) => c.id);
    const now = deps.clock.now();
    const [held, infos, asks, prices] = await Promise.all([
      svc.cards.lowestHeld(db, userId, ids),
      svc.catalogue.cardInfosById(db, ids),
      repo.cheapestAsks(db, ids, userId, now),
      svc.prices.marketPrices('card', ids),
    ]);
    // Started: the user holds a card of it (a set nobody started is not theirs to complete).
    if (held.size === 0) throw notFound('你尚未開始收集此卡冊');
    const info = new Map(infos.map((i) => [i.id, i]));
    const card = (id: string): SetQuoteCard => {
      const i = info.get(id);
      return {
        cardInfoId: id,
        name: i?.name ?? '',
        image: i?.image ?? '',
        rarity: i?.rarity ?? 'N',
        marketPrice: prices.get(id)?.price ?? null,
      };
    };
    const ask = new Map(asks.map((l) => [l.cardInfoId!, l]));
    const missing = ids.filter((id) => !held.has(id));
    const offers = await mall.offers(
      db,
      userId,
      missing.map((id) => ({ id, priceCents: info.get(id)?.priceCents ?? null })),
      now,
    );
    // Each missing card from its cheapest source; the mall on a tie (its editions cannot be sold from under the quote).
    const lines = missing.flatMap((id): SetQuoteLine[] => {
      const l = ask.get(id);
      const m = offers.get(id);
      if (m && (!l || m.price <= l.price))
        return [{ ...card(id), source: 'mall', listingId: null, price: m.price, serialLabel: null, left: m.left }];
      return l
        ? [
            {
              ...card(id),
              source: 'market',
              listingId: l.id,
              price: l.price,
              serialLabel: formatSerial(l.serial!, l.editionSize!),
              left: null,
            },
          ]
        : [];
    });
    const total = lines.reduce((s, l) => s + l.price, 0);
    const expiresAt = new Date(now.getTime() + SET_QUOTE_TTL_MS);
    let quoteId: string | null = null;
    if (lines.length > 0) {
      quoteId = newId('squo');
      await repo.dropOldQuotes(db, userId, new Date(now.getTime() - QUOTE_KEPT_MS));
      await repo.insertQuote(db, {
        id: quoteId,
        userId,
        themeId,
        lines: lines.map((l) =>
          l.listingId === null
            ? { source: 'mall', cardInfoId: l.cardInfoId, price: l.price }
            : { source: 'market', cardInfoId: l.cardInfoId, listingId: l.listingId, price: l.price },
        ),
        totalCents: total,
        createdAt: now,
        expiresAt,
      });
    }
    return {
      quoteId,
      themeId,
      themeName: theme.name,
      owned: ids.filter((id) => held.has(id)).map(card),
      lines,
      unlisted: missing
        .filter((id) => !ask.has(id) && !offers.has(id))
        .map((id) => {
          const c = card(id);
          const start = c.marketPrice ?? info.get(id)?.priceCents ?? DEFAULT_SET_BID_CENTS;
          return { ...c, suggestedBid: Math.min(Math.max(start, PRICE_MIN_CENTS), PRICE_MAX_CENTS) };
        }),
      total,
      expiresAt: expiresAt.toISOString(),
    };
  }

  return {
    quoteFor,

    /** `theme/completionQuote`: the signed-in user's quote for one of their started themes. */
    async completionQuote(actor: Actor, themeId: string): Promise<SetQuote> {
      return quoteFor(actor.userId, themeId);
    },
  };
}
export type SetQuotes = ReturnType<typeof createSetQuotes>;
