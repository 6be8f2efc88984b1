import type { User } from '../../shared/schemas/auth';
import type { Listing } from '../../shared/schemas/market';

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

/** A market listing: a sell listing of a card, open, by another user. */
export const testListing = (over: Partial<Listing> = {}): Listing => ({
  id: 'lst_1',
  sell_type: 0,
  status: 'active',
  price: 25000,
  quantity: 1,
  filled: 0,
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
