import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { requestsTo, screenSuite } from '../testing/screen-test';
import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX, addRecentSearch, readRecentSearches } from '../lib/recent-searches';
import { SearchBox } from './search-box';

/** A screen that filters its own rows and shows a search as its query only later (as a router transition does). */
function LateScreen() {
  const [query, setQuery] = useState('');
  const searched = useRef('');
  return (
    <>
      <SearchBox initial={query} label="搜尋名稱" onSearch={(q) => (searched.current = q)} />
      <button type="button" onClick={() => setQuery(searched.current)}>
        顯示搜尋
      </button>
      <button type="button" onClick={() => setQuery('维港')}>
        返回
      </button>
    </>
  );
}

const suite = screenSuite([
  { path: '/mall', element: <SearchBox /> },
  { path: '/late', element: <LateScreen /> },
  { path: '/search', element: <p>搜尋頁</p> },
]);
const { renderAt } = suite;

beforeEach(() => {
  localStorage.clear();
  suite.routes = (u) =>
    u.pathname === '/api/search/suggest'
      ? {
          code: 200,
          data: {
            list: [
              { kind: 'card', id: 'ci_1', text: `祥瑞${u.searchParams.get('q')}` },
              { kind: 'theme', id: 'thm_1', text: '神獸傳說' },
            ],
          },
        }
      : undefined;
});

const box = () => screen.getByRole('combobox', { name: '搜尋卡牌、商品、主題或賣家' });

describe('SearchBox', () => {
  it('asks for suggestions once the typing pauses, and a chosen one is searched at /search', async () => {
    const router = renderAt('/mall');
    box().focus();
    for (const text of ['麒', '麒麟']) fireEvent.change(box(), { target: { value: text } });
    expect(requestsTo(suite.fetchMock, 'search/suggest')).toHaveLength(0);
    const list = await screen.findByRole('listbox', { name: '搜尋建議' });
    expect(await within(list).findByRole('option', { name: /祥瑞麒麟/ })).toBeTruthy();
    expect(within(list).getByRole('option', { name: /神獸傳說/ }).textContent).toContain('主題');
    // Two keystrokes inside the pause: one request, for the whole text.
    expect(requestsTo(suite.fetchMock, 'search/suggest').map((u) => u.searchParams.get('q'))).toEqual(['麒麟']);
    expect(box().getAttribute('aria-expanded')).toBe('true');

    // Keyboard: down to the second, Enter searches it.
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const second = within(list).getByRole('option', { name: /神獸傳說/ });
    expect(box().getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('神獸傳說')}`);
    expect(readRecentSearches()).toEqual(['神獸傳說']);
  });

  it('closes its list on Escape and submits what was typed', async () => {
    const router = renderAt('/mall');
    box().focus();
    fireEvent.change(box(), { target: { value: '维港' } });
    await screen.findByRole('option', { name: /祥瑞维港/ });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.submit(box().closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('维港')}`));
  });

  it('shows the last searches when focused and empty, and 清除搜尋記錄 forgets them', async () => {
    for (const q of ['麒麟', '维港', '麒麟']) addRecentSearch(q);
    renderAt('/mall');
    act(() => box().focus());
    const list = screen.getByRole('listbox', { name: '最近搜尋' });
    // Newest first, each once.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['麒麟', '维港']);
    fireEvent.click(screen.getByRole('button', { name: '清除搜尋記錄' }));
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '清除搜尋記錄' })).toBeNull();
    expect(document.activeElement).toBe(box());
  });

  it("keeps what was typed after a search when the screen's query catches up late, and shows a query it moves to", () => {
    renderAt('/late');
    const input = screen.getByRole('combobox', { name: '搜尋名稱' });
    fireEvent.change(input, { target: { value: '麟' } });
    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '顯示搜尋' }));
    expect((input as HTMLInputElement).value).toBe('');
    // Back or forward to another query: the box shows it.
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect((input as HTMLInputElement).value).toBe('维港');
  });

  it(`keeps the newest ${RECENT_SEARCHES_MAX} searches`, () => {
    for (let i = 0; i < RECENT_SEARCHES_MAX + 2; i++) addRecentSearch(`搜尋${i}`);
    const kept = readRecentSearches();
    expect(kept).toHaveLength(RECENT_SEARCHES_MAX);
    expect(kept[0]).toBe(`搜尋${RECENT_SEARCHES_MAX + 1}`);
  });
});
