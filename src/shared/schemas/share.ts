import { z } from 'zod';
import { CardDetailQuerySchema, CardDetailSchema } from './collection';

/** `card/public` (POST): the owner shows or hides one of their cards at `/card?id=` (issue 23). */
export const CardPublicBodySchema = z.strictObject({
  id: z.string({ error: '請指定卡牌' }).trim().min(1, '請指定卡牌').max(64, '找不到此卡牌'),
  public: z.boolean({ error: '請選擇公開或不公開' }),
});
export type CardPublicBody = z.input<typeof CardPublicBodySchema>;

export const CardPublicResultSchema = z.object({ id: z.string(), isPublic: z.boolean() });
export type CardPublicResult = z.infer<typeof CardPublicResultSchema>;

export const PublicCardQuerySchema = CardDetailQuerySchema;

/**
 * `card/public` (GET): a card its owner made public: the art, name, serial, owner's nickname and provenance, with no
 * price in it (prices paid are the two parties' own). A missing card and a private one answer the same 404.
 */
export const PublicCardSchema = CardDetailSchema.pick({
  id: true,
  cardInfoId: true,
  name: true,
  image: true,
  rarity: true,
  serial: true,
  editionSize: true,
  serialLabel: true,
  themeId: true,
  themeName: true,
  isBCard: true,
  description: true,
  owner: true,
  provenance: true,
});
export type PublicCard = z.infer<typeof PublicCardSchema>;

/** What a share link previews: `/api/og/<kind>/<id>.jpg` and the page's Open Graph tags. */
export const SHARE_KINDS = ['card-info', 'product', 'listing', 'seller', 'card'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** `og/image.jpg?kind=&id=&v=`: `v` names the version the page linked (any value answers the current picture). */
export const OgImageQuerySchema = z.object({
  kind: z.enum(SHARE_KINDS, { error: '找不到此圖片' }),
  id: z.string({ error: '找不到此圖片' }).min(1, '找不到此圖片').max(64, '找不到此圖片'),
  v: z.string().max(64, '找不到此圖片').optional(),
});
