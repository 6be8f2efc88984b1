import { useEffect } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { get, isFailure, type Failure } from './request';
import { createListStore } from './stores';
import { usePagedList } from './use-paged-list';

describe('usePagedList', () => {
  it('appends pages into the store and stops at a short page', async () => {
    const store = createListStore(['list'] as const);
    const fetchPage = vi.fn(async (page: number) => (page === 1 ? [1, 2] : [3]));
    const { result } = renderHook(() => usePagedList<number, 'list'>(store, 'list', fetchPage, 2, []));
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual([1, 2]);
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual([1, 2, 3]);
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage).toHaveBeenLastCalledWith(2, 2);
  });

  it('marks a failed first page as an error and restarts on reload', async () => {
    const store = createListStore(['list'] as const);
    // A real error marker from the request client (a network failure).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const marker = await get('banner', undefined, { loading: false });
    vi.unstubAllGlobals();
    expect(isFailure(marker)).toBe(true);
    let fail = true;
    const fetchPage = vi.fn(async () => (fail ? (marker as Failure) : [7]));

    const { result } = renderHook(() => usePagedList<number, 'list'>(store, 'list', fetchPage, 2, []));
    await act(() => result.current.loadMore());
    expect(result.current.first).toBe('error');
    expect(result.current.hasMore).toBe(false);
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    await act(() => result.current.loadMore());
    expect(result.current.first).toBe('ready');
    expect(result.current.items).toEqual([7]);
  });

  it('asks for page 1 once when a child loads in its own effect (as InfiniteScroll does on mount)', async () => {
    const store = createListStore(['list'] as const);
    const fetchPage = vi.fn(async () => [1, 2]);
    function Loader({ loadMore }: { loadMore: () => Promise<void> }) {
      useEffect(() => void loadMore(), [loadMore]);
      return null;
    }
    function List() {
      const list = usePagedList<number, 'list'>(store, 'list', fetchPage, 10);
      return (
        <>
          <p>{list.items.join(',')}</p>
          <Loader loadMore={list.loadMore} />
        </>
      );
    }
    render(<List />);
    await screen.findByText('1,2');
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
