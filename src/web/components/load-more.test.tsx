import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { showInfiniteScroll } from '../testing/screen-test';
import { LoadMore } from './load-more';

beforeAll(showInfiniteScroll);

/** A list of `pages` pages; `fail(n)` makes page n fail once. */
function List({ pages, fail }: { pages: number; fail?: (page: number) => boolean }) {
  const [loaded, setLoaded] = useState(0);
  const loadMore = async () => {
    const next = loaded + 1;
    if (fail?.(next)) throw new Error('offline');
    await Promise.resolve();
    setLoaded(next);
  };
  return (
    <>
      <p>已載入 {loaded} 頁</p>
      <LoadMore hasMore={loaded < pages} loadMore={loadMore}>
        {(more, failed, retry) =>
          failed ? (
            <button type="button" onClick={retry}>
              重試
            </button>
          ) : more ? (
            <span>載入中…</span>
          ) : (
            <span>已經到底了</span>
          )
        }
      </LoadMore>
    </>
  );
}

describe('LoadMore', () => {
  it("asks for the next page while the list's end is near the screen, one at a time, until there is no more", async () => {
    render(<List pages={3} />);
    expect(await screen.findByText('已經到底了')).toBeTruthy();
    expect(screen.getByText('已載入 3 頁')).toBeTruthy();
    expect(document.querySelector('.adm-infinite-scroll')).not.toBeNull();
  });

  it('asks for nothing more after a failed page until 重試', async () => {
    let failures = 0;
    const failOnce = vi.fn((page: number) => page === 2 && failures++ === 0);
    render(<List pages={3} fail={failOnce} />);
    const retry = await screen.findByRole('button', { name: '重試' });
    expect(screen.getByText('已載入 1 頁')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(failOnce).toHaveBeenCalledTimes(2); // pages 1 and 2, nothing since
    fireEvent.click(retry);
    expect(await screen.findByText('已經到底了')).toBeTruthy();
    expect(screen.getByText('已載入 3 頁')).toBeTruthy();
  });
});
