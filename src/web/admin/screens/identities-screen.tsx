import { List, useTable } from '@refinedev/antd';
import { Button, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { ID_TYPE_LABELS, type IdType } from '../../../shared/identity';
import { IDENTITY_STATUS_LABELS } from '../../../shared/schemas/admin-users';
import { ActionModal, type PendingAction } from '../components/action-modal';
import { CLEARABLE, FilterBar, paging, toFilters } from '../components/list-tools';
import { formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { Identity } from '../lib/types';

const STATUS: Record<string, string> = IDENTITY_STATUS_LABELS;

/** Real-name records, masked only; an operator may revoke a verification (the user may verify again). */
export function IdentitiesScreen() {
  const { tableProps, searchFormProps } = useTable<Identity>({
    resource: 'identities',
    syncWithLocation: false,
    onSearch: toFilters,
  });
  const [pending, setPending] = useState<PendingAction | null>(null);

  return (
    <List title="實名認證">
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="q" label="手機號碼">
          <Input allowClear={CLEARABLE} inputMode="tel" />
        </Form.Item>
        <Form.Item name="status" label="狀態">
          <Select
            allowClear
            style={{ width: 120 }}
            options={Object.entries(STATUS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<Identity> title="手機號碼" dataIndex="phone" />
        <Table.Column<Identity>
          title="證件類型"
          dataIndex="idType"
          render={(t: string) => ID_TYPE_LABELS[t as IdType] ?? t}
        />
        <Table.Column<Identity> title="姓名" dataIndex="nameMasked" />
        <Table.Column<Identity> title="證件號碼" dataIndex="numberMasked" />
        <Table.Column<Identity> title="狀態" dataIndex="status" render={(s: string) => STATUS[s] ?? s} />
        <Table.Column<Identity> title={hkLabel('認證時間')} dataIndex="verifiedAt" render={formatTime} />
        <Table.Column<Identity>
          title={hkLabel('撤銷')}
          render={(_, r) => (r.revokedAt ? `${formatTime(r.revokedAt)}：${r.revokedReason ?? ''}` : '—')}
        />
        <Table.Column<Identity>
          title="操作"
          render={(_, r) =>
            r.revokedAt ? null : (
              <Button
                size="small"
                danger
                onClick={() =>
                  setPending({
                    path: 'identities/revoke',
                    title: `撤銷 ${r.phone} 的實名認證`,
                    id: r.id,
                    okText: '撤銷認證',
                    done: '已撤銷實名認證',
                    danger: true,
                    schema: SCHEMAS.revokeIdentity,
                    fields: [{ name: 'reason', label: '撤銷原因', required: true, max: 200, multiline: true }],
                  })
                }
                aria-label={`撤銷 ${r.phone} 的實名認證`}
              >
                撤銷
              </Button>
            )
          }
        />
      </Table>
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['identities', 'users']} />
    </List>
  );
}
