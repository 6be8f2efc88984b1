import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, writeSession } from '../lib/auth-storage';
import { mockFetch, renderAt, resetScreenTest } from '../testing/screen-test';
import HomeScreen from './home-screen';

const user = { id: 'u1', nickname: '收藏家', avatar: '', phone: '+85291234567', verified: false };

beforeEach(() => {
  // Every region's call stays unanswered: the placeholders are what is on screen.
  mockFetch(() => new Promise<Response>(() => {}) as unknown as Response);
});
afterEach(() => {
  clearSession();
  resetScreenTest();
});

describe('home', () => {
  it('tells a signed-out visitor what Trove is and offers 登入 and 註冊', () => {
    renderAt([{ path: '/', element: <HomeScreen /> }], '/');
    const welcome = screen.getByRole('region', { name: /限量卡牌/ });
    expect(within(welcome).getByRole('link', { name: '登入' }).getAttribute('href')).toBe('/login');
    expect(within(welcome).getByRole('link', { name: '註冊' }).getAttribute('href')).toBe('/register');
  });

  it('leaves the welcome out once signed in', () => {
    writeSession({ token: 'tok_0123456789abcdef', user, authority: ['user'] } as never);
    renderAt([{ path: '/', element: <HomeScreen /> }], '/');
    expect(screen.queryByRole('link', { name: '登入' })).toBeNull();
  });

  it('shows placeholders in each region while it loads, each one status for a screen reader', () => {
    renderAt([{ path: '/', element: <HomeScreen /> }], '/');
    for (const label of ['正在載入橫額…', '正在載入發售資訊…', '正在載入文章…'])
      expect(
        screen
          .getByText(label)
          .closest('[role="status"]')
          ?.querySelector('.skeleton-tile, .skeleton-row, .skeleton-banner'),
      ).toBeTruthy();
    expect(document.querySelectorAll('.skeleton-tile')).toHaveLength(3);
    expect(document.querySelector('.spinner')).toBeNull();
  });
});
