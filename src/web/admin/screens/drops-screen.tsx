import { List } from '@refinedev/antd';
import { useList } from '@refinedev/core';
import { Button, Progress, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { formatHkTime } from '../../../shared/hk-time';
import { formatHkd, formatTime, hkDay, hkLabel, hkNow, toIso } from '../lib/format';
import { NewDropModal } from '../components/new-drop-modal';
import { QueueModal } from '../components/queue-modal';
import type { Drop } from '../lib/types';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const KIND = { card: '卡牌', product: '商品' } as const;

/** What goes on sale when: a month grid (drops by their first sale day) and the same drops as a table. */
export function DropsScreen() {
  const [month, setMonth] = useState(() => hkNow().startOf('month'));
  // The day 新增 was pressed on (null: the header's, no day); undefined: closed.
  const [adding, setAdding] = useState<Dayjs | null>();
  const [queueOf, setQueueOf] = useState<Drop | null>(null);
  const today = hkNow().startOf('day');
  const from = month.startOf('month');
  const to = month.endOf('month');
  const { result, query } = useList<Drop>({
    resource: 'drops',
    pagination: { mode: 'off' },
    meta: { query: { from: toIso(from), to: toIso(to) } },
  });
  const drops = useMemo(
    () => [...(result?.data ?? [])].sort((a, b) => (a.saleStartsAt ?? '').localeCompare(b.saleStartsAt ?? '')),
    [result],
  );

  const cells: (Dayjs | null)[] = [];
  for (let i = 0; i < from.day(); i += 1) cells.push(null);
  for (let d = 0; d < month.daysInMonth(); d += 1) cells.push(from.add(d, 'day'));

  const onDay = (day: Dayjs) => {
    const date = day.format('YYYY-MM-DD');
    return drops.filter((d) => d.saleStartsAt && hkDay(d.saleStartsAt) === date);
  };

  return (
    <List
      title="發售日曆"
      headerButtons={
        <Button type="primary" onClick={() => setAdding(null)}>
          新增
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => setMonth(month.subtract(1, 'month'))} aria-label="上一個月">
          ‹ 上月
        </Button>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }} aria-live="polite">
          {month.format('YYYY 年 M 月')}
        </Typography.Title>
        <Button onClick={() => setMonth(month.add(1, 'month'))} aria-label="下一個月">
          下月 ›
        </Button>
        <Button onClick={() => setMonth(hkNow().startOf('month'))}>本月</Button>
        <Typography.Text type="secondary">日期及時間均為香港時間</Typography.Text>
      </Space>
      <div className="admin-month-scroll">
        <div className="admin-month" role="table" aria-label={`${month.format('YYYY 年 M 月')}開售（香港時間）`}>
          <div role="row" className="admin-month-row">
            {WEEKDAYS.map((w) => (
              <div role="columnheader" key={w} className="admin-month-head">
                {w}
              </div>
            ))}
          </div>
          {Array.from({ length: Math.ceil(cells.length / 7) }, (_, week) => (
            <div role="row" className="admin-month-row" key={week}>
              {Array.from({ length: 7 }, (_, i) => {
                const day = cells[week * 7 + i];
                return (
                  <div role="cell" key={i} className="admin-month-cell">
                    {day ? (
                      <>
                        <span className="admin-month-date">{day.date()}</span>
                        {!day.isBefore(today) && (
                          <Button
                            size="small"
                            type="text"
                            className="admin-month-add"
                            aria-label={`新增 ${day.format('M 月 D 日')}開售`}
                            onClick={() => setAdding(day)}
                          >
                            ＋
                          </Button>
                        )}
                        {onDay(day).map((d) => (
                          <span key={`${d.kind}-${d.id}`} className="admin-calendar-item">
                            {d.saleStartsAt ? formatHkTime(d.saleStartsAt) : ''} {KIND[d.kind]}：{d.name}
                          </span>
                        ))}
                      </>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <Table<Drop>
        dataSource={drops}
        loading={query.isLoading}
        rowKey={(d) => `${d.kind}-${d.id}`}
        pagination={false}
        style={{ marginTop: 24 }}
        scroll={{ x: 'max-content' }}
      >
        <Table.Column<Drop> title="類別" dataIndex="kind" render={(k: Drop['kind']) => KIND[k]} />
        <Table.Column<Drop> title="名稱" dataIndex="name" />
        <Table.Column<Drop>
          title="售價"
          dataIndex="priceCents"
          render={(v: number | null) => (v === null ? '—' : formatHkd(v))}
        />
        <Table.Column<Drop> title={hkLabel('開售')} dataIndex="saleStartsAt" render={formatTime} />
        <Table.Column<Drop> title={hkLabel('停售')} dataIndex="saleEndsAt" render={formatTime} />
        <Table.Column<Drop> title="總量／已售／預留" render={(_, d) => `${d.total}／${d.sold}／${d.reserved}`} />
        <Table.Column<Drop>
          title="售出率"
          render={(_, d) => (
            <Progress
              percent={d.total ? Math.round((d.sold / d.total) * 1000) / 10 : 0}
              size="small"
              aria-label={`${d.name}售出率`}
            />
          )}
        />
        <Table.Column<Drop>
          title="排隊"
          render={(_, d) =>
            d.hot ? (
              <Button size="small" onClick={() => setQueueOf(d)} aria-label={`${d.name}的排隊及公平報告`}>
                排隊及報告
              </Button>
            ) : (
              '—'
            )
          }
        />
      </Table>
      <QueueModal drop={queueOf} onClose={() => setQueueOf(null)} />
      <NewDropModal day={adding} onClose={() => setAdding(undefined)} />
    </List>
  );
}
