import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { testBCardExchange, testPayOrder } from '../../testing/fixtures';
import { screenSuite } from '../../testing/screen-test';
import InfoScreen from './info-screen';

/** A paid `set` order (一鍵補齊, decision 042): its item is the theme completed. */
const paidSet = testPayOrder({
  orderNo: 'TR2611261234ABCD',
  type: 'set',
  itemId: 'thm_a',
  itemName: '一鍵補齊：星空系列（2 張）',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  paidAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  cards: [
    { id: 'card_3', name: '雷鳥', image: '/3.svg', rarity: 'UR', serial: 2, editionSize: 5, serialText: '#0002/5' },
  ],
});

const suite = screenSuite([
  { path: '/mall/info', element: <InfoScreen /> },
  { path: '/my/theme', element: <p>我的卡冊</p> },
]);
const { renderAt } = suite;

describe('/mall/info for a paid set order', () => {
  it('offers 兌換 B 卡 at once, exchanges the theme after a confirmation, and opens the exchanged themes', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/payCheck') return { code: 200, data: paidSet };
      if (u.pathname === '/api/card/exchangeBCard') return { code: 200, data: testBCardExchange };
      return { code: 404, data: null };
    };
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    renderAt('/mall/info?orderNo=TR2611261234ABCD');
    expect(await screen.findByText('卡牌已加入「我的收藏」；卡冊集齊後即可兌換 B 卡。')).toBeTruthy();
    const button = screen.getByRole('button', { name: '兌換 B 卡' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(screen.getByText('我的卡冊')).toBeTruthy());
    const call = suite.fetchMock.mock.calls.find(([url]) => url === '/api/card/exchangeBCard')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ themeId: 'thm_a' });
  });
});
