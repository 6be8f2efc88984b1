import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveDrop, LiveDropSeries } from '../lib/types';
import { LIVE_POLL_MS, LiveDropsScreen } from './live-drops-screen';
import { stubMatchMedia } from '../lib/stub-match-media';

const drop: LiveDrop = {
  kind: 'card',
  id: 'ci_1',
  name: '監控麒麟',
  saleStartsAt: '2026-12-01T11:00:00.000Z',
  saleEndsAt: null,
  total: 10,
  left: 6,
};
const minutes: LiveDropSeries['minutes'] = [
  { at: '2026-12-01T11:59:00.000Z', ordered: 0, paid: 0, left: 10 },
  { at: '2026-12-01T12:00:00.000Z', ordered: 3, paid: 2, left: 7 },
  { at: '2026-12-01T12:01:00.000Z', ordered: 1, paid: 1, left: 6 },
];
let queue: LiveDropSeries['queue'] = null;

/** Every call the screen makes, with its options: the polling is in them. */
const calls: { url: string; query?: unknown; refetchInterval?: number | false }[] = [];
const answers = new Map<string, unknown>();
vi.mock('@refinedev/core', () => ({
  useCustom: (p: {
    url: string;
    config?: { query?: unknown };
    queryOptions?: { refetchInterval?: number | false };
  }) => {
    calls.push({ url: p.url, query: p.config?.query, refetchInterval: p.queryOptions?.refetchInterval });
    // The same objects from one render to the next, as react-query keeps them until a poll answers.
    const key = `${p.url}:${JSON.stringify(queue)}`;
    if (!answers.has(key))
      answers.set(
        key,
        p.url === 'liveDrops'
          ? [drop, { ...drop, kind: 'product', id: 'prd_1', name: '收藏卡盒', total: 5, left: 5 }]
          : ({ drop, at: '2026-12-01T12:01:40.000Z', queue, minutes } satisfies LiveDropSeries),
      );
    const data = answers.get(key);
    return { result: { data }, query: { isLoading: false, isError: false } };
  },
}));

beforeAll(() => {
  stubMatchMedia();
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  cleanup();
  calls.length = 0;
  queue = null;
});

function show() {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <LiveDropsScreen />
    </ConfigProvider>,
  );
}

/** Picks a drop in the labelled select, as an operator would. */
function pick(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('發售'));
  fireEvent.click(screen.getAllByText(label).find((e) => e.closest('.ant-select-item-option'))!);
}

describe('即時發售', { timeout: 90_000 }, () => {
  it('asks for the drops on sale and names its picker; nothing is polled before a drop is picked', () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: '即時發售' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '發售' })).toBeTruthy();
    expect(screen.getByText(/選擇一項發售/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '暫停更新' })).toHaveProperty('disabled', true);
    expect(calls.map((c) => c.url)).toEqual(calls.map(() => 'liveDrops'));
  });

  it('a picked drop: its stock, payments, minutes in Hong Kong time, polled every 5 s until paused', () => {
    show();
    pick('卡牌・監控麒麟');
    const detail = calls.filter((c) => c.url === 'liveDrops/detail');
    expect(detail.at(-1)).toEqual({
      url: 'liveDrops/detail',
      query: { kind: 'card', id: 'ci_1', minutes: 30 },
      refetchInterval: LIVE_POLL_MS,
    });
    expect(LIVE_POLL_MS).toBe(5_000);
    expect(screen.getByText('剩餘數量', { selector: '.ant-statistic-title' })).toBeTruthy();
    expect(screen.getByText('/ 10')).toBeTruthy();
    expect(screen.getByText('未設輪候')).toBeTruthy();
    expect(screen.getByText('20:01 更新：監控麒麟剩餘 6 件（共 10 件），最近 30 分鐘付款 3 件')).toBeTruthy();
    // Newest minute first, at its Hong Kong time.
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20:01', '1', '1', '6']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['19:59', '0', '0', '10']);

    fireEvent.click(screen.getByRole('button', { name: '暫停更新' }));
    const resume = screen.getByRole('button', { name: '恢復更新' });
    expect(resume.getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((c) => c.url === 'liveDrops/detail').at(-1)?.refetchInterval).toBe(false);
    fireEvent.click(resume);
    expect(calls.filter((c) => c.url === 'liveDrops/detail').at(-1)?.refetchInterval).toBe(LIVE_POLL_MS);
  });

  it('shows the waiting room when the drop has one', () => {
    queue = { waiting: 120, admittedPerMinute: 30 };
    show();
    pick('卡牌・監控麒麟');
    expect(screen.getByText('每分鐘放行 30')).toBeTruthy();
    expect(screen.getByText(/，120 人輪候$/)).toBeTruthy();
  });
});
