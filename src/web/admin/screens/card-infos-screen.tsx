import { EditDeleteActions } from '../components/edit-delete-actions';
import { List, useTable } from '@refinedev/antd';
import { useSelect } from '@refinedev/antd';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { RARITIES } from '../../../shared/constants';
import { FormModal } from '../components/form-modal';
import { FormSelect } from '../components/form-select';
import { ImageUpload } from '../components/image-upload';
import { CLEARABLE, FilterBar, paging, toFilters } from '../components/list-tools';
import { RightsFields, SaleFields } from '../components/sale-fields';
import { useRemove } from '../components/use-remove';
import { formatHkd, formatTime, fromIso, toCents, toDollars, toIso } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { CardInfo, Right, Theme } from '../lib/types';

interface CardInfoValues {
  themeId: string;
  name: string;
  description: string;
  image: string | null;
  rarity: string;
  editionSize: number;
  price: number | null;
  saleStartsAt: Dayjs | null;
  saleEndsAt: Dayjs | null;
  perUserLimit: number;
  rights: Right[];
  isBCard: boolean;
  sort: number;
}

export function CardInfosScreen() {
  const { tableProps, searchFormProps } = useTable<CardInfo>({
    resource: 'cardInfos',
    syncWithLocation: false,
    onSearch: toFilters,
  });
  const { selectProps: themeSelect } = useSelect<Theme>({
    resource: 'themes',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (q) => [{ field: 'q', operator: 'eq', value: q }],
  });
  const [editing, setEditing] = useState<CardInfo | null | undefined>(undefined);
  const remove = useRemove('cardInfos', '卡牌');

  return (
    <List
      title="卡牌"
      headerButtons={
        <Button type="primary" onClick={() => setEditing(null)}>
          新增卡牌
        </Button>
      }
    >
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="q" label="關鍵字">
          <Input allowClear={CLEARABLE} />
        </Form.Item>
        <Form.Item name="themeId" label="主題">
          <Select {...themeSelect} allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="onSale" label="發售中">
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'true', label: '是' },
              { value: 'false', label: '否' },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<CardInfo>
          title="圖片"
          dataIndex="image"
          render={(v: string | null, r) => (v ? <img src={v} alt={r.name} className="admin-thumb" /> : '—')}
        />
        <Table.Column<CardInfo>
          title="名稱"
          dataIndex="name"
          render={(v: string, r) => (
            <>
              {v} {r.isBCard ? <Tag>B 卡</Tag> : null}
            </>
          )}
        />
        <Table.Column<CardInfo> title="主題" dataIndex="themeName" />
        <Table.Column<CardInfo> title="稀有度" dataIndex="rarity" />
        <Table.Column<CardInfo>
          title="售價"
          dataIndex="priceCents"
          render={(v: number | null) => (v === null ? '不發售' : formatHkd(v))}
        />
        <Table.Column<CardInfo> title="發行量" dataIndex="editionSize" />
        <Table.Column<CardInfo> title="已鑄造／預留" render={(_, r) => `${r.minted}／${r.reserved}`} />
        <Table.Column<CardInfo>
          title="發售期"
          render={(_, r) => `${formatTime(r.saleStartsAt)} 至 ${formatTime(r.saleEndsAt)}`}
        />
        <Table.Column<CardInfo>
          title="操作"
          render={(_, r) => (
            <EditDeleteActions
              noun="卡牌"
              name={r.name}
              deleteNote="已有卡、兌換碼或掛單的卡牌不能刪除。"
              onEdit={() => setEditing(r)}
              onDelete={() => remove(r.id)}
            />
          )}
        />
      </Table>
      <FormModal<CardInfoValues>
        resource="cardInfos"
        noun="卡牌"
        record={editing}
        onClose={() => setEditing(undefined)}
        width={760}
        createSchema={SCHEMAS.cardInfoCreate}
        updateSchema={SCHEMAS.cardInfoUpdate}
        fieldOf={{ priceCents: 'price' }}
        alsoInvalidate={['themes', 'drops']}
        toValues={(r) => {
          const c = r as CardInfo | null;
          return {
            themeId: c?.themeId,
            name: c?.name ?? '',
            description: c?.description ?? '',
            image: c?.image ?? null,
            rarity: c?.rarity ?? 'N',
            editionSize: c?.editionSize ?? 100,
            price: toDollars(c?.priceCents),
            saleStartsAt: fromIso(c?.saleStartsAt),
            saleEndsAt: fromIso(c?.saleEndsAt),
            perUserLimit: c?.perUserLimit ?? 1,
            rights: c?.rights ?? [],
            isBCard: c?.isBCard ?? false,
            sort: c?.sort ?? 0,
          };
        }}
        toBody={(v) => ({
          themeId: v.themeId,
          name: v.name,
          description: v.description ?? '',
          image: v.image ?? null,
          rarity: v.rarity,
          editionSize: v.editionSize,
          priceCents: toCents(v.price),
          saleStartsAt: toIso(v.saleStartsAt),
          saleEndsAt: toIso(v.saleEndsAt),
          perUserLimit: v.perUserLimit,
          rights: v.rights ?? [],
          isBCard: v.isBCard ?? false,
          sort: v.sort ?? 0,
        })}
      >
        <Form.Item name="themeId" label="主題" rules={[{ required: true, message: '請選擇主題' }]}>
          <FormSelect {...themeSelect} />
        </Form.Item>
        <Form.Item name="name" label="名稱" rules={[{ required: true, whitespace: true, message: '請填寫名稱' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="description" label="簡介">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="image" label="圖片">
          <ImageUpload purpose="card_info" label="卡牌圖片" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="rarity" label="稀有度" rules={[{ required: true, message: '請選擇稀有度' }]}>
            <FormSelect style={{ width: 120 }} options={RARITIES.map((r) => ({ value: r, label: r }))} />
          </Form.Item>
          <Form.Item name="editionSize" label="發行量" rules={[{ required: true, message: '請填寫發行量' }]}>
            <InputNumber controls={false} min={1} max={1_000_000} />
          </Form.Item>
          <Form.Item name="isBCard" label="B 卡" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber controls={false} min={0} max={100000} />
          </Form.Item>
        </Space>
        <SaleFields priceOptional />
        <RightsFields />
      </FormModal>
    </List>
  );
}
