import { CrudList, editDeleteColumn, useCrudTable } from '../components/crud-list';
import { useList } from '@refinedev/core';
import { Form, InputNumber, Select, Table } from 'antd';
import { FormModal } from '../components/form-modal';
import { NameFields } from '../components/sale-fields';
import { ImageUpload } from '../components/image-upload';
import { paging } from '../components/list-tools';
import type { CardInfo, Theme } from '../lib/types';
import { SCHEMAS } from '../lib/schemas';

interface ThemeValues {
  name: string;
  nameEn: string | null;
  description: string;
  cover: string | null;
  bCardInfoId: string | null;
  sort: number;
}

/** The theme's B card: only its own card infos marked B card may be picked. */
function BCardSelect(props: {
  themeId: string | null;
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const { result } = useList<CardInfo>({
    resource: 'cardInfos',
    filters: [{ field: 'themeId', operator: 'eq', value: props.themeId }],
    pagination: { pageSize: 50 },
    queryOptions: { enabled: !!props.themeId },
  });
  const options = (result?.data ?? []).filter((c) => c.isBCard).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Select
      id={props.id}
      allowClear
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      options={options}
      placeholder={props.themeId ? '未設定' : '先儲存主題並新增標記為 B 卡的卡牌'}
      aria-label="B 卡"
    />
  );
}

export function ThemesScreen() {
  const { tableProps, list, editing, setEditing, modal, remove } = useCrudTable<Theme>('themes', '主題');

  return (
    <CrudList {...list}>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<Theme>
          title="封面"
          dataIndex="cover"
          render={(v: string | null, r) => (v ? <img src={v} alt={`${r.name}封面`} className="admin-thumb" /> : '—')}
        />
        <Table.Column<Theme> title="名稱" dataIndex="name" />
        <Table.Column<Theme> title="卡牌數量" dataIndex="cardInfoCount" />
        <Table.Column<Theme> title="排序" dataIndex="sort" />
        {editDeleteColumn<Theme>({
          noun: '主題',
          deleteNote: '已有卡牌的主題不能刪除。',
          onEdit: setEditing,
          onDelete: remove,
        })}
      </Table>
      <FormModal<ThemeValues>
        {...modal}
        createSchema={SCHEMAS.themeCreate}
        updateSchema={SCHEMAS.themeUpdate}
        toValues={(r) => {
          const t = r as Theme | null;
          return {
            name: t?.name ?? '',
            nameEn: t?.nameEn ?? null,
            description: t?.description ?? '',
            cover: t?.cover ?? null,
            bCardInfoId: t?.bCardInfoId ?? null,
            sort: t?.sort ?? 0,
          };
        }}
        toBody={(v) => ({
          name: v.name,
          nameEn: v.nameEn?.trim() || null,
          description: v.description ?? '',
          cover: v.cover ?? null,
          ...(editing ? { bCardInfoId: v.bCardInfoId ?? null } : {}),
          sort: v.sort ?? 0,
        })}
      >
        <NameFields />
        <Form.Item name="cover" label="封面">
          <ImageUpload purpose="theme" label="主題封面" />
        </Form.Item>
        {editing ? (
          <Form.Item name="bCardInfoId" label="B 卡">
            <BCardSelect themeId={editing.id} />
          </Form.Item>
        ) : null}
        <Form.Item name="sort" label="排序（數字小者排前）">
          <InputNumber controls={false} min={0} max={100000} />
        </Form.Item>
      </FormModal>
    </CrudList>
  );
}
