import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installModalFocus } from './modal-focus';
import { askToReload, UPDATE_QUESTION } from './pwa-update-prompt';

// The keyboard handling has its own tests; here only that the prompt installs it (its observer outlives jsdom).
vi.mock('./modal-focus', () => ({ installModalFocus: vi.fn() }));

describe('the new-version prompt', () => {
  it('asks 「有新版本，重新載入？」 and reloads on 重新載入', async () => {
    const reload = vi.fn(() => Promise.resolve());
    const answer = askToReload(reload);
    // The first ask imports antd-mobile's Dialog and the render shim: more than findBy's second on a loaded machine.
    expect(await screen.findByText(UPDATE_QUESTION, {}, { timeout: 15_000 })).toBeTruthy();
    expect(UPDATE_QUESTION).toBe('有新版本，重新載入？');
    // Asked once however often the worker reports.
    await expect(askToReload(reload)).resolves.toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '重新載入' }));
    await expect(answer).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(installModalFocus).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText(UPDATE_QUESTION)).toBeNull());
  });

  it('keeps the page as it is on 稍後', async () => {
    const reload = vi.fn(() => Promise.resolve());
    const answer = askToReload(reload);
    fireEvent.click(await screen.findByRole('button', { name: '稍後' }, { timeout: 15_000 }));
    await expect(answer).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('button', { name: '稍後' })).toBeNull());
  });
});
