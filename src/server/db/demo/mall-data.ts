import type { Right } from '../schema';
import { demoPicture } from './demo-pictures';

/** The demo mall's products, physical (type 1) and digital (type 0). Times are offsets from `now`. */

export type ProductArt =
  'figure' | 'sleeves' | 'binder' | 'booster' | 'toploader' | 'voucher' | 'wallpaper' | 'stickers' | 'frame';

export interface DemoProduct {
  id: string;
  type: 0 | 1;
  name: string;
  /** English name: search finds it (decision 031). */
  nameEn: string;
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
    nameEn: 'Auspicious Qilin PVC Figure',
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
    nameEn: 'Island by Night Card Sleeves (100)',
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
    nameEn: 'Trove 9-Pocket Binder',
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
    nameEn: 'Cha Chaan Teng Legends Booster Box (24 packs)',
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
    nameEn: 'Magnetic Card Holders (5)',
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
    nameEn: 'Trove HK$50 Gift Voucher',
    label: 'HK$50',
    art: ['voucher'],
    priceCents: 5000,
    stock: 1000,
    sold: 120,
    perUserLimit: 5,
    sort: 1,
    description: '可於寶庫商城購買任何實物商品時使用，有效期一年。購買後存放於「我的實物」。',
  },
  {
    id: 'prd_wallpaper',
    type: 0,
    name: '港島夜景 手機桌布套裝',
    nameEn: 'Island by Night Phone Wallpapers',
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
    nameEn: 'Cha Chaan Teng Legends Stickers',
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
    nameEn: 'Mythic Beasts Avatar Frame',
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
  p.art.map((_, i) => demoPicture(`products/${p.id}-${i + 1}`));
