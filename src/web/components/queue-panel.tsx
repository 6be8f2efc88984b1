import { Button } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DropKind, QueueReport, QueueStatus } from '../../shared/schemas/queue';
import { formatCountdown, formatHkDateTime } from '../../shared/hk-time';
import { getQueueReport } from '../api/get-queue-report';
import { getQueueStatus } from '../api/get-queue-status';
import { joinQueue } from '../api/join-queue';
import { keepAdmission } from '../lib/admission';
import { isFailure } from '../lib/request';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import { useNow } from '../lib/use-clock';
import { Facts } from './facts';
import './queue-panel.css';

/** How often the place is asked again; the line moves on the screen between answers from the admission rate. */
const POLL_MS = 10_000;

/** What a phase says, in one line under the panel's title. */
function line(s: QueueStatus, eta: number, position: number | null): string {
  switch (s.phase) {
    case 'closed':
      return `排隊將於 ${formatHkDateTime(s.opensAt)} 開始（開售前 10 分鐘）`;
    case 'open':
      return `已有 ${s.joined} 人排隊。開售前加入的人會在開售時隨機抽出次序，之後加入的按先後排隊。`;
    case 'waiting_start':
      return `已加入排隊（共 ${s.joined} 人）。開售時會公平隨機抽出你的位置。`;
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
 * says, so nothing below moves. The place is asked every 10 s and whenever the live stream moves the sale state; in
 * between, the line moves on at the admission rate the last answer gave.
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
  const [busy, setBusy] = useState(false);
  const now = useNow(status !== null);
  const asking = useRef(false);

  const take = useCallback(
    (s: QueueStatus) => {
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
    const res = await getQueueStatus({ kind, id });
    asking.current = false;
    if (!isFailure(res)) take(res);
  }, [session, kind, id, take]);

  useEffect(() => {
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => clearInterval(timer);
  }, [ask, saleState]);

  const s = status?.s ?? null;
  const elapsed = status ? Math.max(0, now - status.at) : 0;
  const eta = s?.etaSeconds != null ? Math.max(0, s.etaSeconds - Math.floor(elapsed / 1000)) : 0;
  const moved = s ? Math.floor((elapsed * s.perMinute) / 60_000) : 0;
  const position = s?.position != null ? Math.max(1, s.position - moved) : null;
  // The turn is due (or the start has come): ask at once rather than at the next poll.
  const due =
    s !== null &&
    ((s.phase === 'waiting' && eta === 0) ||
      (s.phase === 'waiting_start' && now >= Date.parse(s.startsAt) + (status!.at - Date.parse(s.serverTime))));
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
        {!session ? '熱門商品須排隊購買：登入後即可加入排隊。' : s ? line(s, eta, position) : '正在讀取排隊狀態…'}
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

/** A hot drop's fairness report, shown once it is sold out or over. */
export function FairnessReport({ kind, id }: { kind: DropKind; id: string }) {
  const [r, setR] = useState<QueueReport | null>(null);
  useEffect(() => {
    void getQueueReport({ kind, id }).then((res) => {
      if (!isFailure(res)) setR(res);
    });
  }, [kind, id]);
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
