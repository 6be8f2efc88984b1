import { newId } from '../../adapters/ids';
import type { Db } from '../../db/client';
import { cardInfos, cards, themes } from '../../db/schema';
import type { Right } from '../../../shared/schemas/catalogue';
import { describePerk, perkTitle, type PerkEffect } from '../../../shared/schemas/perks';
import type { PerksService } from './perks.service';

/** A buyer without perks, for service tests of the mall with fakes. */
export const noPerks: Pick<PerksService, 'apply' | 'giveBack' | 'priorityHours' | 'longestPriorityHours'> = {
  apply: async () => null,
  giveBack: async () => 0,
  priorityHours: async () => 0,
  longestPriorityHours: async () => 0,
};

/** A theme with one card info carrying `rights`, and a copy of it owned by each of `owners`; answers the card ids. */
export async function givePerkCard(
  db: Db,
  opts: { rights: Right[]; owners: string[]; name?: string; themeId?: string },
): Promise<{ cardInfoId: string; themeId: string; cardIds: string[] }> {
  const themeId = opts.themeId ?? newId('thm');
  if (!opts.themeId) await db.insert(themes).values({ id: themeId, name: '權益系列', cover: '/media/t.svg' });
  const cardInfoId = newId('ci');
  await db.insert(cardInfos).values({
    id: cardInfoId,
    themeId,
    name: opts.name ?? '祥瑞麒麟',
    image: '/media/c.svg',
    rarity: 'SSR',
    editionSize: 100,
    minted: opts.owners.length,
    rights: opts.rights,
  });
  const at = new Date('2026-11-01T00:00:00Z');
  const cardIds = opts.owners.map(() => newId('card'));
  if (cardIds.length > 0)
    await db.insert(cards).values(
      opts.owners.map((ownerId, i) => ({
        id: cardIds[i]!,
        cardInfoId,
        serial: i + 1,
        ownerId,
        acquiredVia: 'drop' as const,
        acquiredAt: at,
        createdAt: at,
      })),
    );
  return { cardInfoId, themeId, cardIds };
}

/** A right with an effect, its words written from it (as the back office and the demo write them). */
export function perkRight(effect: PerkEffect, id = 'perk'): Right {
  return { id, title: perkTitle(effect), description: describePerk(effect), effect };
}

/** 8 折 on physical goods once a month per holder (or per card). */
export const monthlyDiscount = (
  percentOff = 20,
  per: 'holder' | 'card' = 'holder',
  minSpendCents: number | null = null,
) =>
  perkRight({
    kind: 'discount',
    percentOff,
    productType: 1,
    limit: { period: 'month', per, uses: 1, minSpendCents },
  });
