import type { Rarity } from '../../../shared/constants';
import type { Right } from '../schema';
import { demoPicture } from './demo-pictures';

/**
 * Demo catalogue: three themes, their cards (card-data.ts) and the mall's products (mall-data.ts). Times are offsets
 * from `now`.
 */

export type SceneKind = 'night' | 'chachaan' | 'beasts';

export interface DemoTheme {
  id: string;
  name: string;
  /** English name: search finds it (decision 031). */
  nameEn: string;
  description: string;
  scene: SceneKind;
  bCardInfoId: string;
  sort: number;
}

export interface DemoCard {
  id: string;
  themeId: string;
  name: string;
  /** English name: search finds it (decision 031). */
  nameEn: string;
  /** One character drawn large on the card art. */
  glyph: string;
  description: string;
  rarity: Rarity;
  editionSize: number;
  /** Editions already bought by the demo collectors (a sold-out drop has them all). */
  minted?: number;
  priceCents?: number;
  /** Sale window as offsets from now (ms); absent start = on sale since the seed ran. */
  startsIn?: number;
  endsIn?: number;
  perUserLimit: number;
  rights?: Right[];
  isBCard?: boolean;
  sort: number;
}

export const DEMO_THEMES: DemoTheme[] = [
  {
    id: 'thm_night',
    name: '港島夜景',
    nameEn: 'Hong Kong Island by Night',
    description:
      '由維港兩岸的燈火到山頂的萬家燈光，收錄香港島最動人的夜色。集齊四張基本卡，即可兌換 B 卡「維港之心」。',
    scene: 'night',
    bCardInfoId: 'ci_night_heart',
    sort: 1,
  },
  {
    id: 'thm_chachaan',
    name: '茶餐廳傳奇',
    nameEn: 'Cha Chaan Teng Legends',
    description: '菠蘿油、絲襪奶茶、西多士……向陪伴幾代香港人的茶餐廳致敬。集齊五張基本卡，即可兌換 B 卡「冰室招牌」。',
    scene: 'chachaan',
    bCardInfoId: 'ci_cha_sign',
    sort: 2,
  },
  {
    id: 'thm_beasts',
    name: '神獸紀元',
    nameEn: 'Age of Mythic Beasts',
    description: '四方神獸與祥瑞麒麟降臨寶庫。限量發行，每張都有獨立編號。集齊五張基本卡，即可兌換 B 卡「四象歸一」。',
    scene: 'beasts',
    bCardInfoId: 'ci_beast_unity',
    sort: 3,
  },
];

export { DEMO_CARDS } from './card-data';
export { DEMO_PRODUCTS, productImages, type DemoProduct, type ProductArt } from './mall-data';

export const cardImage = (c: Pick<DemoCard, 'id'>) => demoPicture(`cards/${c.id}`);
export const themeCover = (t: Pick<DemoTheme, 'id'>) => demoPicture(`themes/${t.id}`);
