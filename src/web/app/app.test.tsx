import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the app before its zh-HK strings have loaded', () => {
  it('draws the not-found screen (antd-mobile keeps its built-in strings meanwhile)', async () => {
    // The locale chunk is loaded on demand (lib/locale-store.ts); nothing here has asked for it.
    window.history.replaceState(null, '', '/no-such-screen');
    render(<App />);
    expect(await screen.findByRole('heading', { name: '找不到頁面' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首頁' })).toBeTruthy();
  });
});
