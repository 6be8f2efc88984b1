import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Wallet } from '../../../shared/schemas/wallet';
import {
  mockRoutes,
  renderAt,
  requestsTo,
  resetScreenTest,
  showInfiniteScroll,
  type FetchMock,
  type Route,
} from '../../testing/screen-test';
import PaymentScreen from './payment-screen';

let routes: Route;
let fetchMock: FetchMock;
const account = {
  method: 'fps',
  accountName: '陳大文',
  accountNoMasked: '****6789',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as const;
const wallet = (over: Partial<Wallet> = {}): Wallet => ({
  balance: 23750,
  escrow: 18000,
  pendingWithdrawal: 0,
  currency: 'HKD',
  payoutAccount: account,
  verified: true,
  ...over,
});
const bodyOf = (path: string) => JSON.parse(fetchMock.mock.calls.find(([u]) => u.includes(path))![1].body as string);

beforeAll(showInfiniteScroll);
beforeEach(() => {
  fetchMock = mockRoutes(() => routes);
});
afterEach(resetScreenTest);

const show = () => renderAt([{ path: '/my/payment', element: <PaymentScreen /> }], '/my/payment');

describe('/my/payment', () => {
  it('shows balance, escrow, the masked account and the ledger history', async () => {
    routes = (u) => {
      if (u.pathname === '/api/payment/info') return { code: 200, data: wallet() };
      if (u.pathname === '/api/payment/history')
        return {
          code: 200,
          data: [
            {
              id: 'le_1',
              kind: 'sale',
              amount: 25000,
              refId: null,
              description: '出售所得：維港幻彩 #0012/300',
              createdAt: '2026-11-22T04:00:00.000Z',
            },
            {
              id: 'le_2',
              kind: 'fee',
              amount: -1250,
              refId: null,
              description: '市場手續費',
              createdAt: '2026-11-22T04:00:00.000Z',
            },
          ],
        };
      return undefined;
    };
    show();
    expect(await screen.findByText('HK$237.50')).toBeTruthy();
    expect(screen.getByText('HK$180.00')).toBeTruthy();
    expect(screen.getByText('轉數快 FPS・陳大文・****6789')).toBeTruthy();
    expect(await screen.findByText('出售所得：維港幻彩 #0012/300')).toBeTruthy();
    expect(screen.getByText('+HK$250.00')).toBeTruthy();
    expect(screen.getByText('-HK$12.50')).toBeTruthy();
  });

  it('saves a payout account with the SMS code sent to the own phone', async () => {
    let saved = false;
    routes = (u) => {
      if (u.pathname === '/api/payment/info')
        return { code: 200, data: wallet({ payoutAccount: saved ? account : null, balance: 0 }) };
      if (u.pathname === '/api/payment/history') return { code: 200, data: [] };
      if (u.pathname === '/api/sms/authSend') return { code: 200, data: { resendAfterSeconds: 60 } };
      if (u.pathname === '/api/payment/update') {
        saved = true;
        return { code: 200, data: account };
      }
      return undefined;
    };
    show();
    expect(await screen.findByText('未設定收款帳戶。設定後可出售物品及提現。')).toBeTruthy();
    expect(await screen.findByText('未有收支紀錄')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('帳戶名稱'), { target: { value: '陳大文' } });
    fireEvent.change(screen.getByLabelText('帳戶號碼'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '獲取驗證碼' }));
    await waitFor(() => expect(bodyOf('sms/authSend')).toEqual({ purpose: 'payment' }));
    fireEvent.change(screen.getByLabelText('短訊驗證碼（發送到你的手機）'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '儲存收款帳戶' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/FPS/);
    fireEvent.change(screen.getByLabelText('帳戶號碼'), { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: '儲存收款帳戶' }));
    await waitFor(() =>
      expect(bodyOf('payment/update')).toEqual({
        method: 'fps',
        accountName: '陳大文',
        accountNo: '1234567',
        code: '123456',
      }),
    );
    expect(await screen.findByText('轉數快 FPS・陳大文・****6789')).toBeTruthy();
  });

  it('goes back to the screen that asked for a payout account (?return=) once it is saved, and never off the site', async () => {
    let saved = false;
    routes = (u) => {
      if (u.pathname === '/api/payment/info')
        return { code: 200, data: wallet({ payoutAccount: saved ? account : null, balance: 0 }) };
      if (u.pathname === '/api/payment/history') return { code: 200, data: [] };
      if (u.pathname === '/api/payment/update') {
        saved = true;
        return { code: 200, data: account };
      }
      return undefined;
    };
    const save = async (path: string) => {
      saved = false;
      const router = renderAt(
        [
          { path: '/my/payment', element: <PaymentScreen /> },
          { path: '/market/detail', element: <p>掛單頁</p> },
        ],
        path,
      );
      fireEvent.change(await screen.findByLabelText('帳戶名稱'), { target: { value: '陳大文' } });
      fireEvent.change(screen.getByLabelText('帳戶號碼'), { target: { value: '1234567' } });
      fireEvent.change(screen.getByLabelText('短訊驗證碼（發送到你的手機）'), { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: '儲存收款帳戶' }));
      return router;
    };
    const router = await save(`/my/payment?return=${encodeURIComponent('/market/detail?id=bid_1')}`);
    expect(screen.getByText('未設定收款帳戶。設定後可出售物品及提現，儲存後會返回剛才的頁面。')).toBeTruthy();
    expect(await screen.findByText('掛單頁')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/market/detail?id=bid_1');
    resetScreenTest();
    fetchMock = mockRoutes(() => routes);
    const away = await save(`/my/payment?return=${encodeURIComponent('//evil.example/x')}`);
    expect(await screen.findByText('轉數快 FPS・陳大文・****6789')).toBeTruthy();
    expect(away.state.location.pathname).toBe('/my/payment');
  });

  it('withdraws at least HK$100 and no more than the balance, after the SMS re-check', async () => {
    routes = (u) => {
      if (u.pathname === '/api/payment/info') return { code: 200, data: wallet() };
      if (u.pathname === '/api/payment/history') return { code: 200, data: [] };
      if (u.pathname === '/api/payment/withdraw')
        return {
          code: 200,
          data: {
            id: 'wd_1',
            amount: 15000,
            status: 'pending',
            method: 'fps',
            accountName: '陳大文',
            accountNoMasked: '****6789',
            reference: null,
            reason: null,
            createdAt: '2026-11-22T04:00:00.000Z',
            decidedAt: null,
          },
        };
      return undefined;
    };
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    show();
    const amount = await screen.findByLabelText('提現金額（港幣，最少 HK$100.00）');
    fireEvent.change(screen.getByLabelText('短訊驗證碼（發送到你的手機）'), { target: { value: '654321' } });
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: '申請提現' }));
    expect((await screen.findByRole('alert')).textContent).toBe('最低提現金額為 HK$100.00');
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: '申請提現' }));
    expect((await screen.findByRole('alert')).textContent).toBe('提現金額不可多於可用餘額 HK$237.50');
    fireEvent.change(amount, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: '申請提現' }));
    await waitFor(() => expect(bodyOf('payment/withdraw')).toEqual({ amount: 15000, code: '654321' }));
    expect(requestsTo(fetchMock, 'payment/info').length).toBeGreaterThan(1);
  });
});
