import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PackOpen } from '../../../shared/schemas/packs';
import { clearSession, writeSession } from '../../lib/auth-storage';
import { testPack, testUser } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import PackScreen from './pack-screen';

const opened: PackOpen = {
  orderNo: 'TR2611260000PACK',
  seriesId: 'pk_1',
  seriesName: '星夜卡包',
  clientSeed: 'lucky',
  openedAt: '2026-11-26T10:00:00.000Z',
  packs: [
    {
      nonce: 3,
      guaranteed: true,
      cards: [
        {
          id: 'c_1',
          name: '小火龍',
          image: '/n.svg',
          rarity: 'N',
          serial: 5,
          editionSize: 100,
          serialText: '#005/100',
        },
        {
          id: 'c_2',
          name: '小火龍',
          image: '/n.svg',
          rarity: 'N',
          serial: 6,
          editionSize: 100,
          serialText: '#006/100',
        },
        { id: 'c_3', name: '雷鳥', image: '/sr.svg', rarity: 'SR', serial: 2, editionSize: 50, serialText: '#002/50' },
      ],
    },
  ],
};

const suite = screenSuite([
  { path: '/mall/pack', element: <PackScreen /> },
  { path: '/mall/pay', element: <p>付款頁</p> },
  { path: '/login', element: <p>登入頁</p> },
]);
const { renderAt } = suite;

/** Signed in, on /mall/pack with a paid order: 開啟卡包 pressed; answers the opened pack's region. */
async function openPaidPack({ reduce }: { reduce: boolean }) {
  writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce'), media: q }));
  const base = suite.routes;
  suite.routes = (u, init) => (u.pathname === '/api/pack/open' ? { code: 200, data: opened } : base(u, init));
  renderAt('/mall/pack?id=pk_1&orderNo=TR2611260000PACK');
  const button = await screen.findByRole('button', { name: '開啟卡包' });
  await act(async () => {
    fireEvent.click(button);
  });
  return screen.findByRole('region', { name: '第 3 包' });
}

beforeEach(() => {
  suite.routes = (u) => {
    if (u.pathname === '/api/pack/detail') return { code: 200, data: testPack({ hot: false }) };
    if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
    return undefined;
  };
});
afterEach(clearSession);

describe('/mall/pack', () => {
  it('shows the live odds per rarity and per card, what remains, the guarantee and the commitment', async () => {
    renderAt('/mall/pack?id=pk_1');
    expect(await screen.findByRole('heading', { name: '星夜卡包' })).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'pack/detail')[0]!.searchParams.get('id')).toBe('pk_1');
    const rarities = screen.getByRole('table', { name: '各稀有度的機率' });
    expect(within(rarities).getByRole('row', { name: /SR 5／6 20\.00%/ })).toBeTruthy();
    expect(within(rarities).getByRole('row', { name: /N 20／24 80\.00%/ })).toBeTruthy();
    const cards = screen.getByRole('list', { name: '每款卡牌的機率' });
    expect(within(cards).getByText('尚餘 5／6 張')).toBeTruthy();
    expect(screen.getByText('8／10 包（卡池尚餘 25 張）')).toBeTruthy();
    expect(screen.getByText('每買 5 包，最少有 1 張 SR 或以上')).toBeTruthy();
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    expect(screen.getByText(/^未公開/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /驗證全部抽卡結果/ }).getAttribute('href')).toBe('/mall/verify?pack=pk_1');
    // A visitor is asked to sign in before buying.
    expect(screen.getByRole('button', { name: '登入後購買' })).toBeTruthy();
  });

  it('buys packs with the buyer’s client seed through a pay order (Idempotency-Key), paid on /mall/pay', async () => {
    writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
    const base = suite.routes;
    suite.routes = (u, init) =>
      u.pathname === '/api/payOrder/create' && init.method === 'POST'
        ? { code: 200, data: { orderNo: 'TR2611260000PACK', type: 'pack', status: 'pending' } }
        : base(u, init);
    renderAt('/mall/pack?id=pk_1');
    fireEvent.change(await screen.findByLabelText('客戶種子（選填）'), { target: { value: ' lucky ' } });
    expect(screen.getByLabelText('客戶種子（選填）').getAttribute('maxlength')).toBe('64');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '購買 1 包' }));
    });
    const call = suite.fetchMock.mock.calls.find(([url]) => url === '/api/payOrder/create')!;
    expect(JSON.parse(call[1].body as string)).toEqual({
      type: 'pack',
      seriesId: 'pk_1',
      quantity: 1,
      clientSeed: 'lucky',
    });
    expect((call[1].headers as Record<string, string>)['Idempotency-Key']).toMatch(/^web-/);
    expect(await screen.findByText('付款頁')).toBeTruthy();
  });

  it('leaves the client seed to the server when the field is empty', async () => {
    writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
    renderAt('/mall/pack?id=pk_1');
    const button = await screen.findByRole('button', { name: '購買 1 包' });
    await act(async () => {
      fireEvent.click(button);
    });
    const call = suite.fetchMock.mock.calls.find(([url]) => url === '/api/payOrder/create')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ type: 'pack', seriesId: 'pk_1', quantity: 1 });
  });

  it('cannot be bought once sold out, and shows the revealed seed', async () => {
    suite.routes = (u) =>
      u.pathname === '/api/pack/detail'
        ? { code: 200, data: testPack({ hot: false, saleState: 'sold_out', packsLeft: 0, serverSeed: 'b'.repeat(64) }) }
        : undefined;
    renderAt('/mall/pack?id=pk_1');
    expect(await screen.findByText('b'.repeat(64))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /購買/ })).toBeNull();
  });

  it('opens a paid pack: the cards turn over, each a link to the collection; 保底 is marked', async () => {
    const pack = await openPaidPack({ reduce: false });
    const call = suite.fetchMock.mock.calls.find(([url]) => url === '/api/pack/open')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ orderNo: 'TR2611260000PACK' });
    expect(within(pack).getByText('保底')).toBeTruthy();
    const links = within(pack).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/my/collection?card=c_1',
      '/my/collection?card=c_2',
      '/my/collection?card=c_3',
    ]);
    expect(pack.querySelectorAll('.pack-reveal-card')).toHaveLength(3);
    expect(screen.getByText(/已開包，共 3 張卡牌：小火龍（N）、小火龍（N）、雷鳥（SR）/)).toBeTruthy();
  });

  it('with prefers-reduced-motion, the opened cards are a plain list', async () => {
    const pack = await openPaidPack({ reduce: true });
    expect(pack.querySelectorAll('.pack-reveal-card')).toHaveLength(0);
    expect(within(pack).getByRole('link', { name: '雷鳥' }).getAttribute('href')).toBe('/my/collection?card=c_3');
  });

  it('a hot series: the waiting room first; admitted, the order carries the admission token', async () => {
    writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
    const status = (phase: string, token: string | null = null) => ({
      kind: 'pack',
      id: 'pk_1',
      phase,
      opensAt: '2026-11-26T09:50:00.000Z',
      startsAt: '2026-11-26T10:00:00.000Z',
      serverTime: new Date().toISOString(),
      position: null,
      etaSeconds: null,
      perMinute: 60,
      admitted: 1,
      joined: 3,
      token,
      admittedUntil: token ? new Date(Date.now() + 600_000).toISOString() : null,
      askAt: null,
    });
    const base = suite.routes;
    suite.routes = (u, init) => {
      if (u.pathname === '/api/pack/detail') return { code: 200, data: testPack({ hot: true }) };
      if (u.pathname === '/api/queue/status') return { code: 200, data: status('open') };
      if (u.pathname === '/api/queue/join') return { code: 200, data: status('admitted', 'adm.tok') };
      if (u.pathname === '/api/payOrder/create')
        return { code: 200, data: { orderNo: 'TR2611260000PACK', type: 'pack', status: 'pending' } };
      return base(u, init);
    };
    renderAt('/mall/pack?id=pk_1');
    expect(await screen.findByRole('button', { name: '熱門卡包：輪到你後才可購買' })).toBeTruthy();
    const join = await screen.findByRole('button', { name: '加入排隊' });
    expect(requestsTo(suite.fetchMock, 'queue/status')[0]!.searchParams.get('kind')).toBe('pack');
    await act(async () => {
      fireEvent.click(join);
    });
    expect(
      JSON.parse(suite.fetchMock.mock.calls.find(([url]) => url === '/api/queue/join')![1].body as string),
    ).toEqual({
      kind: 'pack',
      id: 'pk_1',
    });
    expect(await screen.findByRole('heading', { name: '輪到你' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '購買 1 包' }));
    });
    const call = suite.fetchMock.mock.calls.find(([url]) => url === '/api/payOrder/create')!;
    expect((call[1].headers as Record<string, string>)['X-Admission-Token']).toBe('adm.tok');
    expect(await screen.findByText('付款頁')).toBeTruthy();
  });

  it('a hot series that sold out shows its fairness report', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/pack/detail')
        return { code: 200, data: testPack({ hot: true, saleState: 'sold_out', packsLeft: 0 }) };
      if (u.pathname === '/api/queue/report')
        return {
          code: 200,
          data: {
            kind: 'pack',
            id: 'pk_1',
            startsAt: '2026-11-26T10:00:00.000Z',
            joinedBeforeStart: 40,
            joinedAfterStart: 12,
            admitted: 30,
            buyers: 10,
            unitsSold: 10,
            sellOutSeconds: 95,
            perUserLimit: 1,
            mostByOneBuyer: 1,
            capsHeld: true,
          },
        };
      return undefined;
    };
    renderAt('/mall/pack?id=pk_1');
    expect(await screen.findByRole('region', { name: '公平報告' })).toBeTruthy();
    expect(screen.getByText('40 人（隨機抽出次序）')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'queue/report')[0]!.searchParams.get('kind')).toBe('pack');
  });

  it('says when the series does not exist', async () => {
    suite.routes = () => ({ code: 404, msg: '找不到卡包', data: null });
    renderAt('/mall/pack?id=nope');
    expect(await screen.findByText('找不到這個卡包')).toBeTruthy();
  });
});
