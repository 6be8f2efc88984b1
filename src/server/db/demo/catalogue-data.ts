import type { Rarity } from '../../../shared/constants';
import type { Right } from '../schema';

/** Demo catalogue: three themes, their cards and the mall's products. Times are offsets from `now`. */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export type SceneKind = 'night' | 'chachaan' | 'beasts';

export interface DemoTheme {
  id: string;
  name: string;
  description: string;
  scene: SceneKind;
  bCardInfoId: string;
  sort: number;
}

export interface DemoCard {
  id: string;
  themeId: string;
  name: string;
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
    description:
      '由維港兩岸的燈火到山頂的萬家燈光，收錄香港島最動人的夜色。集齊四張基本卡，即可兌換 B 卡「維港之心」。',
    scene: 'night',
    bCardInfoId: 'ci_night_heart',
    sort: 1,
  },
  {
    id: 'thm_chachaan',
    name: '茶餐廳傳奇',
    description: '菠蘿油、絲襪奶茶、西多士……向陪伴幾代香港人的茶餐廳致敬。集齊五張基本卡，即可兌換 B 卡「冰室招牌」。',
    scene: 'chachaan',
    bCardInfoId: 'ci_cha_sign',
    sort: 2,
  },
  {
    id: 'thm_beasts',
    name: '神獸紀元',
    description: '四方神獸與祥瑞麒麟降臨寶庫。限量發行，每張都有獨立編號。集齊五張基本卡，即可兌換 B 卡「四象歸一」。',
    scene: 'beasts',
    bCardInfoId: 'ci_beast_unity',
    sort: 3,
  },
];

const priority = (what: string): Right => ({
  title: '優先購買權',
  description: `持有此卡可於${what}公開發售前 24 小時優先購買。`,
});
const discount = (pct: number): Right => ({
  title: `商城 ${pct} 折優惠`,
  description: `持卡期間，於寶庫商城購買實物商品可享 ${pct} 折（每月一次）。`,
});
const gift: Right = {
  title: '週年紀念禮品',
  description: '寶庫一週年時，持卡人可免費領取限定實體紀念卡一張（需自付運費）。',
};

export const DEMO_CARDS: DemoCard[] = [
  // 港島夜景
  {
    id: 'ci_night_fireworks',
    themeId: 'thm_night',
    name: '維港幻彩',
    glyph: '煙',
    rarity: 'SSR',
    editionSize: 300,
    minted: 126,
    priceCents: 18800,
    perUserLimit: 2,
    sort: 1,
    description: '農曆新年煙花照亮維多利亞港，兩岸摩天大廈倒映海面。',
    rights: [priority('「港島夜景」下一彈'), discount(9)],
  },
  {
    id: 'ci_night_ferry',
    themeId: 'thm_night',
    name: '天星小輪',
    glyph: '船',
    rarity: 'R',
    editionSize: 1000,
    minted: 388,
    priceCents: 3800,
    perUserLimit: 5,
    sort: 2,
    description: '百年渡輪穿梭中環與尖沙咀，船頭綠白相間，是海港最經典的風景。',
  },
  {
    id: 'ci_night_peak',
    themeId: 'thm_night',
    name: '太平山頂',
    glyph: '山',
    rarity: 'SR',
    editionSize: 500,
    priceCents: 8800,
    startsIn: 3 * HOUR,
    perUserLimit: 3,
    sort: 3,
    description: '在凌霄閣俯瞰整個維港，萬家燈火一覽無遺。',
    rights: [priority('「港島夜景」下一彈')],
  },
  {
    id: 'ci_night_tram',
    themeId: 'thm_night',
    name: '叮叮電車',
    glyph: '車',
    rarity: 'N',
    editionSize: 1000,
    perUserLimit: 1,
    sort: 4,
    description: '雙層電車叮叮駛過灣仔街頭，車窗映出霓虹。只限實體卡包兌換碼取得。',
  },
  {
    id: 'ci_night_neon',
    themeId: 'thm_night',
    name: '霓虹招牌',
    glyph: '燈',
    rarity: 'UR',
    editionSize: 50,
    minted: 50,
    priceCents: 68800,
    startsIn: -3 * DAY,
    perUserLimit: 1,
    sort: 5,
    description: '彌敦道上空的巨型霓虹招牌，昔日九龍最耀眼的夜色。首發一小時內售罄。',
    rights: [priority('寶庫所有主題'), gift],
  },
  {
    id: 'ci_night_heart',
    themeId: 'thm_night',
    name: '維港之心',
    glyph: '心',
    rarity: 'UR',
    editionSize: 200,
    perUserLimit: 1,
    isBCard: true,
    sort: 9,
    description: '「港島夜景」B 卡。集齊系列四張基本卡後兌換所得，不設發售。',
    rights: [gift],
  },

  // 茶餐廳傳奇
  {
    id: 'ci_cha_bun',
    themeId: 'thm_chachaan',
    name: '菠蘿油',
    glyph: '包',
    rarity: 'R',
    editionSize: 1000,
    minted: 512,
    priceCents: 2800,
    perUserLimit: 5,
    sort: 1,
    description: '剛出爐的菠蘿包夾一大片冰凍牛油，外脆內軟，一咬即化。',
  },
  {
    id: 'ci_cha_tea',
    themeId: 'thm_chachaan',
    name: '絲襪奶茶',
    glyph: '茶',
    rarity: 'SR',
    editionSize: 500,
    minted: 97,
    priceCents: 6800,
    perUserLimit: 3,
    sort: 2,
    description: '以布袋反覆撞茶，茶香濃郁，奶滑順喉，是港式奶茶的靈魂。',
    rights: [discount(9)],
  },
  {
    id: 'ci_cha_toast',
    themeId: 'thm_chachaan',
    name: '西多士',
    glyph: '多',
    rarity: 'SSR',
    editionSize: 200,
    priceCents: 12800,
    startsIn: 2 * DAY,
    perUserLimit: 1,
    sort: 3,
    description: '厚多士夾花生醬，蛋漿炸至金黃，再淋上糖漿與牛油。',
    rights: [priority('「茶餐廳傳奇」第二彈')],
  },
  {
    id: 'ci_cha_yuenyeung',
    themeId: 'thm_chachaan',
    name: '鴛鴦',
    glyph: '鴛',
    rarity: 'N',
    editionSize: 1000,
    perUserLimit: 1,
    sort: 4,
    description: '咖啡撞奶茶，七分茶三分啡。只限實體卡包兌換碼取得。',
  },
  {
    id: 'ci_cha_eggtart',
    themeId: 'thm_chachaan',
    name: '蛋撻',
    glyph: '撻',
    rarity: 'N',
    editionSize: 1000,
    perUserLimit: 1,
    sort: 5,
    description: '酥皮蛋撻熱辣辣出爐，蛋漿嫩滑如布甸。只限實體卡包兌換碼取得。',
  },
  {
    id: 'ci_cha_sign',
    themeId: 'thm_chachaan',
    name: '冰室招牌',
    glyph: '冰',
    rarity: 'UR',
    editionSize: 200,
    perUserLimit: 1,
    isBCard: true,
    sort: 9,
    description: '「茶餐廳傳奇」B 卡。集齊系列五張基本卡後兌換所得，不設發售。',
    rights: [gift],
  },

  // 神獸紀元
  {
    id: 'ci_beast_qilin',
    themeId: 'thm_beasts',
    name: '祥瑞麒麟',
    glyph: '麟',
    rarity: 'SSR',
    editionSize: 100,
    minted: 63,
    priceCents: 22800,
    perUserLimit: 1,
    sort: 1,
    description: '仁獸麒麟踏雲而來，所到之處帶來吉祥與太平。',
    rights: [priority('「神獸紀元」第二彈'), discount(8)],
  },
  {
    id: 'ci_beast_dragon',
    themeId: 'thm_beasts',
    name: '東方青龍',
    glyph: '龍',
    rarity: 'SR',
    editionSize: 500,
    minted: 140,
    priceCents: 7800,
    perUserLimit: 3,
    sort: 2,
    description: '鎮守東方的青龍，掌管春季與萬物生長。',
  },
  {
    id: 'ci_beast_phoenix',
    themeId: 'thm_beasts',
    name: '南方朱雀',
    glyph: '雀',
    rarity: 'UR',
    editionSize: 100,
    priceCents: 38800,
    minted: 37,
    endsIn: 7 * DAY,
    perUserLimit: 1,
    sort: 3,
    description: '浴火重生的朱雀展翅南天，羽色如烈焰。限時七日發售。',
    rights: [priority('寶庫所有主題'), gift],
  },
  {
    id: 'ci_beast_tiger',
    themeId: 'thm_beasts',
    name: '西方白虎',
    glyph: '虎',
    rarity: 'R',
    editionSize: 800,
    perUserLimit: 1,
    sort: 4,
    description: '威震西方的白虎，主掌秋季與征伐。只限實體卡包兌換碼取得。',
  },
  {
    id: 'ci_beast_turtle',
    themeId: 'thm_beasts',
    name: '北方玄武',
    glyph: '武',
    rarity: 'N',
    editionSize: 1000,
    minted: 220,
    priceCents: 1800,
    perUserLimit: 5,
    sort: 5,
    description: '龜蛇合體的玄武守護北方，象徵長壽與堅毅。',
  },
  {
    id: 'ci_beast_unity',
    themeId: 'thm_beasts',
    name: '四象歸一',
    glyph: '象',
    rarity: 'UR',
    editionSize: 100,
    perUserLimit: 1,
    isBCard: true,
    sort: 9,
    description: '「神獸紀元」B 卡。集齊系列五張基本卡後兌換所得，不設發售。',
    rights: [gift, discount(8)],
  },
];

export type ProductArt =
  'figure' | 'sleeves' | 'binder' | 'booster' | 'toploader' | 'voucher' | 'wallpaper' | 'stickers' | 'frame';

export interface DemoProduct {
  id: string;
  type: 0 | 1;
  name: string;
  description: string;
  /** Art of each image, in order; the file is /media/products/<id>-<n>.svg. */
  art: ProductArt[];
  /** Words drawn on the art (e.g. the voucher's value). */
  label: string;
  priceCents: number;
  stock: number;
  sold?: number;
  perUserLimit: number;
  startsIn?: number;
  rights?: Right[];
  sort: number;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    id: 'prd_qilin_figure',
    type: 1,
    name: '祥瑞麒麟 PVC 公仔',
    label: '麒麟',
    art: ['figure', 'figure'],
    priceCents: 39900,
    stock: 60,
    sold: 12,
    perUserLimit: 2,
    sort: 1,
    description:
      '「神獸紀元」官方授權公仔，高 18 厘米，PVC 手工上色，附木紋底座及編號證書。\n\n存放於寶庫倉庫，可隨時申請提貨，本地順豐到付。',
  },
  {
    id: 'prd_sleeves',
    type: 1,
    name: '港島夜景 卡套（100 張裝）',
    label: '卡套',
    art: ['sleeves'],
    priceCents: 4900,
    stock: 500,
    sold: 86,
    perUserLimit: 5,
    sort: 2,
    description: '66 × 91 毫米標準尺寸啞面卡套，背面印有維港夜景圖案，無酸材質，適合長期收藏。',
  },
  {
    id: 'prd_binder',
    type: 1,
    name: '寶庫 9 格收藏卡冊',
    label: '卡冊',
    art: ['binder', 'binder'],
    priceCents: 15900,
    stock: 200,
    sold: 31,
    perUserLimit: 3,
    sort: 3,
    description: '20 頁雙面共 360 格，側入式設計防止卡牌滑出，PU 皮封面燙金「寶庫」字樣。',
  },
  {
    id: 'prd_booster_box',
    type: 1,
    name: '茶餐廳傳奇 補充包盒（24 包）',
    label: '補充包',
    art: ['booster'],
    priceCents: 88800,
    stock: 30,
    perUserLimit: 1,
    startsIn: 26 * 3600_000,
    sort: 4,
    description:
      '每盒 24 包，每包 5 張實體卡連兌換碼，保證每盒最少一張 SSR。\n\n兌換碼可於「兌換卡牌」頁面兌換成數碼卡牌。',
  },
  {
    id: 'prd_toploader',
    type: 1,
    name: '磁吸卡磚（5 件裝）',
    label: '卡磚',
    art: ['toploader'],
    priceCents: 12900,
    stock: 150,
    sold: 150,
    perUserLimit: 2,
    sort: 5,
    description: '35pt 磁吸式透明卡磚，防 UV 塗層，適合展示 SSR 及 UR 卡牌。',
  },
  {
    id: 'prd_voucher_50',
    type: 0,
    name: '寶庫 HK$50 購物禮券',
    label: 'HK$50',
    art: ['voucher'],
    priceCents: 5000,
    stock: 1000,
    sold: 120,
    perUserLimit: 5,
    sort: 1,
    description: '可於寶庫商城購買任何實物商品時使用，有效期一年。購買後存放於「我的物品」。',
  },
  {
    id: 'prd_wallpaper',
    type: 0,
    name: '港島夜景 手機桌布套裝',
    label: '桌布',
    art: ['wallpaper'],
    priceCents: 1800,
    stock: 9999,
    sold: 431,
    perUserLimit: 1,
    sort: 2,
    description: '六款高解像度手機桌布（1290 × 2796），取材自「港島夜景」系列卡面。',
  },
  {
    id: 'prd_stickers',
    type: 0,
    name: '茶餐廳傳奇 電子貼圖',
    label: '貼圖',
    art: ['stickers'],
    priceCents: 1200,
    stock: 9999,
    sold: 208,
    perUserLimit: 1,
    sort: 3,
    description: '16 款茶餐廳主題動態貼圖：「飛沙走奶」、「凍檸茶少甜」、「埋單」……',
  },
  {
    id: 'prd_avatar_frame',
    type: 0,
    name: '神獸紀元 頭像框',
    label: '頭像框',
    art: ['frame'],
    priceCents: 2500,
    stock: 500,
    sold: 47,
    perUserLimit: 1,
    sort: 4,
    description: '在寶庫個人頁面及市場店舖顯示的限定頭像框，青龍、朱雀、白虎、玄武四款任選。',
  },
];

export const productImages = (p: Pick<DemoProduct, 'id' | 'art'>) =>
  p.art.map((_, i) => `/media/products/${p.id}-${i + 1}.svg`);
export const cardImage = (c: Pick<DemoCard, 'id'>) => `/media/cards/${c.id}.svg`;
export const themeCover = (t: Pick<DemoTheme, 'id'>) => `/media/themes/${t.id}.svg`;
export const DEMO_TIME = { HOUR, DAY };
