import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CardInfo } from '../../../shared/schemas/catalogue';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { testListing, testMarketDetail, testPayOrder, testProduct } from '../../testing/fixtures';
import { screenSuite, type Route } from '../../testing/screen-test';
import InfoScreen from './info-screen';
import OrderListScreen from './order-list-screen';
import PayScreen from './pay-screen';

const card: CardInfo = {
  id: 'ci_1',
  name: '維港幻彩',
  description: '',
  image: '/c.svg',
  rarity: 'SSR',
  theme: { id: 't', name: '港島夜景' },
  editionSize: 300,
  minted: 0,
  isBCard: false,
  priceCents: 18800,
  perUserLimit: 2,
  hot: false,
  left: 174,
  saleStartsAt: null,
  saleEndsAt: null,
  saleState: 'on_sale',
  priorityStartsAt: null,
  rights: [],
};
const order = (over: Partial<PayOrder> = {}): PayOrder =>
  testPayOrder({
    status: 'pending',
    quantity: 2,
    listAmount: 37600,
    amount: 37600,
    payUrl: 'http://localhost/pay/sandbox/TR2611221234ABCD',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    paidAt: null,
    createdAt: new Date().toISOString(),
    ...over,
  });

let assign: Mock<(url: string) => void>;

const suite = screenSuite(
  [
    { path: '/mall/pay', element: <PayScreen /> },
    { path: '/mall/goodsPay', element: <PayScreen /> },
    { path: '/mall/info', element: <InfoScreen /> },
    { path: '/my/collection/order', element: <OrderListScreen /> },
  ],
  { lists: true },
);
const { renderAt } = suite;
const calls = (path: string) =>
  suite.fetchMock.mock.calls.filter(([u]) => new URL(u, 'http://x').pathname === `/api/${path}`);

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.useRealTimers());

describe('/mall/pay', () => {
  it('creates the order with a fresh Idempotency-Key per attempt and opens payUrl', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/cardInfo/detail') return { code: 200, data: card };
      if (u.pathname === '/api/payOrder/methods')
        return { code: 200, data: [{ provider: 'sandbox', label: '模擬付款' }] };
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/payOrder/create') return { code: 200, data: order() };
      return { code: 404, data: null };
    };
    renderAt('/mall/pay?id=ci_1');
    expect(await screen.findByText('維港幻彩')).toBeTruthy();
    expect(screen.getByText('模擬付款')).toBeTruthy();
    expect(screen.getByText('每人限購 2 張，尚餘 174 張')).toBeTruthy();
    expect(screen.getByText('HK$188.00', { selector: 'strong' })).toBeTruthy();
    // The quantity box is named (antd-mobile's Stepper names only its outer box).
    expect((screen.getByRole('spinbutton', { name: '購買數量' }) as HTMLInputElement).value).toBe('1');
    // Outside the app's ConfigProvider antd-mobile speaks its default zh-CN: 增加 either way.
    fireEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(await screen.findByText('HK$376.00', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確認付款' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(order().payUrl));
    const [, init] = calls('payOrder/create')[0]!;
    expect(JSON.parse(init.body as string)).toEqual({ type: 'card', cardInfoId: 'ci_1', quantity: 2 });
    const key = (init.headers as Record<string, string>)['Idempotency-Key'];
    expect(key).toMatch(/^web-[0-9a-f-]{36}$/);
    // The pending order now shows the countdown and the cancel button.
    expect(await screen.findByText('你有一張待付款訂單')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消訂單' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/1[45]:\d\d/);
  });

  it('shows an existing pending order instead of the form', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/cardInfo/detail') return { code: 200, data: card };
      if (u.pathname === '/api/payOrder/methods')
        return { code: 200, data: [{ provider: 'sandbox', label: '模擬付款' }] };
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [order()] };
      return { code: 404, data: null };
    };
    renderAt('/mall/pay?id=ci_1');
    expect(await screen.findByText('你有一張待付款訂單')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '確認付款' })).toBeNull();
    const list = calls('payOrder/list')[0]![0];
    expect(new URL(list, 'http://x').searchParams.get('status')).toBe('pending');
  });
});

describe('/mall/goodsPay with a perk', () => {
  const figure = testProduct({ id: 'prd_qilin_figure' });
  const perk = { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', saving: 7980 };
  /** The figure's pay screen, no pending order, `preview` its perk/preview. */
  const goodsPay =
    (preview: unknown): Route =>
    (u) => {
      if (u.pathname === '/api/product/detail') return { code: 200, data: figure };
      if (u.pathname === '/api/payOrder/methods')
        return { code: 200, data: [{ provider: 'sandbox', label: '模擬付款' }] };
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/perk/preview') return { code: 200, data: preview };
      return { code: 404, data: null };
    };

  it('shows 原價, 持卡優惠 and 應付 before paying, and on the pending order', async () => {
    const discounted = order({
      type: 'product',
      itemId: figure.id,
      itemName: figure.name,
      quantity: 1,
      unitPrice: 39900,
      listAmount: 39900,
      discount: 7980,
      perk,
      amount: 31920,
    });
    suite.routes = (u) => {
      if (u.pathname === '/api/product/detail') return { code: 200, data: figure };
      if (u.pathname === '/api/payOrder/methods')
        return { code: 200, data: [{ provider: 'sandbox', label: '模擬付款' }] };
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/perk/preview') return { code: 200, data: { listAmount: 39900, perk, amount: 31920 } };
      if (u.pathname === '/api/payOrder/create') return { code: 200, data: discounted };
      return { code: 404, data: null };
    };
    renderAt('/mall/goodsPay?id=prd_qilin_figure');
    expect(await screen.findByText('持卡優惠')).toBeTruthy();
    expect(screen.getByText('原價')).toBeTruthy();
    expect(screen.getAllByText('HK$399.00')).toHaveLength(2); // 單價 and 原價
    expect(screen.getByText('−HK$79.80')).toBeTruthy();
    expect(screen.getByText('商城 8 折（每月一次）・祥瑞麒麟')).toBeTruthy();
    expect(screen.getByText('HK$319.20', { selector: 'strong' })).toBeTruthy();
    const preview = new URL(calls('perk/preview')[0]![0], 'http://x').searchParams;
    expect(Object.fromEntries(preview)).toEqual({ type: 'product', id: 'prd_qilin_figure', quantity: '1' });
    fireEvent.click(screen.getByRole('button', { name: '確認付款' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(discounted.payUrl));
    expect(await screen.findByText('你有一張待付款訂單')).toBeTruthy();
    expect(screen.getByRole('region', { name: '價錢明細' }).textContent).toContain('−HK$79.80');
  });

  it('shows 合共 without a perk', async () => {
    suite.routes = goodsPay({ listAmount: 39900, perk: null, used: null, amount: 39900 });
    renderAt('/mall/goodsPay?id=prd_qilin_figure');
    expect(await screen.findByText('合共（港幣）')).toBeTruthy();
    await waitFor(() => expect(calls('perk/preview')).toHaveLength(1));
    expect(screen.queryByText('持卡優惠')).toBeNull();
  });

  it('names a perk used up this month (「本月已使用」) beside a full-price 合共', async () => {
    const used = { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', period: 'month' };
    suite.routes = goodsPay({ listAmount: 39900, perk: null, used, amount: 39900 });
    renderAt('/mall/goodsPay?id=prd_qilin_figure');
    expect(await screen.findByText('本月已使用')).toBeTruthy();
    expect(screen.getByText('持卡優惠')).toBeTruthy();
    expect(screen.getByText('商城 8 折（每月一次）・祥瑞麒麟')).toBeTruthy();
    expect(screen.getByText('合共（港幣）')).toBeTruthy();
    expect(screen.getByText('HK$399.00', { selector: 'strong' })).toBeTruthy();
  });
});

/** The pay methods of a signed-in buyer with a wallet. */
const WITH_BALANCE = [
  { provider: 'sandbox', label: '模擬付款' },
  { provider: 'balance', label: '錢包餘額' },
];

describe('/mall/pay for the market', () => {
  const marketDetail = testMarketDetail({
    listing: testListing({
      price: 12000,
      fee: 600,
      proceeds: 11400,
      themeId: 't',
      expiresAt: '2026-12-20T00:00:00.000Z',
      createdAt: '2026-11-20T00:00:00.000Z',
    }),
    floorPrice: 12000,
  });
  it('buys a sell listing with the wallet balance: one market order, paid at once, then the order status', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: marketDetail };
      if (u.pathname === '/api/payOrder/methods') return { code: 200, data: WITH_BALANCE };
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/payOrder/create')
        return { code: 200, data: order({ type: 'market', itemId: 'lst_1', quantity: 1, amount: 12000 }) };
      if (u.pathname === '/api/payOrder/payWithBalance')
        return {
          code: 200,
          data: order({ type: 'market', status: 'paid', itemId: 'lst_1', quantity: 1, amount: 12000 }),
        };
      if (u.pathname === '/api/payOrder/payCheck')
        return {
          code: 200,
          data: order({ type: 'market', status: 'paid', itemId: 'lst_1', quantity: 1, amount: 12000 }),
        };
      return { code: 404, data: null };
    };
    renderAt('/mall/pay?listingId=lst_1');
    expect(await screen.findByText('市場掛單・賣家 賣家阿明・#0012/300')).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: '購買數量' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '錢包餘額' }));
    fireEvent.click(screen.getByRole('button', { name: '確認付款' }));
    expect(await screen.findByText('付款成功')).toBeTruthy();
    expect(JSON.parse(calls('payOrder/create')[0]![1].body as string)).toEqual({ type: 'market', listingId: 'lst_1' });
    expect(JSON.parse(calls('payOrder/payWithBalance')[0]![1].body as string)).toEqual({ orderNo: 'TR2611221234ABCD' });
    expect(assign).not.toHaveBeenCalled();
  });

  it("pays a buy listing's bid order from ?orderNo= on the sandbox checkout", async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/info')
        return { code: 200, data: order({ type: 'bid', itemId: 'bid_1', quantity: 1, amount: 5000 }) };
      if (u.pathname === '/api/payOrder/methods') return { code: 200, data: WITH_BALANCE };
      return { code: 404, data: null };
    };
    renderAt('/mall/pay?orderNo=TR2611221234ABCD');
    expect(await screen.findByText('求購預付款，由平台託管至成交')).toBeTruthy();
    expect(screen.getByRole('button', { name: '用錢包餘額付款' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即付款' }));
    expect(assign).toHaveBeenCalledWith(order().payUrl);
  });
});

describe('/mall/goodsPay', () => {
  it('is the same pay screen for a product: loads product/detail and orders type product', async () => {
    const product = {
      ...card,
      id: 'prd_1',
      name: '卡套',
      type: 1,
      images: ['/p.svg'],
      stock: 10,
      sold: 0,
      description: '',
    };
    suite.routes = (u) => {
      if (u.pathname === '/api/product/detail') return { code: 200, data: product };
      if (u.pathname === '/api/payOrder/methods')
        return { code: 200, data: [{ provider: 'sandbox', label: '模擬付款' }] };
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/payOrder/create')
        return { code: 200, data: order({ type: 'product', itemId: 'prd_1', quantity: 1 }) };
      return { code: 404, data: null };
    };
    renderAt('/mall/goodsPay?id=prd_1');
    expect(await screen.findByText('實物商品')).toBeTruthy();
    expect(screen.getByText('每人限購 2 件，尚餘 174 件')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確認付款' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(JSON.parse(calls('payOrder/create')[0]![1].body as string)).toEqual({
      type: 'product',
      productId: 'prd_1',
      quantity: 1,
    });
    expect(new URL(calls('payOrder/list')[0]![0], 'http://x').searchParams.get('type')).toBe('product');
  });
});

describe('/mall/info', () => {
  it('polls payCheck every 2 s without the loading indicator until paid, then shows the serials', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    suite.routes = (u) => {
      if (u.pathname !== '/api/payOrder/payCheck') return { code: 404, data: null };
      n += 1;
      return {
        code: 200,
        data:
          n < 3
            ? order()
            : order({
                status: 'paid',
                payUrl: null,
                cards: [
                  {
                    id: 'card_1',
                    name: '維港幻彩',
                    image: '/c.svg',
                    rarity: 'SSR',
                    serial: 12,
                    editionSize: 300,
                    serialText: '#0012/300',
                  },
                ],
              }),
      };
    };
    renderAt('/mall/info?orderNo=TR2611221234ABCD');
    expect(await screen.findByText('等待付款結果')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(await screen.findByText('付款成功')).toBeTruthy();
    expect(screen.getByText('#0012/300')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(calls('payOrder/payCheck')).toHaveLength(3);
    // No loading toast for polling.
    expect(
      vi.mocked(Toast.show).mock.calls.some((args: unknown[]) => (args[0] as { icon?: string }).icon === 'loading'),
    ).toBe(false);
  });

  it('says an expired order expired and offers to buy again', async () => {
    suite.routes = () => ({ code: 200, data: order({ status: 'expired', payUrl: null }) });
    renderAt('/mall/info?orderNo=TR2611221234ABCD');
    expect(await screen.findByText('訂單已逾期')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再次購買' })).toBeTruthy();
  });
});

describe('/my/collection/order', () => {
  it('lists card orders; a pending one has 立即付款 that opens payUrl', async () => {
    suite.routes = (u) => ({
      code: 200,
      data:
        u.searchParams.get('page') === '1'
          ? [
              order(),
              order({
                orderNo: 'TR2611220000PAID',
                status: 'paid',
                payUrl: null,
                cards: [
                  {
                    id: 'c',
                    name: '維港幻彩',
                    image: '',
                    rarity: 'SSR',
                    serial: 1,
                    editionSize: 300,
                    serialText: '#0001/300',
                  },
                ],
              }),
            ]
          : [],
    });
    renderAt('/my/collection/order');
    fireEvent.click(await screen.findByRole('button', { name: '立即付款' }));
    expect(assign).toHaveBeenCalledWith(order().payUrl);
    expect(screen.getByText('#0001/300')).toBeTruthy();
    expect(screen.getByText('已付款')).toBeTruthy();
    expect(new URL(calls('payOrder/list')[0]![0], 'http://x').searchParams.get('type')).toBe('card');
  });
});
