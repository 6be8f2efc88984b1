import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../shared/schemas/live';
import type { QueueStatus } from '../../shared/schemas/queue';
import { clearSession, writeSession } from '../lib/auth-storage';
import { testUser } from '../testing/fixtures';
import { mockRoutes, requestsTo, screenRoutes, type FetchMock } from '../testing/screen-test';
import QueuePanel, { movedBy } from './queue-panel';

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
  fetchMock = mockRoutes(() => (u) => (u.pathname === '/api/queue/status' ? { code: 200, data: answer } : undefined));
  writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
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

  it('asks for the place drawn at the start at its own moment of the crowd’s spread, not at the start instant', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    answer = status({
      phase: 'waiting_start',
      position: null,
      etaSeconds: null,
      startsAt: at(5_000),
      askAt: at(20_000),
    });
    renderAt('/');
    expect(await screen.findByText(/開售時會公平隨機抽出你的位置/)).toBeTruthy();
    const asked = () => requestsTo(fetchMock, 'queue/status').length;
    await act(async () => vi.advanceTimersByTimeAsync(12_000));
    expect(asked()).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(asked()).toBe(2);
  });

  it('does not ask when the start turns the sale state, but does when it moves otherwise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    answer = status({ phase: 'waiting_start', position: null, etaSeconds: null, startsAt: at(0), askAt: at(20_000) });
    renderMoving('/');
    expect(await screen.findByText(/開售時會公平隨機抽出你的位置/)).toBeTruthy();
    const asked = () => requestsTo(fetchMock, 'queue/status').length;
    // Every waiting screen turns upcoming → on_sale in the same second: none asks then (its askAt comes later).
    await act(async () => setSale('on_sale'));
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(asked()).toBe(1);
    // A sale moved back (rescheduled) is a new queue: asked at once.
    await act(async () => setSale('upcoming'));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(asked()).toBe(2);
  });

  it('polls every 10 s while the stream is down, and only every 30 s while it is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/');
    expect(await screen.findByText(/第 5 位/)).toBeTruthy();
    const asked = () => requestsTo(fetchMock, 'queue/status').length;
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(asked()).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(asked()).toBe(2);
    stream.live = false;
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(asked()).toBe(3);
  });
});
