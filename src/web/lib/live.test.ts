import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from './auth-storage';
import { backoffMs, FAILURES_BEFORE_POLLING, subscribeTopic, subscribeUser, takeMessages } from './live';
import { setNavigator } from './navigation';
import { loadToast } from './request';

describe('live stream client', () => {
  it('backs off exponentially to 30 s, jittered down by up to half', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffMs(20, () => 1)).toBe(30_000);
    expect(backoffMs(3, () => 0)).toBe(2_000);
  });

  it('takes whole messages off the buffer and keeps the incomplete rest', () => {
    const { messages, rest } = takeMessages(
      'retry: 3000\n\n: ready\n\ndata: {"topic":"drop:a","event":{"type":"x"}}\n\ndata: {"to',
    );
    expect(messages).toEqual([{ topic: 'drop:a', event: { type: 'x' } }]);
    expect(rest).toBe('data: {"to');
  });

  describe('with a server that refuses', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('opens one stream for every subscriber, reconnects with backoff, then polls the endpoint', async () => {
      const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
      vi.stubGlobal('fetch', fetchMock);
      const poll = vi.fn(async () => ({ type: 'stock' }) as never);
      const seen: unknown[] = [];
      const offA = subscribeTopic('drop:a', (e) => seen.push(e), poll);
      const offB = subscribeTopic('product:b', () => undefined);
      await vi.advanceTimersByTimeAsync(60);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/stream?topics=drop%3Aa%2Cproduct%3Ab');
      for (let i = 1; i < FAILURES_BEFORE_POLLING; i++) await vi.advanceTimersByTimeAsync(backoffMs(i, () => 1));
      expect(fetchMock).toHaveBeenCalledTimes(FAILURES_BEFORE_POLLING);
      expect(poll).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toEqual([{ type: 'stock' }]);
      offA();
      offB();
      await vi.advanceTimersByTimeAsync(60_000);
      const calls = fetchMock.mock.calls.length;
      await vi.advanceTimersByTimeAsync(120_000);
      // Nothing followed: no more attempts.
      expect(fetchMock.mock.calls.length).toBe(calls);
    });

    it('carries the language header zh_HK, as every call does (seed §7)', async () => {
      const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 503 }));
      vi.stubGlobal('fetch', fetchMock);
      const off = subscribeTopic('drop:lang', () => undefined);
      await vi.advanceTimersByTimeAsync(60);
      expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ lang: 'zh_HK', 'Accept-Language': 'zh_HK' });
      off();
      await vi.advanceTimersByTimeAsync(120_000);
    });

    it('on a 403 signs out as any call does, then follows its topics anonymously', async () => {
      await loadToast();
      const show = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => {} }));
      const navigate = vi.fn();
      const undoNavigator = setNavigator(navigate);
      localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok_revoked', user: { id: 'usr_1' } }));
      const refusal = { code: 403, msg: '請先登入', data: null };
      const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
        fetchMock.mock.calls.length === 1
          ? new Response(JSON.stringify(refusal), { status: 403 })
          : new Response('{}', { status: 503 }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const offUser = subscribeUser(() => undefined);
      const offTopic = subscribeTopic('drop:a', () => undefined);
      await vi.advanceTimersByTimeAsync(60);
      const headersOf = (i: number) => fetchMock.mock.calls[i]![1]!.headers as Record<string, string>;
      expect(headersOf(0).authorization).toBe('Bearer tok_revoked');
      expect(show).toHaveBeenLastCalledWith({ icon: 'fail', content: '請先登入' });
      expect(localStorage.getItem(SESSION_KEY)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
      // The sign-out reconnects at once, without the token: the drop's events still come.
      await vi.advanceTimersByTimeAsync(60);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(headersOf(1).authorization).toBeUndefined();
      offUser();
      offTopic();
      undoNavigator();
      show.mockRestore();
      await vi.advanceTimersByTimeAsync(120_000);
    });
  });
});
