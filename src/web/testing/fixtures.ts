import type { SessionData, User } from '../../shared/schemas/auth';
import type { ExchangeBCardResult } from '../../shared/schemas/collection';
import type { Shipment } from '../../shared/schemas/delivery';
import type { OfferDetail } from '../../shared/schemas/offers';
import type { PayOrder } from '../../shared/schemas/pay-orders';
import type { WatchItem } from '../../shared/schemas/watch';
import type { ProductDetail } from '../../shared/schemas/prices';
import type { PriceHistory } from '../../shared/schemas/prices';
import type { Listing, MarketDetail } from '../../shared/schemas/market';
import { NO_STANDING_FIGURES, type Standing } from '../../shared/schemas/standing';
import type { PackSeriesDetail } from '../../shared/schemas/packs';

/** A signed-in user as the server describes one (session data, user/info). */
export const testUser: User = {
  id: 'usr_1',
  phone: '+85291234567',
  phoneMasked: '+852 9***4567',
  nickname: '阿寶',
  avatar: null,
  bio: '',
  roles: ['user'],
  verified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** `testUser`'s stored session. */
export const testSession: SessionData = { token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] };

/** The stored session of a verified trader (`usr_me`, 我): the market screens' signed-in viewer. */
export const testTraderSession: SessionData = {
  token: 't'.repeat(43),
  user: { ...testUser, id: 'usr_me', phoneMasked: '9123****', nickname: '我', verified: true },
  authority: ['user'],
};

/** A market listing: a sell listing of a card, open, by another user. */
export const testListing = (over: Partial<Listing> = {}): Listing => ({
  id: 'lst_1',
  sell_type: 0,
  status: 'active',
  price: 25000,
  quantity: 1,
  filled: 0,
  serialMin: null,
  serialMax: null,
  serialRange: null,
  fee: 1250,
  proceeds: 23750,
  kind: 'card',
  cardInfoId: 'ci_1',
  productId: null,
  itemId: 'card_1',
  itemName: '維港幻彩',
  itemImage: '/c.svg',
  rarity: 'SSR',
  themeId: 'thm_1',
  serial: 12,
  editionSize: 300,
  serialLabel: '#0012/300',
  user: { id: 'usr_s', nickname: '賣家阿明', avatar: null },
  mine: false,
  takedownReason: null,
  expiresAt: '2026-12-20T04:00:00.000Z',
  createdAt: '2026-11-20T04:00:00.000Z',
  ...over,
});

/** A trader's standing below the 5-trade threshold: no figures. */
export const testStanding = (over: Partial<Standing> = {}): Standing => ({
  memberSince: '2026-01-01T00:00:00.000Z',
  verified: true,
  ...NO_STANDING_FIGURES,
  ...over,
});

/** A mall product: the demo's PVC figure, on sale. */
export const testProduct = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 'prd_1',
  type: 1,
  name: '祥瑞麒麟 PVC 公仔',
  description: '高 18 厘米。',
  image: '/media/products/prd_1-1.svg',
  images: ['/media/products/prd_1-1.svg'],
  stock: 60,
  sold: 12,
  priceCents: 39900,
  perUserLimit: 2,
  hot: false,
  left: 48,
  saleStartsAt: null,
  saleEndsAt: null,
  saleState: 'on_sale',
  priorityStartsAt: null,
  rights: [],
  marketPrice: { price: 41000, sample: 3, thin: true },
  ...over,
});

/** `market/detail` of a card asked for by card info: no listing, no sales, no other listings. */
export const testMarketDetail = (over: Partial<MarketDetail> = {}): MarketDetail => ({
  listing: null,
  item: {
    kind: 'card',
    id: 'ci_1',
    name: '維港幻彩',
    image: '/c.svg',
    description: '',
    rarity: 'SSR',
    themeId: 'thm_1',
    editionSize: 300,
  },
  floorPrice: 25000,
  highestBid: null,
  lastSale: null,
  marketPrice: { price: 24000, sample: 6, thin: false },
  sales: [],
  listings: [],
  ...over,
});

/** `cardInfo/priceHistory` of a card with two days of sales and one wash trade left out. */
export const testPriceHistory = (over: Partial<PriceHistory> = {}): PriceHistory => ({
  range: '30d',
  marketPrice: { price: 24000, sample: 3, thin: true },
  startPrice: 22000,
  change: 2000,
  changePct: 9.1,
  points: [
    { day: '2026-11-19', median: 22000, low: 22000, high: 22000, count: 1 },
    { day: '2026-11-20', median: 24000, low: 23000, high: 25000, count: 2 },
  ],
  sales: [
    { price: 90000, at: '2026-11-20T06:00:00.000Z', excluded: true, reason: 'shared_payout' },
    { price: 25000, at: '2026-11-20T05:00:00.000Z', excluded: false, reason: null },
    { price: 23000, at: '2026-11-20T04:00:00.000Z', excluded: false, reason: null },
    { price: 22000, at: '2026-11-19T04:00:00.000Z', excluded: false, reason: null },
  ],
  ...over,
});

/** An open offer on `testListing()`'s card, seen by its seller, whose turn it is to answer the buyer's HK$200. */
export const testOffer = (over: Partial<OfferDetail> = {}): OfferDetail => ({
  id: 'ofr_1',
  role: 'seller',
  kind: 'card',
  itemId: 'card_1',
  cardInfoId: 'ci_1',
  productId: null,
  listingId: 'lst_1',
  itemName: '維港幻彩',
  itemImage: '/c.svg',
  serial: 12,
  editionSize: 300,
  status: 'open',
  closeReason: null,
  price: 20000,
  turn: 'seller',
  myTurn: true,
  rounds: 1,
  maxRounds: 5,
  expiresAt: '2026-11-29T04:00:00.000Z',
  createdAt: '2026-11-26T04:00:00.000Z',
  closedAt: null,
  thread: [{ n: 1, by: 'buyer', price: 20000, createdAt: '2026-11-26T04:00:00.000Z' }],
  marketPrice: 24000,
  ...over,
});

/** A pack series on sale (issue 25): 30 units, 3 a pack, 2 packs drawn, a guarantee of SR in every 5. */
export const testPack = (over: Partial<PackSeriesDetail> = {}): PackSeriesDetail => ({
  id: 'pk_1',
  name: '星夜卡包',
  description: '每包 3 張。',
  cover: '/media/packs/pk_1.svg',
  priceCents: 3000,
  cardsPerPack: 3,
  perUserLimit: 5,
  packsTotal: 10,
  packsLeft: 8,
  saleStartsAt: '2026-01-01T00:00:00.000Z',
  saleEndsAt: null,
  saleState: 'on_sale',
  hot: true,
  guarantee: { minRarity: 'SR', every: 5 },
  commitment: 'a'.repeat(64),
  pool: [
    {
      cardInfoId: 'ci_n',
      name: '小火龍',
      image: '/n.svg',
      rarity: 'N',
      count: 24,
      remaining: 20,
      probability: 20 / 25,
    },
    { cardInfoId: 'ci_sr', name: '雷鳥', image: '/sr.svg', rarity: 'SR', count: 6, remaining: 5, probability: 5 / 25 },
  ],
  rarityOdds: [
    { rarity: 'N', count: 24, remaining: 20, probability: 0.8 },
    { rarity: 'SR', count: 6, remaining: 5, probability: 0.2 },
  ],
  unitsTotal: 30,
  unitsRemaining: 25,
  packsDrawn: 2,
  serverSeed: null,
  revealedAt: null,
  closedAt: null,
  ...over,
});

/** A paid pay order of one mall card at HK$188 (sandbox). */
export const testPayOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  orderNo: 'TR2611221234ABCD',
  type: 'card',
  status: 'paid',
  itemId: 'ci_1',
  itemName: '維港幻彩',
  itemImage: '/c.svg',
  quantity: 1,
  unitPrice: 18800,
  listAmount: 18800,
  discount: 0,
  perk: null,
  amount: 18800,
  currency: 'HKD',
  provider: 'sandbox',
  paymentMethod: '模擬付款',
  payUrl: null,
  expiresAt: '2026-11-20T04:15:00.000Z',
  paidAt: '2026-11-20T04:01:00.000Z',
  createdAt: '2026-11-20T04:00:00.000Z',
  note: null,
  cards: [],
  goods: [],
  ...over,
});

/** `card/exchangeBCard`'s answer for theme thm_a: its B card 星之王 #0007/10. */
export const testBCardExchange: ExchangeBCardResult = {
  themeId: 'thm_a',
  bCard: {
    id: 'card_b',
    cardInfoId: 'ci_b',
    name: '星之王',
    image: '/b.svg',
    rarity: 'UR',
    serial: 7,
    editionSize: 10,
    serialLabel: '#0007/10',
  },
  consumed: [],
};

/** A watched card info, 祥瑞麒麟, priced by its market price: up HK$5 since it was added. */
export const testWatchItem = (over: Partial<WatchItem> = {}): WatchItem => ({
  kind: 'cardInfo',
  id: 'ci_1',
  name: '祥瑞麒麟',
  image: null,
  addedAt: '2026-11-20T04:00:00.000Z',
  listing: null,
  lowestAsk: 2_000,
  highestBid: 1_500,
  marketPrice: 2_500,
  basis: 'market',
  priceAtAdd: 2_000,
  priceNow: 2_500,
  change: 500,
  ...over,
});

/** A shipment of one goods (收藏卡盒) to 陳大文 in 觀塘, shipped by 順豐速運 and not yet delivered. */
export const testShipment = (over: Partial<Shipment> = {}): Shipment => ({
  id: 'shp_1',
  shipmentNo: 'SH261122ABCDEFGH',
  status: 'shipped',
  address: { recipient: '陳大文', phone: '+85291234567', region: '九龍', district: '觀塘區', detail: '觀塘道 1 號' },
  items: [{ goodsId: 'gds_1', productId: 'prd_1', name: '收藏卡盒', image: '/p.svg' }],
  carrier: '順豐速運',
  trackingNumber: 'SF1234567890',
  createdAt: '2026-11-22T01:00:00.000Z',
  updatedAt: '2026-11-22T03:00:00.000Z',
  events: [
    { kind: 'created', note: '', at: '2026-11-22T01:00:00.000Z' },
    { kind: 'packed', note: '', at: '2026-11-22T02:00:00.000Z' },
    { kind: 'shipped', note: '順豐速運 運單號碼 SF1234567890', at: '2026-11-22T03:05:00.000Z' },
  ],
  ...over,
});
