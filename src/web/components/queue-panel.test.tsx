import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../shared/schemas/live';
import type { QueueStatus } from '../../shared/schemas/queue';
import { clearSession, writeSession } from '../lib/auth-storage';
import { testUser } from '../testing/fixtures';
import { mockRoutes, requestsTo, screenRoutes, type FetchMock } from '../testing/screen-test';
import { REPORT_SPREAD_MS } from '../../shared/constants';
import QueuePanel, { FairnessReport, movedBy } from './queue-panel';

type Handler = (e: StreamMessage['event']) => void;
const stream = vi.hoisted(() => ({
  live: true,
  topics: new Map<string, Handler>(),
  user: null as Handler | null,
}));
vi.mock('../lib/live', () => ({
  isStreamLive: () => stream.live,
}));
vi.mock('../lib/live-hooks', () => ({
  useLiveTopic: (topic: string | null, handler: Handler) => {
    if (topic) stream.topics.set(topic, handler);
  },
  useLiveUser: (handler: Handler) => {
    stream.user = handler;
  },
}));

const status = (over: Partial<QueueStatus> = {}): QueueStatus => ({
  kind: 'pack',
  id: 'pks_1',
  phase: 'waiting',
  opensAt: '2026-11-26T09:50:00.000Z',
  startsAt: '2026-11-26T10:00:00.000Z',
  serverTime: new Date().toISOString(),
  position: 5,
  etaSeconds: 300,
  perMinute: 1,
  admitted: 10,
  joined: 40,
  token: null,
  admittedUntil: null,
  askAt: null,
  ...over,
});
const line = (admitted: number, perMinute = 1) => ({
  type: 'queue' as const,
  topic: 'queue.pack:pks_1',
  admitted,
  perMinute,
  serverTime: new Date().toISOString(),
});

let answer: QueueStatus;
let fetchMock: FetchMock;
const renderAt = screenRoutes([
  { path: '/', element: <QueuePanel kind="pack" id="pks_1" saleState="on_sale" onAdmitted={() => {}} /> },
]);

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** Joined before the start, which comes in `startsInMs`; to ask again in `askInMs`. */
const waitingStart = (startsInMs: number, askInMs: number, etaSeconds: number | null = null) =>
  status({ phase: 'waiting_start', position: null, etaSeconds, startsAt: at(startsInMs), askAt: at(askInMs) });
const asked = () => requestsTo(fetchMock, 'queue/status').length;
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

// The detail screen turns its sale state by its own clock: the panel is told each move.
let setSale: (state: string) => void = () => {};
function MovingSale() {
  const [sale, set] = useState('upcoming');
  setSale = set;
  return <QueuePanel kind="pack" id="pks_1" saleState={sale} onAdmitted={() => {}} />;
}
const renderMoving = screenRoutes([{ path: '/', element: <MovingSale /> }]);

beforeEach(() => {
  stream.live = true;
  stream.topics.clear();
  stream.user = null;
  answer = status();
  fetchMock = mockRoutes(
    () => (u) =>
      u.pathname === '/api/queue/status'
        ? { code: 200, data: { ...answer, serverTime: new Date().toISOString() } }
        : undefined,
  );
  writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('a place the queue lost', () => {
  it('joins again by itself when the queue says it holds no place for this tab, and says so for a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = status({ phase: 'waiting', position: 5 });
    fetchMock = mockRoutes(
      () => (u) =>
        u.pathname === '/api/queue/status'
          ? { code: 200, data: { ...answer, serverTime: new Date().toISOString() } }
          : u.pathname === '/api/queue/join'
            ? { code: 200, msg: '已加入排隊', data: status({ phase: 'waiting', position: 7 }) }
            : undefined,
    );
    renderAt('/');
    expect(await screen.findByText(/第 5 位/)).toBeTruthy();
    expect(requestsTo(fetchMock, 'queue/join')).toHaveLength(0);
    // The server forgot the place (an older server, a reset): the next poll finds none.
    answer = status({ phase: 'open', position: null });
    stream.live = false;
    await advance(10_000);
    expect(requestsTo(fetchMock, 'queue/join')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('排隊紀錄曾經遺失，已自動為你重新加入排隊。');
    await advance(6_000);
    expect(screen.getByRole('status').textContent).toMatch(/第 \d 位/);
    expect(screen.queryByRole('button', { name: '加入排隊' })).toBeNull();
  });

  it('does not join by itself a queue this tab never joined', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = status({ phase: 'open', position: null });
    renderAt('/');
    expect(await screen.findByRole('button', { name: '加入排隊' })).toBeTruthy();
    stream.live = false;
    await advance(10_000);
    expect(requestsTo(fetchMock, 'queue/join')).toHaveLength(0);
  });
});

describe('movedBy', () => {
  it('moves a waiting place by the new admitted count, with the wait at the new rate', () => {
    expect(movedBy(status(), line(12, 2))).toMatchObject({ position: 3, admitted: 12, perMinute: 2, etaSeconds: 90 });
    // An older count than the one held, another kind of event, or nobody waiting: nothing moves.
    expect(movedBy(status(), line(9))).toBeNull();
    expect(movedBy(status({ phase: 'admitted', position: null }), line(12))).toBeNull();
    expect(movedBy(status(), { type: 'notification' })).toBeNull();
  });
});

describe('the queue panel on the live stream', () => {
  it('moves the place with the drop’s line and asks at once when told the turn', async () => {
    renderAt('/');
    expect(await screen.findByText(/第 5 位/)).toBeTruthy();
    const onLine = stream.topics.get('queue.pack:pks_1')!;
    expect(onLine).toBeTruthy();
    act(() => onLine(line(12)));
    expect(screen.getByText(/第 3 位/)).toBeTruthy();
    expect(requestsTo(fetchMock, 'queue/status')).toHaveLength(1);

    answer = status({
      phase: 'admitted',
      position: null,
      token: 'adm.tok',
      admittedUntil: new Date(Date.now() + 600_000).toISOString(),
    });
    await act(async () => stream.user!({ type: 'queue-turn', kind: 'pack', id: 'pks_1' }));
    expect(await screen.findByRole('heading', { name: '輪到你' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'queue/status')).toHaveLength(2);
    // Another drop's turn is not this screen's.
    await act(async () => stream.user!({ type: 'queue-turn', kind: 'card', id: 'pks_1' }));
    expect(requestsTo(fetchMock, 'queue/status')).toHaveLength(2);
  });

  it('polls every 30 s before the start, then asks for the drawn place at its own moment, not at the start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = waitingStart(35_000, 50_000);
    renderAt('/');
    expect(await screen.findByText(/開售時會公平隨機抽出你的位置/)).toBeTruthy();
    await advance(20_000);
    expect(asked()).toBe(1);
    // Before the start the crowd's size moves the moment: asked again at 30 s.
    await advance(10_000);
    expect(asked()).toBe(2);
    // The start (35 s) asks nothing; the moment (50 s) does.
    await advance(19_000);
    expect(asked()).toBe(2);
    await advance(2_000);
    expect(asked()).toBe(3);
  });

  it('does not ask when the start turns the sale state, but does when it moves otherwise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = waitingStart(0, 20_000, 20);
    renderMoving('/');
    // Started: the wait until this buyer's moment to ask (about their turn).
    expect(await screen.findByText(/已開售，正按抽出的次序放行（共 40 人）· 預計約 .*20.* 後輪到你/)).toBeTruthy();
    // Every waiting screen turns upcoming → on_sale in the same second: none asks then (its askAt comes later).
    await act(async () => setSale('on_sale'));
    await advance(5_000);
    expect(asked()).toBe(1);
    // A sale moved back (rescheduled) is a new queue: asked at once.
    await act(async () => setSale('upcoming'));
    await advance(100);
    expect(asked()).toBe(2);
  });

  it('polls every 10 s while the stream is down; while it is up, every 30 s before the start, at the turn after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/');
    expect(await screen.findByText(/第 5 位/)).toBeTruthy();
    // Waiting after the start with the stream up (its turn 300 s away): no poll.
    await advance(60_000);
    expect(asked()).toBe(1);
    stream.live = false;
    await advance(10_000);
    expect(asked()).toBe(2);
    await advance(10_000);
    expect(asked()).toBe(3);
  });
});

describe('the fairness report', () => {
  const report = { kind: 'pack', id: 'pks_1', startsAt: at(-60_000), joinedBeforeStart: 30, joinedAfterStart: 10 };
  const renderReport = (spread: boolean) =>
    screenRoutes([{ path: '/', element: <FairnessReport kind="pack" id="pks_1" spread={spread} /> }])('/');
  beforeEach(() => {
    fetchMock = mockRoutes(
      () => (u) =>
        u.pathname === '/api/queue/report'
          ? {
              code: 200,
              data: {
                ...report,
                admitted: 12,
                buyers: 10,
                unitsSold: 10,
                sellOutSeconds: 8,
                perUserLimit: 1,
                mostByOneBuyer: 1,
                capsHeld: true,
              },
            }
          : undefined,
    );
  });

  it('is asked at once on a screen opened after the drop was over', async () => {
    renderReport(false);
    expect(await screen.findByRole('region', { name: '公平報告' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'queue/report')).toHaveLength(1);
  });

  it('is asked within the spread on a screen that was open as it sold out, not in the same instant as the rest', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    renderReport(true);
    await advance(REPORT_SPREAD_MS * 0.5 - 100);
    expect(requestsTo(fetchMock, 'queue/report')).toHaveLength(0);
    await advance(200);
    expect(requestsTo(fetchMock, 'queue/report')).toHaveLength(1);
    vi.mocked(Math.random).mockRestore();
  });
});
