import { useTable } from '@refinedev/antd';
import { Button, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { confirmAction } from '../components/action-modal';
import { actionsColumn, AddList } from '../components/crud-list';
import { FormModal, useModalRecord } from '../components/form-modal';
import { paging } from '../components/list-tools';
import { useAction } from '../components/use-remove';
import { formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { PrivacyVersion } from '../lib/types';

interface PrivacyValues {
  version: string;
  title: string;
  body: string;
}

/** Privacy policy versions: drafts are edited, publishing one makes it the current policy. */
export function PrivacyScreen() {
  const { tableProps } = useTable<PrivacyVersion>({ resource: 'privacy', syncWithLocation: false });
  const { setRecord: setEditing, modal } = useModalRecord<PrivacyVersion>('privacy', '私隱政策版本');
  const [viewing, setViewing] = useState<PrivacyVersion | null>(null);
  const act = useAction('privacy');

  return (
    <AddList title="私隱政策" add="新增版本（草稿）" onAdd={() => setEditing(null)}>
      <Table
        {...tableProps}
        pagination={paging(tableProps.pagination)}
        rowKey="id"
        expandable={{
          expandedRowRender: (r) => <div className="admin-preview">{r.body}</div>,
          expandedRowKeys: viewing ? [viewing.id] : [],
          showExpandColumn: false,
        }}
        scroll={{ x: 'max-content' }}
      >
        <Table.Column<PrivacyVersion> title="版本" dataIndex="version" />
        <Table.Column<PrivacyVersion> title="標題" dataIndex="title" />
        <Table.Column<PrivacyVersion>
          title={hkLabel('發佈時間')}
          dataIndex="publishedAt"
          render={(v: string | null, r) =>
            v ? (
              <>
                {formatTime(v)} {r.current ? <Tag color="blue">現行版本</Tag> : null}
              </>
            ) : (
              '草稿'
            )
          }
        />
        {actionsColumn<PrivacyVersion>((r) => (
          <>
            <Button
              size="small"
              onClick={() => setViewing(viewing?.id === r.id ? null : r)}
              aria-expanded={viewing?.id === r.id}
              aria-label={`${viewing?.id === r.id ? '收起' : '預覽'}版本 ${r.version}`}
            >
              {viewing?.id === r.id ? '收起' : '預覽'}
            </Button>
            {r.publishedAt === null ? (
              <>
                <Button size="small" onClick={() => setEditing(r)} aria-label={`編輯版本 ${r.version}`}>
                  編輯
                </Button>
                <Button
                  size="small"
                  type="primary"
                  onClick={() =>
                    confirmAction({
                      title: `發佈版本 ${r.version}？`,
                      content: '發佈後即成為現行私隱政策，不能再修改。',
                      okText: '發佈',
                      run: () => act('publish', { id: r.id }, `已發佈版本 ${r.version}`),
                    })
                  }
                  aria-label={`發佈版本 ${r.version}`}
                >
                  發佈
                </Button>
              </>
            ) : null}
          </>
        ))}
      </Table>
      <FormModal<PrivacyValues>
        {...modal}
        width={800}
        createSchema={SCHEMAS.privacyCreate}
        updateSchema={SCHEMAS.privacyUpdate}
        toValues={(r) => {
          const p = r as PrivacyVersion | null;
          return { version: p?.version ?? '', title: p?.title ?? '私隱政策', body: p?.body ?? '' };
        }}
        toBody={(v) => ({ version: v.version, title: v.title, body: v.body })}
      >
        <Typography.Paragraph className="admin-muted">草稿可隨時修改；發佈後成為現行版本。</Typography.Paragraph>
        <Form.Item
          name="version"
          label="版本號（例如 2026-11）"
          rules={[{ required: true, whitespace: true, message: '請填寫版本號' }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="title" label="標題" rules={[{ required: true, whitespace: true, message: '請填寫標題' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="body" label="內文" rules={[{ required: true, whitespace: true, message: '請填寫內文' }]}>
          <Input.TextArea rows={12} />
        </Form.Item>
      </FormModal>
    </AddList>
  );
}
