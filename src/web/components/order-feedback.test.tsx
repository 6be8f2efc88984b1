import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feedback, MyFeedback } from '../../shared/schemas/standing';
import { requestsTo, screenSuite, type Route } from '../testing/screen-test';
import { OrderFeedback } from './order-feedback';

const left = (over: Partial<Feedback> = {}): Feedback => ({
  id: 'fb_1',
  rating: 'down',
  comment: '遲咗出貨',
  hidden: false,
  authorRole: 'buyer',
  author: { id: 'usr_me', nickname: '我', avatar: null },
  createdAt: '2026-11-20T04:00:00.000Z',
  updatedAt: '2026-11-20T04:00:00.000Z',
  ...over,
});

const suite = screenSuite([
  { path: '/orders', element: <OrderFeedback orderId="mord_1" itemName="維港幻彩" /> },
  { path: '/order', element: <OrderFeedback orderId="mord_1" itemName="維港幻彩" showMine /> },
]);
const { renderAt } = suite;
const answer =
  (mine: MyFeedback): Route =>
  (u, init) => {
    if (u.pathname === '/api/market/feedback/mine') return { code: 200, data: mine };
    if (u.pathname.startsWith('/api/market/feedback/'))
      return { code: 200, data: left(JSON.parse(String(init.body)) as Partial<Feedback>) };
    return undefined;
  };
const sent = (path: string) =>
  JSON.parse(String(suite.fetchMock.mock.calls.find(([u]) => u.includes(path))![1].body)) as Record<string, unknown>;

describe('OrderFeedback', () => {
  it('leaves a 👍 with a comment on a completed order', async () => {
    suite.routes = answer({ feedback: null, canCreate: true, editableUntil: null });
    renderAt('/orders');
    fireEvent.click(screen.getByRole('button', { name: '評價交易：維港幻彩' }));
    const dialog = await screen.findByRole('dialog', { name: '評價交易：維港幻彩' });
    expect(dialog).toBeTruthy();
    const up = await screen.findByRole('button', { name: '👍 好評' });
    expect(up.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText(/評語/), { target: { value: '  交收快 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交評價' }));
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/feedback/create')).toHaveLength(1));
    expect(sent('feedback/create')).toEqual({ orderId: 'mord_1', rating: 'up', comment: '交收快' });
    expect(requestsTo(suite.fetchMock, 'market/feedback/mine')[0]!.searchParams.get('orderId')).toBe('mord_1');
  });

  it('changes the feedback within 7 days, and only shows it after', async () => {
    suite.routes = answer({ feedback: left(), canCreate: false, editableUntil: '2026-11-27T04:00:00.000Z' });
    renderAt('/orders');
    fireEvent.click(screen.getByRole('button', { name: '評價交易：維港幻彩' }));
    expect((await screen.findByRole('button', { name: '👎 差評' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/可於 2026年11月27日 12:00 前修改/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '👍 好評' }));
    fireEvent.click(screen.getByRole('button', { name: '更新評價' }));
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/feedback/update')).toHaveLength(1));
    expect(sent('feedback/update')).toEqual({ orderId: 'mord_1', rating: 'up', comment: '遲咗出貨' });
  });

  it('only shows a feedback past its 7 days', async () => {
    suite.routes = answer({ feedback: left(), canCreate: false, editableUntil: null });
    renderAt('/orders');
    fireEvent.click(screen.getByRole('button', { name: '評價交易：維港幻彩' }));
    expect(await screen.findByText('評價已超過 7 日，不能再修改。')).toBeTruthy();
    expect(screen.getByText('你的評價：👎 差評・「遲咗出貨」')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '更新評價' })).toBeNull();
  });

  it('shows a rating just given on the order at once, from the answer, without opening the sheet again', async () => {
    suite.routes = answer({ feedback: null, canCreate: true, editableUntil: null });
    renderAt('/orders');
    expect(screen.queryByText(/你的評價/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '評價交易：維港幻彩' }));
    fireEvent.click(await screen.findByRole('button', { name: '👍 好評' }));
    fireEvent.click(screen.getByRole('button', { name: '提交評價' }));
    expect(await screen.findByText('你的評價：👍 好評')).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改評價：維港幻彩' })).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'market/feedback/mine')).toHaveLength(1);
  });

  it("on the order's own screen, shows the feedback already given with its comment", async () => {
    suite.routes = answer({ feedback: left(), canCreate: false, editableUntil: null });
    renderAt('/order');
    expect(await screen.findByText('你的評價：👎 差評・「遲咗出貨」')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看評價：維港幻彩' })).toBeTruthy();
  });
});
