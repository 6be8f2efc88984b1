import { List } from '@refinedev/antd';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { ActionModal, type PendingAction } from '../components/action-modal';
import { ChoiceFilter, FilterBar, labelOptions, paging, TextFilter, useSearchTable } from '../components/list-tools';
import { formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { AdminFeedback } from '../lib/types';

const RATING_LABELS: Record<AdminFeedback['rating'], string> = { up: '👍 好評', down: '👎 差評' };
const ROLE_LABELS: Record<AdminFeedback['authorRole'], string> = { buyer: '買家', seller: '賣家' };

/** Trade feedback (issue 21 §4): hide a comment with a reason (the rating still counts), or show it again; audited. */
export function FeedbackScreen() {
  const { tableProps, searchFormProps } = useSearchTable<AdminFeedback>('feedback');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const who = (f: AdminFeedback) => `${f.author.nickname}對${f.subject.nickname}的評語`;

  return (
    <List title="交易評價">
      <FilterBar formProps={searchFormProps}>
        <TextFilter name="q" label="評語、訂單或用戶編號" />
        <ChoiceFilter name="rating" label="評價" width={110} options={labelOptions(RATING_LABELS)} />
        <ChoiceFilter name="hidden" label="狀態" width={110} options={labelOptions({ '0': '顯示中', '1': '已隱藏' })} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminFeedback> title={hkLabel('評價時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminFeedback>
          title="評價"
          dataIndex="rating"
          render={(r: AdminFeedback['rating']) => RATING_LABELS[r]}
        />
        <Table.Column<AdminFeedback>
          title="評語"
          dataIndex="comment"
          render={(c: string) => (
            <span style={{ display: 'inline-block', maxWidth: 280, overflowWrap: 'anywhere' }}>{c || '—'}</span>
          )}
        />
        <Table.Column<AdminFeedback>
          title="評價人 → 對象"
          render={(_, f) => `${f.author.nickname}（${ROLE_LABELS[f.authorRole]}）→ ${f.subject.nickname}`}
        />
        <Table.Column<AdminFeedback> title="訂單" dataIndex="orderId" />
        <Table.Column<AdminFeedback>
          title="狀態"
          render={(_, f) => (f.hiddenAt ? `已隱藏（${formatTime(f.hiddenAt)}）：${f.hiddenReason ?? ''}` : '顯示中')}
        />
        <Table.Column<AdminFeedback>
          title="操作"
          render={(_, f) =>
            f.hiddenAt ? (
              <Button
                size="small"
                aria-label={`重新顯示 ${who(f)}`}
                onClick={() =>
                  setPending({
                    path: 'feedback/unhide',
                    title: `重新顯示${who(f)}`,
                    id: f.id,
                    okText: '重新顯示',
                    done: '已重新顯示此評語',
                    fields: [],
                  })
                }
              >
                重新顯示
              </Button>
            ) : f.comment ? (
              <Button
                size="small"
                danger
                aria-label={`隱藏 ${who(f)}`}
                onClick={() =>
                  setPending({
                    path: 'feedback/hide',
                    title: `隱藏${who(f)}`,
                    id: f.id,
                    okText: '隱藏',
                    done: '已隱藏此評語，評價仍會計算',
                    danger: true,
                    schema: SCHEMAS.hideFeedback,
                    fields: [{ name: 'reason', label: '隱藏原因', required: true, max: 200, multiline: true }],
                  })
                }
              >
                隱藏
              </Button>
            ) : null
          }
        />
      </Table>
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['feedback', 'audit']} />
    </List>
  );
}
