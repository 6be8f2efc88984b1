import { cleanup, render, screen, within } from '@testing-library/react';
import { ConfigProvider, Form } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPack } from '../lib/types';
import { PackDetail } from './pack-detail';
import { PackFields } from './pack-fields';

// The catalogue's cards as `cardInfos` answers them (the rarity is what the odds need).
vi.mock('@refinedev/antd', () => ({
  useSelect: () => ({
    selectProps: { options: [], showSearch: true },
    query: {
      data: {
        data: [
          { id: 'ci_n', name: '小火龍', rarity: 'N' },
          { id: 'ci_r', name: '水靈', rarity: 'R' },
          { id: 'ci_sr', name: '雷鳥', rarity: 'SR' },
        ],
      },
    },
  }),
}));

// jsdom has no matchMedia; antd's table asks it for its responsive columns (none match here).
beforeAll(() => {
  const media = (query: string) => Object.assign(new EventTarget(), { matches: false, media: query });
  vi.stubGlobal('matchMedia', (q: string) => Object.assign(media(q), { addListener() {}, removeListener() {} }));
});
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

/** A pool line: a card with its starting count, what remains and its live chance. */
const line = (
  cardInfoId: string,
  name: string,
  rarity: 'N' | 'SR',
  count: number,
  remaining: number,
  probability: number,
) => ({
  cardInfoId,
  name,
  image: `/${cardInfoId}.svg`,
  rarity,
  count,
  remaining,
  probability,
});
const pool = [line('ci_n', '小火龍', 'N', 24, 6, 0.75), line('ci_sr', '雷鳥', 'SR', 6, 2, 0.25)];

const pack: AdminPack = {
  id: 'pk_1',
  name: '星夜卡包',
  description: '',
  cover: '/c.webp',
  priceCents: 3000,
  cardsPerPack: 3,
  perUserLimit: 5,
  packsTotal: 10,
  packsLeft: 0,
  saleStartsAt: null,
  saleEndsAt: null,
  saleState: 'ended',
  hot: false,
  guarantee: { minRarity: 'SR', every: 5 },
  commitment: 'c'.repeat(64),
  pool,
  rarityOdds: pool.map(({ rarity, count, remaining, probability }) => ({ rarity, count, remaining, probability })),
  unitsTotal: 30,
  unitsRemaining: 8,
  packsDrawn: 7,
  serverSeed: 'd'.repeat(64),
  revealedAt: '2026-11-26T10:00:00.000Z',
  closedAt: '2026-11-26T10:00:00.000Z',
  packsSold: 7,
  packsReserved: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('卡包系列 form', () => {
  it('computes the odds from the pool as typed (per rarity, per card) and the packs it makes; nothing is typed by hand', () => {
    render(
      <ConfigProvider>
        <Form
          initialValues={{
            cardsPerPack: 4,
            pool: [
              { cardInfoId: 'ci_n', count: 30 },
              { cardInfoId: 'ci_r', count: 15 },
              { cardInfoId: 'ci_sr', count: 5 },
            ],
          }}
        >
          <PackFields pack={null} />
        </Form>
      </ConfigProvider>,
    );
    const odds = screen.getByRole('region', { name: '計算出的機率（按卡池數量，不能手動輸入）' });
    expect(within(odds).getByText('卡池共 50 張；每包 4 張，可售 12 包。')).toBeTruthy();
    const rows = within(odds)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['N3060.0%', 'R1530.0%', 'SR510.0%']);
    expect(within(odds).getByText('雷鳥：5 張，10.0%')).toBeTruthy();
    // Asked within the pool's group: a name query over the whole antd form takes seconds in jsdom.
    const pool = screen.getByRole('group', { name: '卡池（每款卡牌及其數量）' });
    expect(within(pool).getByRole('button', { name: '移除卡池第 3 款卡牌' })).toBeTruthy();
  });

  it('詳情 shows the server’s live odds, the commitment and the revealed seed', () => {
    render(<PackDetail pack={pack} onClose={() => {}} />);
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByText('c'.repeat(64))).toBeTruthy();
    expect(within(drawer).getByText('d'.repeat(64))).toBeTruthy();
    expect(within(drawer).getByText('共 10・已售 7・預留 0・已抽 7・尚餘 0')).toBeTruthy();
    expect(within(drawer).getAllByText('25.0%')).toHaveLength(2);
  });
});
