import { Button, Descriptions, InputNumber, Modal, Space, message } from 'antd';
import { useEffect, useState } from 'react';
import type { AdminQueue, DropKind } from '../../../shared/schemas/queue';
import { call } from '../lib/api';

/**
 * A hot drop's waiting room in the back office (decision 044): the fairness report (joined before and after the
 * start, admitted, bought, time to sell out, per-buyer caps) and the admission rate, which applies from now on.
 */
export function QueueModal({
  drop,
  onClose,
}: {
  drop: { kind: DropKind; id: string; name: string } | null;
  onClose: () => void;
}) {
  const [q, setQ] = useState<AdminQueue | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setQ(null);
    if (!drop) return;
    call<AdminQueue>('GET', 'queue', { query: { kind: drop.kind, id: drop.id } })
      .then((a) => {
        setQ(a.data);
        setRate(a.data.perMinute);
      })
      .catch((err: { message?: string }) => void message.error(err.message ?? '未能讀取排隊資料'));
  }, [drop]);

  const save = async () => {
    if (!drop || rate === null) return;
    setSaving(true);
    try {
      const a = await call<AdminQueue>('POST', 'queue/rate', {
        body: { kind: drop.kind, id: drop.id, perMinute: rate },
      });
      setQ(a.data);
      void message.success(a.msg || '已更新放行速度');
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '未能更新');
    } finally {
      setSaving(false);
    }
  };

  const r = q?.report;
  return (
    <Modal open={drop !== null} title={`排隊：${drop?.name ?? ''}`} onCancel={onClose} footer={null} width={640}>
      {r && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="開售前加入（隨機次序）">{r.joinedBeforeStart} 人</Descriptions.Item>
          <Descriptions.Item label="開售後加入（先後次序）">{r.joinedAfterStart} 人</Descriptions.Item>
          <Descriptions.Item label="已放行">{r.admitted} 人</Descriptions.Item>
          <Descriptions.Item label="成功購買">
            {r.buyers} 人 · {r.unitsSold} 件
          </Descriptions.Item>
          <Descriptions.Item label="售罄用時">
            {r.sellOutSeconds === null ? '未售罄' : `${r.sellOutSeconds} 秒`}
          </Descriptions.Item>
          <Descriptions.Item label="每人限購">
            {r.perUserLimit}（最多一人持有 {r.mostByOneBuyer}）{r.capsHeld ? '：全部遵守' : '：超出！'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Space style={{ marginTop: 16 }} wrap>
        <label htmlFor="queue-rate">每分鐘放行人數{q && !q.custom ? '（預設）' : ''}</label>
        <InputNumber id="queue-rate" controls={false} min={1} max={100_000} value={rate} onChange={(v) => setRate(v)} />
        <Button type="primary" loading={saving} onClick={() => void save()} disabled={!q}>
          更新放行速度
        </Button>
      </Space>
    </Modal>
  );
}
