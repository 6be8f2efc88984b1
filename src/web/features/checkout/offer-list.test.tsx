import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { testOffer } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import OrderListScreen from './order-list-screen';

const offer = testOffer;

const suite = screenSuite(
  [
    { path: '/my/collection/order', element: <OrderListScreen /> },
    { path: '/mall/pay', element: <p>付款頁</p> },
  ],
  { lists: true },
);
const { renderAt } = suite;
const bodyOf = (path: string) =>
  JSON.parse(
    suite.fetchMock.mock.calls.filter(([u]) => u.startsWith(`/api/${path}`)).at(-1)![1].body as string,
  ) as unknown;

describe('出價 tab of /my/collection/order', () => {
  it('lists made and received offers with whose turn it is; the owner counters in the thread', async () => {
    let current = offer();
    suite.routes = (u, init) => {
      if (u.pathname === '/api/offer/list') {
        const made = u.searchParams.get('role') === 'made';
        return {
          code: 200,
          data: made ? [offer({ id: 'ofr_2', role: 'buyer', myTurn: false, price: 15000 })] : [current],
        };
      }
      if (u.pathname === '/api/offer/detail') return { code: 200, data: current };
      if (u.pathname === '/api/offer/counter') {
        const { price } = JSON.parse(init.body as string) as { price: number };
        current = offer({
          price,
          turn: 'buyer',
          myTurn: false,
          rounds: 2,
          thread: [...current.thread, { n: 2, by: 'seller', price, createdAt: '2026-11-26T05:00:00.000Z' }],
        });
        return { code: 200, msg: '已還價', data: current };
      }
      return undefined;
    };
    const router = renderAt('/my/collection/order?tab=offer');
    const made = await screen.findByRole('list', { name: '我出的價' });
    expect(within(made).getByText('等待賣家回覆')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '收到的出價' }));
    const received = await screen.findByRole('list', { name: '收到的出價' });
    expect(within(received).getByText('輪到你回覆')).toBeTruthy();
    fireEvent.click(within(received).getByRole('link', { name: '查看出價：維港幻彩 HK$200.00' }));
    await waitFor(() => expect(router.state.location.search).toContain('id=ofr_1'));
    const sheet = await screen.findByRole('dialog', { name: '收到的出價：維港幻彩' });
    expect(within(sheet).getByRole('button', { name: '接受 HK$200.00' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '拒絕' })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: '取消出價' })).toBeNull();
    const counter = within(sheet).getByLabelText('還價（HK$）');
    fireEvent.change(counter, { target: { value: '12a' } });
    expect(within(sheet).getByRole('alert').textContent).toBe('請輸入金額，例如 120 或 88.50');
    expect((within(sheet).getByRole('button', { name: '送出還價' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(counter, { target: { value: '230' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '送出還價' }));
    });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'offer/counter')).toHaveLength(1));
    expect(bodyOf('offer/counter')).toEqual({ id: 'ofr_1', price: 23000 });
    expect(await within(sheet).findByText(/你還價 HK\$230\.00/)).toBeTruthy();
    expect(within(sheet).getByText(/等待買家回覆/)).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /^接受/ })).toBeNull();
  });

  it('opens the thread from a notification link; the buyer accepts a counter at the price shown, or may cancel', async () => {
    let current = offer({
      role: 'buyer',
      turn: 'buyer',
      price: 23000,
      rounds: 2,
      thread: [
        { n: 1, by: 'buyer', price: 20000, createdAt: '2026-11-26T04:00:00.000Z' },
        { n: 2, by: 'seller', price: 23000, createdAt: '2026-11-26T05:00:00.000Z' },
      ],
    });
    suite.routes = (u) => {
      if (u.pathname === '/api/offer/list') return { code: 200, data: [current] };
      if (u.pathname === '/api/offer/detail') return { code: 200, data: current };
      if (u.pathname === '/api/offer/accept') {
        current = { ...current, status: 'accepted', myTurn: false, closedAt: '2026-11-26T06:00:00.000Z' };
        return { code: 200, msg: '已成交', data: current };
      }
      return undefined;
    };
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    renderAt('/my/collection/order?tab=offer&id=ofr_1');
    const sheet = await screen.findByRole('dialog', { name: '我的出價：維港幻彩' });
    expect(within(sheet).getByRole('list', { name: '出價記錄' }).textContent).toContain('賣家還價 HK$230.00');
    expect(within(sheet).getByRole('button', { name: '取消出價' })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: '拒絕' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '接受 HK$230.00' }));
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'offer/accept')).toHaveLength(1));
    expect(bodyOf('offer/accept')).toEqual({ id: 'ofr_1', price: 23000 });
    expect(await within(sheet).findByText(/^已成交/)).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: '取消出價' })).toBeNull();
    confirm.mockRestore();
  });

  it('a buyer short of the difference is taken to pay the top-up order, which settles the accept', async () => {
    const current = offer({ role: 'buyer', turn: 'buyer', price: 23000, rounds: 2 });
    suite.routes = (u) => {
      if (u.pathname === '/api/offer/list') return { code: 200, data: [current] };
      if (u.pathname === '/api/offer/detail') return { code: 200, data: current };
      if (u.pathname === '/api/offer/accept')
        return { code: 200, data: { ...current, orderNo: 'TR2611270000TOPU', payUrl: null } };
      return undefined;
    };
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    const router = renderAt('/my/collection/order?tab=offer&id=ofr_1');
    const sheet = await screen.findByRole('dialog', { name: '我的出價：維港幻彩' });
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '接受 HK$230.00' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/pay'));
    expect(router.state.location.search).toBe('?orderNo=TR2611270000TOPU');
    confirm.mockRestore();
  });

  it('a link to a received offer opens its thread over 收到的出價', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/offer/list')
        return { code: 200, data: u.searchParams.get('role') === 'received' ? [offer()] : [] };
      if (u.pathname === '/api/offer/detail') return { code: 200, data: offer() };
      return undefined;
    };
    renderAt('/my/collection/order?tab=offer&id=ofr_1');
    expect(await screen.findByRole('dialog', { name: '收到的出價：維港幻彩' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: '收到的出價' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '收到的出價' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('an accepted offer: its thread ends with the acceptance, its price and time, and its row says 已成交 once', async () => {
    const accepted = offer({
      role: 'buyer',
      status: 'accepted',
      myTurn: false,
      price: 22000,
      rounds: 2,
      closedAt: '2026-11-26T07:00:00.000Z',
      thread: [
        { n: 1, by: 'buyer', price: 19000, createdAt: '2026-11-26T04:00:00.000Z' },
        { n: 2, by: 'seller', price: 22000, createdAt: '2026-11-26T05:00:00.000Z' },
      ],
    });
    suite.routes = (u) => {
      if (u.pathname === '/api/offer/list') return { code: 200, data: [accepted] };
      if (u.pathname === '/api/offer/detail') return { code: 200, data: accepted };
      return undefined;
    };
    renderAt('/my/collection/order?tab=offer&id=ofr_1');
    const sheet = await screen.findByRole('dialog', { name: '我的出價：維港幻彩' });
    const steps = within(within(sheet).getByRole('list', { name: '出價記錄' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      '你出價 HK$190.00・2026年11月26日 12:00',
      '賣家還價 HK$220.00・2026年11月26日 13:00',
      '你已接受 HK$220.00・2026年11月26日 15:00',
    ]);
    expect(within(sheet).getByText(/^已成交・成交價 HK\$220\.00/)).toBeTruthy();
    const row = (await screen.findByRole('list', { name: '我出的價' })).querySelector('.offer-row-meta')!;
    expect(row.textContent).toBe('已成交');
  });

  it('tells an owner without a payout account before 接受, with a way to set one up that comes back here', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/offer/list') return { code: 200, data: [offer()] };
      if (u.pathname === '/api/offer/detail') return { code: 200, data: offer() };
      if (u.pathname === '/api/payment/info')
        return {
          code: 200,
          data: { balance: 0, escrow: 0, pendingWithdrawal: 0, currency: 'HKD', payoutAccount: null, verified: true },
        };
      return undefined;
    };
    renderAt('/my/collection/order?tab=offer&role=received&id=ofr_1');
    const sheet = await screen.findByRole('dialog', { name: '收到的出價：維港幻彩' });
    const note = await within(sheet).findByRole('note');
    expect(note.textContent).toContain('接受出價前，請先設定收款帳戶');
    expect(within(note).getByRole('link', { name: '設定收款帳戶' }).getAttribute('href')).toBe(
      `/my/payment?return=${encodeURIComponent('/my/collection/order?tab=offer&role=received&id=ofr_1')}`,
    );
    expect(within(sheet).queryByRole('button', { name: /^接受/ })).toBeNull();
    expect(within(sheet).getByRole('button', { name: '拒絕' })).toBeTruthy();
  });
});
