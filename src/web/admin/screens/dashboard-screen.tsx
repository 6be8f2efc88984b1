import { useCustom } from '@refinedev/core';
import { Alert, Card, Col, Progress, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { DailyChart } from '../components/daily-chart';
import { paging } from '../components/list-tools';
import { PAY_ORDER_STATUS_LABELS } from '../../../shared/schemas/pay-orders';
import { formatHkd, percent } from '../lib/format';
import type { Dashboard } from '../lib/types';

/** Sales, GMV and fees by day, orders by status, new users, drops and their sell-through, queues. */
export function DashboardScreen() {
  const { result, query } = useCustom<Dashboard>({ url: 'dashboard', method: 'get', config: { query: { days: 30 } } });
  const d = result?.data as Dashboard | undefined;
  if (query.isError) return <Alert type="error" message={`未能載入主控台：${query.error.message}`} />;
  if (query.isLoading || !d?.daily) return <Skeleton active />;
  const total = (key: 'sales' | 'gmv' | 'fees') => d.daily.reduce((n, day) => n + day[key], 0);

  return (
    <main>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        主控台
      </Typography.Title>
      <div className="admin-stat-grid">
        <Card>
          <Statistic title="30 日銷售筆數" value={total('sales')} />
        </Card>
        <Card>
          <Statistic title="30 日成交額" value={formatHkd(total('gmv'))} />
        </Card>
        <Card>
          <Statistic title="30 日手續費" value={formatHkd(total('fees'))} />
        </Card>
        <Card>
          <Statistic title="30 日新用戶" value={d.newUsers.reduce((n, u) => n + u.count, 0)} />
        </Card>
        <Card>
          <Statistic title="待處理提貨" value={d.queues.shipments} />
          <Link to="/shipments">前往提貨發貨</Link>
        </Card>
        <Card>
          <Statistic title="待處理提現" value={d.queues.withdrawals} />
          <Link to="/withdrawals">前往提現</Link>
        </Card>
      </div>
      <Card title={<h2 className="admin-card-title">每日銷售</h2>} style={{ marginBottom: 16 }}>
        <DailyChart days={d.daily} />
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          style={{ marginTop: 16 }}
          rowKey="date"
          pagination={paging({ pageSize: 7 })}
          dataSource={[...d.daily].reverse()}
          columns={[
            { title: '日期', dataIndex: 'date', key: 'date' },
            { title: '銷售筆數', dataIndex: 'sales', key: 'sales' },
            { title: '成交額', dataIndex: 'gmv', key: 'gmv', render: (v: number) => formatHkd(v) },
            { title: '手續費', dataIndex: 'fees', key: 'fees', render: (v: number) => formatHkd(v) },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="admin-card-title">訂單狀態（30 日內建立）</h2>} style={{ marginBottom: 16 }}>
            <Table
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey="status"
              pagination={false}
              dataSource={Object.entries(d.ordersByStatus).map(([status, count]) => ({ status, count }))}
              columns={[
                {
                  title: '狀態',
                  dataIndex: 'status',
                  key: 'status',
                  render: (s: keyof typeof PAY_ORDER_STATUS_LABELS) => PAY_ORDER_STATUS_LABELS[s] ?? s,
                },
                { title: '數量', dataIndex: 'count', key: 'count' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="admin-card-title">每日新用戶</h2>} style={{ marginBottom: 16 }}>
            <Table
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey="date"
              pagination={paging({ pageSize: 7 })}
              dataSource={[...d.newUsers].reverse()}
              columns={[
                { title: '日期', dataIndex: 'date', key: 'date' },
                { title: '新用戶', dataIndex: 'count', key: 'count' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title={<h2 className="admin-card-title">發售中及售出率</h2>}>
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          rowKey={(r) => `${r.kind}-${r.id}`}
          pagination={false}
          dataSource={d.drops}
          columns={[
            { title: '名稱', dataIndex: 'name', key: 'name' },
            { title: '類別', dataIndex: 'kind', key: 'kind', render: (k: string) => (k === 'card' ? '卡牌' : '商品') },
            {
              title: '已售／總量',
              key: 'sold',
              render: (_: unknown, r: Dashboard['drops'][number]) => `${r.sold}／${r.total}`,
            },
            {
              title: '售出率',
              dataIndex: 'sellThrough',
              key: 'sellThrough',
              render: (v: number, r: Dashboard['drops'][number]) => (
                <Progress
                  percent={Math.round(v * 1000) / 10}
                  size="small"
                  format={() => percent(v)}
                  aria-label={`${r.name}售出率`}
                />
              ),
            },
          ]}
        />
      </Card>
    </main>
  );
}
