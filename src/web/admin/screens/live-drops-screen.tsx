import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Select, Skeleton, Statistic, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatHkTime } from '../../../shared/hk-time';
import { LiveDropChart, type QueuePoint } from '../components/live-drop-chart';
import type { LiveDrop, LiveDropSeries } from '../lib/types';

/** How often the view asks again (decision 045: polled, not the SSE stream); paused while the tab is hidden. */
export const LIVE_POLL_MS = 5_000;
/** Queue samples kept for the chart: the last half hour of polls. */
const QUEUE_KEPT = (30 * 60_000) / LIVE_POLL_MS;

type Minute = LiveDropSeries['minutes'][number];
const KIND_LABELS = { card: '卡牌', product: '商品' } as const;
const keyOf = (d: { kind: string; id: string }) => `${d.kind}:${d.id}`;

/** One drop's figures, asked again every few seconds while `live`; the queue as it was seen at each poll. */
function DropFigures({ pick, live }: { pick: LiveDrop; live: boolean }) {
  const { result, query } = useCustom<LiveDropSeries>({
    url: 'liveDrops/detail',
    method: 'get',
    config: { query: { kind: pick.kind, id: pick.id, minutes: 30 } },
    queryOptions: { refetchInterval: live ? LIVE_POLL_MS : false, refetchIntervalInBackground: false },
  });
  const d = result?.data as LiveDropSeries | undefined;
  const [queue, setQueue] = useState<QueuePoint[]>([]);
  useEffect(() => setQueue([]), [pick.kind, pick.id]);
  useEffect(() => {
    if (d?.queue) setQueue((q) => [...q, { at: Date.parse(d.at), waiting: d.queue!.waiting }].slice(-QUEUE_KEPT));
  }, [d]);
  if (query.isError) return <Alert type="error" message={`未能載入發售數據：${query.error.message}`} />;
  if (query.isLoading || !d?.minutes) return <Skeleton active />;
  const last = d.minutes[d.minutes.length - 1];
  const paid = d.minutes.reduce((n, m) => n + m.paid, 0);
  return (
    <>
      <div className="admin-stat-grid">
        <Card>
          <Statistic title="剩餘數量" value={d.drop.left} suffix={`/ ${d.drop.total}`} />
        </Card>
        <Card>
          <Statistic title="本分鐘付款" value={last?.paid ?? 0} />
        </Card>
        <Card>
          <Statistic title="30 分鐘內付款" value={paid} />
        </Card>
        <Card>
          <Statistic title="輪候人數" value={d.queue ? d.queue.waiting : '未設輪候'} />
          {d.queue ? <span className="admin-muted">每分鐘放行 {d.queue.admittedPerMinute}</span> : null}
        </Card>
      </div>
      <Card title={<h2 className="admin-card-title">最近 30 分鐘（香港時間）</h2>} style={{ marginBottom: 16 }}>
        <p className="admin-muted">
          {`${formatHkTime(d.at)} 更新：${d.drop.name}剩餘 ${d.drop.left} 件（共 ${d.drop.total} 件），最近 30 分鐘付款 ${paid} 件` +
            (d.queue ? `，${d.queue.waiting} 人輪候` : '')}
        </p>
        <LiveDropChart minutes={d.minutes} queue={queue} />
        <Table<Minute>
          size="small"
          scroll={{ x: 'max-content' }}
          style={{ marginTop: 16 }}
          rowKey="at"
          pagination={{ pageSize: 10, showSizeChanger: false }}
          dataSource={[...d.minutes].reverse()}
        >
          <Table.Column<Minute> title="分鐘（香港時間）" dataIndex="at" render={(v: string) => formatHkTime(v)} />
          <Table.Column<Minute> title="下單數量" dataIndex="ordered" />
          <Table.Column<Minute> title="付款數量" dataIndex="paid" />
          <Table.Column<Minute> title="分鐘結束時剩餘" dataIndex="left" />
        </Table>
      </Card>
    </>
  );
}

/** 即時發售: pick a drop on sale now and watch its stock, sales per minute and queue, updated every few seconds. */
export function LiveDropsScreen() {
  const { result, query } = useCustom<LiveDrop[]>({ url: 'liveDrops', method: 'get' });
  // Refine answers `{}` until the first answer arrives.
  const drops = Array.isArray(result?.data) ? (result.data as LiveDrop[]) : [];
  const [picked, setPicked] = useState<string | undefined>();
  const [live, setLive] = useState(true);
  const pick = drops.find((d) => keyOf(d) === picked) ?? null;

  return (
    <main>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        即時發售
      </Typography.Title>
      {query.isError ? <Alert type="error" message={`未能載入發售中的項目：${query.error.message}`} /> : null}
      <div className="admin-live-tools">
        <label htmlFor="live-drop-pick">發售</label>
        <Select
          id="live-drop-pick"
          className="admin-live-pick"
          placeholder={query.isLoading ? '載入中…' : drops.length ? '選擇發售中的項目' : '現時沒有發售中的項目'}
          value={picked}
          onChange={setPicked}
          showSearch
          optionFilterProp="label"
          options={drops.map((d) => ({ value: keyOf(d), label: `${KIND_LABELS[d.kind]}・${d.name}` }))}
        />
        <Button onClick={() => setLive((v) => !v)} aria-pressed={!live} disabled={!pick}>
          {live ? '暫停更新' : '恢復更新'}
        </Button>
      </div>
      {pick ? (
        <DropFigures pick={pick} live={live} />
      ) : (
        <p className="admin-muted">選擇一項發售，查看剩餘數量、每分鐘銷售及輪候人數，每 5 秒更新。</p>
      )}
    </main>
  );
}
