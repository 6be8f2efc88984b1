import { List } from '@refinedev/antd';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { NOTIFY_CHANNEL_LABELS, NOTIFY_CHANNELS } from '../../../shared/schemas/notifications';
import type { DeadLetter } from '../../../shared/schemas/push';
import { ActionModal, type PendingAction } from '../components/action-modal';
import { ChoiceFilter, FilterBar, labelOptions, paging, useSearchTable } from '../components/list-tools';
import { formatTime, hkLabel } from '../lib/format';

const CHANNEL_OPTIONS = labelOptions(NOTIFY_CHANNEL_LABELS, NOTIFY_CHANNELS);

/** Notifications delivery gave up on (decision 038): who, which channel, what, how many tries, why; and 重試. */
export function DeadLettersScreen() {
  const { tableProps, searchFormProps } = useSearchTable<DeadLetter>('deadLetters');
  const [pending, setPending] = useState<PendingAction | null>(null);

  return (
    <List title="發送失敗的通知">
      <FilterBar formProps={searchFormProps}>
        <ChoiceFilter name="channel" label="渠道" width={140} options={CHANNEL_OPTIONS} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<DeadLetter> title={hkLabel('最後嘗試')} dataIndex="failedAt" render={formatTime} />
        <Table.Column<DeadLetter> title="用戶" render={(_, d) => `${d.user.nickname}（${d.user.phoneMasked}）`} />
        <Table.Column<DeadLetter>
          title="渠道"
          dataIndex="channel"
          render={(c: DeadLetter['channel']) => NOTIFY_CHANNEL_LABELS[c]}
        />
        <Table.Column<DeadLetter> title="通知" render={(_, d) => `${d.label}：${d.title}`} />
        <Table.Column<DeadLetter> title="嘗試次數" dataIndex="attempts" />
        <Table.Column<DeadLetter> title="最後錯誤" dataIndex="lastError" render={(e: string | null) => e ?? '—'} />
        <Table.Column<DeadLetter>
          title="操作"
          render={(_, d) => (
            <Button
              size="small"
              type="primary"
              onClick={() =>
                setPending({
                  path: 'deadLetters/retry',
                  title: `重新發送「${d.title}」予 ${d.user.nickname}（${NOTIFY_CHANNEL_LABELS[d.channel]}）`,
                  id: d.id,
                  okText: '重試',
                  done: '已重新排程發送',
                  fields: [],
                })
              }
              aria-label={`重試：${d.title}，${d.user.nickname}，${NOTIFY_CHANNEL_LABELS[d.channel]}`}
            >
              重試
            </Button>
          )}
        />
      </Table>
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['deadLetters']} />
    </List>
  );
}
