import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '../lib/antd-render';
import { ShareControl as ShareButton } from './share-control';

installAntdMobileRender();

const nav = navigator as unknown as { share?: unknown; canShare?: unknown };
/** jsdom has no Clipboard API: a fake one per test. */
const clipboard = () => {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
};

afterEach(() => {
  cleanup();
  delete nav.share;
  delete nav.canShare;
  vi.restoreAllMocks();
});

describe('ShareButton', () => {
  it('opens the share sheet with the title, the text and the absolute link when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    nav.share = share;
    const writeText = clipboard();
    render(<ShareButton title="天星小輪" text="一張卡" path="/mall/detail?id=ci_1" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: '天星小輪',
      text: '一張卡',
      url: `${location.origin}/mall/detail?id=ci_1`,
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link and says 已複製連結 without a share sheet, and says nothing when the sheet is closed', async () => {
    const writeText = clipboard();
    render(<ShareButton title="店舖" path="/market/user?id=usr_1" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    expect(await screen.findByText('已複製連結')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/market/user?id=usr_1`);

    writeText.mockClear();
    nav.share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(nav.share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
  });
});
