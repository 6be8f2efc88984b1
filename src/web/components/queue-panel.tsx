import { Button } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DropKind, QueueReport, QueueStatus } from '../../shared/schemas/queue';
import { queueTopic, type StreamMessage } from '../../shared/schemas/live';
import { REPORT_SPREAD_MS } from '../../shared/constants';
import { formatCountdown, formatHkDateTime } from '../../shared/hk-time';
import { getQueueReport } from '../api/get-queue-report';
import { getQueueStatus } from '../api/get-queue-status';
import { joinQueue } from '../api/join-queue';
import { keepAdmission } from '../lib/admission';
import { isStreamLive } from '../lib/live';
import { useLiveTopic, useLiveUser } from '../lib/live-hooks';
import { isFailure } from '../lib/request';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import { useNow } from '../lib/use-clock';
import { Facts } from './facts';
import './queue-panel.css';

/** How often the place is asked again while the live stream is down; the line moves on between answers by the rate. */
const POLL_MS = 10_000;
/** While the stream is up it moves the line and tells the turn: a poll this often before the start (or not queuing). */
const LIVE_POLL_MS = 30_000;
/** How long the panel says it joined again by itself (the place the server had lost, decision 051). */
const REJOINED_MS = 6_000;
/** The phases of a buyer the queue holds a place for. */
const IN_QUEUE = new Set<QueueStatus['phase']>(['waiting_start', 'waiting', 'admitted', 'used', 'expired']);

/**
 * The status moved by a line event of the stream (decision 044): the caller's rank is their place plus how many had
 * been admitted, so the new place is that rank less the new count. Null when it does not apply (not waiting, or an
 * older count than the one held); a place of 0 or less is the turn, which the caller asks for.
 */
export function movedBy(s: QueueStatus, e: StreamMessage['event']): QueueStatus | null {
  if (e.type !== 'queue' || s.phase !== 'waiting' || s.position === null) return null;
  const q = e as { admitted: number; perMinute: number; serverTime: string };
  if (q.admitted < s.admitted) return null;
  const position = s.position + s.admitted - q.admitted;
  return {
    ...s,
    position,
    admitted: q.admitted,
    perMinute: q.perMinute,
    serverTime: q.serverTime,
    etaSeconds: Math.max(0, Math.ceil((position * 60) / q.perMinute)),
  };
}

/** What a phase says, in one line under the panel's title. */
function line(s: QueueStatus, eta: number, position: number | null, started: boolean): string {
  switch (s.phase) {
    case 'closed':
      return `排隊將於 ${formatHkDateTime(s.opensAt)} 開始（開售前 10 分鐘）`;
    case 'open':
      return `已有 ${s.joined} 人排隊。開售前加入的人會在開售時隨機抽出次序，之後加入的按先後排隊。`;
    case 'waiting_start':
      // After the start, until this buyer's moment to ask (about their turn): the wait till then.
      return started
        ? `已開售，正按抽出的次序放行（共 ${s.joined} 人）· 預計約 ${formatCountdown(eta * 1000)} 後輪到你`
        : `已加入排隊（共 ${s.joined} 人）。開售時會公平隨機抽出你的位置。`;
    case 'waiting':
      return `你的位置：第 ${position} 位 · 預計等候 ${formatCountdown(eta * 1000)}`;
    case 'admitted':
      return `輪到你！請於 ${formatHkDateTime(s.admittedUntil!)} 前下單。`;
    case 'used':
      return '你已用此排隊資格下單。';
    case 'expired':
      return '你的購買時限已過。';
    case 'ended':
      return '已售罄或發售已結束。';
  }
}

/**
 * The waiting room of a hot drop on its detail screen (docs/decisions/044-waiting-room.md): the join button, then the
 * buyer's place and estimated wait, then 輪到你 (the buy bar opens: `onAdmitted`). One box of fixed height whatever it
 * says, so nothing below moves. The live stream moves the place (the drop's line, `queue.<kind>:<id>`) and tells the
 * turn (the user's `queue-turn`, when the place is asked at once); polling is the fallback: every 10 s while the
 * stream is down; while it is up, every 30 s before the start and at the turn after it; and whenever the sale state
 * moves (but the start: see askAt). In between, the line moves on at the
 * admission rate the last answer gave.
 */
export default function QueuePanel({
  kind,
  id,
  saleState,
  onAdmitted,
}: {
  kind: DropKind;
  id: string;
  saleState: string;
  onAdmitted: (admitted: boolean) => void;
}) {
  const session = useSession();
  const [status, setStatus] = useState<{ s: QueueStatus; at: number } | null>(null);
  const current = useRef(status);
  current.current = status;
  const [busy, setBusy] = useState(false);
  const now = useNow(status !== null);
  const asking = useRef(false);
  const askedAt = useRef(0);
  // Whether this tab was answered a place; if the queue later says it holds none, the place was lost on its side.
  const placed = useRef(false);
  const [rejoinedAt, setRejoinedAt] = useState(0);

  const take = useCallback(
    (s: QueueStatus) => {
      if (IN_QUEUE.has(s.phase)) placed.current = true;
      setStatus({ s, at: Date.now() });
      if (s.phase === 'admitted' && s.token && s.admittedUntil)
        keepAdmission(`${kind}:${id}`, s.token, s.admittedUntil);
      onAdmitted(s.phase === 'admitted');
    },
    [kind, id, onAdmitted],
  );
  const ask = useCallback(async () => {
    if (!session || asking.current) return;
    asking.current = true;
    askedAt.current = Date.now();
    let res = await getQueueStatus({ kind, id });
    if (!isFailure(res) && res.phase === 'open' && placed.current) {
      // The queue no longer holds the place it gave this tab (an older server, an operator's reset): join again at
      // once, without the blocking loading toast, and say so in the line for a moment.
      res = await joinQueue({ kind, id }, { loading: false });
      if (!isFailure(res)) setRejoinedAt(Date.now());
    }
    asking.current = false;
    if (!isFailure(res)) take(res);
  }, [session, kind, id, take]);

  // Asked on opening and whenever the sale state moves, but not at the start itself: each buyer who waited for it
  // asks at their own moment of the crowd's spread (askAt), and every screen's clock turns the state at once.
  const lastState = useRef<string | null>(null);
  useEffect(() => {
    const started = lastState.current === 'upcoming' && saleState === 'on_sale';
    lastState.current = saleState;
    if (!started) void ask();
    const timer = setInterval(() => {
      if (!isStreamLive()) return void ask();
      // With the stream up, a buyer waiting after the start asks when the turn is due (below) or the stream says so;
      // before the start (the crowd's size moves their moment) and when not queuing, every LIVE_POLL_MS.
      const held = current.current;
      const waits = held !== null && (held.s.phase === 'waiting' || held.s.phase === 'waiting_start');
      const started =
        held !== null && Date.parse(held.s.serverTime) + Date.now() - held.at >= Date.parse(held.s.startsAt);
      if (!(waits && started) && Date.now() - askedAt.current >= LIVE_POLL_MS) void ask();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [ask, saleState]);

  // The stream: the line's moves for everyone waiting, and this buyer's own turn.
  const waiting = status?.s.phase === 'waiting' || status?.s.phase === 'waiting_start';
  useLiveTopic(session && waiting ? queueTopic(kind, id) : null, (e) => {
    const moved = status && movedBy(status.s, e);
    if (!moved) return;
    if (moved.position! <= 0) return void ask();
    setStatus({ s: moved, at: Date.now() });
  });
  useLiveUser((e) => {
    const turn = e as { type: string; kind?: string; id?: string };
    if (turn.type === 'queue-turn' && turn.kind === kind && turn.id === id) void ask();
  });

  const s = status?.s ?? null;
  const elapsed = status ? Math.max(0, now - status.at) : 0;
  const eta = s?.etaSeconds != null ? Math.max(0, s.etaSeconds - Math.floor(elapsed / 1000)) : 0;
  const moved = s ? Math.floor((elapsed * s.perMinute) / 60_000) : 0;
  const position = s?.position != null ? Math.max(1, s.position - moved) : null;
  // The server's clock now, from its last answer.
  const started = s !== null && Date.parse(s.serverTime) + elapsed >= Date.parse(s.startsAt);
  // The turn is due (or this buyer's moment after the start has come, spread over the crowd): ask at once rather
  // than at the next poll.
  const due =
    s !== null &&
    ((s.phase === 'waiting' && eta === 0) ||
      (s.phase === 'waiting_start' &&
        now >= Date.parse(s.askAt ?? s.startsAt) + (status!.at - Date.parse(s.serverTime))));
  useEffect(() => {
    if (due) void ask();
  }, [due, ask]);

  const join = async () => {
    if (!session) return signInAndReturn();
    setBusy(true);
    const res = await joinQueue({ kind, id });
    setBusy(false);
    if (!isFailure(res)) take(res);
  };

  const canJoin = !session || s?.phase === 'open';
  return (
    <section className="queue-panel" aria-labelledby="queue-title" data-phase={s?.phase ?? 'loading'}>
      <h3 id="queue-title">{s?.phase === 'admitted' ? '輪到你' : '熱門商品排隊'}</h3>
      <p className="queue-line" role="status" aria-live="polite">
        {!session
          ? '熱門商品須排隊購買：登入後即可加入排隊。'
          : s
            ? now - rejoinedAt < REJOINED_MS
              ? '排隊紀錄曾經遺失，已自動為你重新加入排隊。'
              : line(s, eta, position, started)
            : '正在讀取排隊狀態…'}
      </p>
      <div className="queue-action">
        {canJoin ? (
          <Button color="primary" size="small" loading={busy} onClick={() => void join()}>
            {session ? '加入排隊' : '登入並排隊'}
          </Button>
        ) : (
          <span className="queue-count">
            {s ? `已放行 ${s.admitted} / ${s.joined} 人 · 每分鐘 ${s.perMinute} 人` : ''}
          </span>
        )}
      </div>
    </section>
  );
}

/**
 * A hot drop's fairness report, shown once it is sold out or over; `spread`: the screen was open when it sold out, so
 * it asks at a random moment within REPORT_SPREAD_MS.
 */
export function FairnessReport({ kind, id, spread = false }: { kind: DropKind; id: string; spread?: boolean }) {
  const [r, setR] = useState<QueueReport | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        void getQueueReport({ kind, id }).then((res) => {
          if (live && !isFailure(res)) setR(res);
        }),
      spread ? Math.random() * REPORT_SPREAD_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, id, spread]);
  if (!r) return null;
  const rows: [string, ReactNode][] = [
    ['開售前加入', `${r.joinedBeforeStart} 人（隨機抽出次序）`],
    ['開售後加入', `${r.joinedAfterStart} 人（按先後）`],
    ['已放行', `${r.admitted} 人`],
    ['成功購買', `${r.buyers} 人 · ${r.unitsSold} 件`],
    ['售罄用時', r.sellOutSeconds === null ? '未售罄' : formatCountdown(r.sellOutSeconds * 1000)],
    ['每人限購', `${r.perUserLimit}（最多一人持有 ${r.mostByOneBuyer}）${r.capsHeld ? '：全部遵守' : '：超出！'}`],
  ];
  return (
    <section className="detail-section queue-report" aria-labelledby="queue-report-title">
      <h3 id="queue-report-title">公平報告</h3>
      <Facts items={rows} />
    </section>
  );
}
