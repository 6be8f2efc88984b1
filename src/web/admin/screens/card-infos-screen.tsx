import { CrudList, editDeleteColumn, ON_SALE_FILTER, saleWindowColumn, useCrudTable } from '../components/crud-list';
import { Form, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { RARITIES } from '../../../shared/constants';
import { FormModal } from '../components/form-modal';
import { FormSelect, useNameSelect } from '../components/form-select';
import { ImageUpload } from '../components/image-upload';
import { paging } from '../components/list-tools';
import { NameFields, RightsFields, SaleFields, saleModal, type SaleValues } from '../components/sale-fields';
import { formatHkd } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { CardInfo } from '../lib/types';

interface CardInfoValues extends SaleValues {
  themeId: string;
  name: string;
  nameEn: string | null;
  description: string;
  image: string | null;
  rarity: string;
  editionSize: number;
  isBCard: boolean;
}

export function CardInfosScreen() {
  const { tableProps, list, setEditing, modal, remove } = useCrudTable<CardInfo>('cardInfos', '卡牌');
  const themeSelect = useNameSelect('themes');

  return (
    <CrudList
      {...list}
      filters={
        <>
          <Form.Item name="themeId" label="主題">
            <Select {...themeSelect} allowClear style={{ width: 200 }} />
          </Form.Item>
          {ON_SALE_FILTER}
        </>
      }
    >
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
        {saleWindowColumn<CardInfo>()}
        {editDeleteColumn<CardInfo>({
          noun: '卡牌',
          deleteNote: '已有卡、兌換碼或掛單的卡牌不能刪除。',
          onEdit: setEditing,
          onDelete: remove,
        })}
      </Table>
      <FormModal<CardInfoValues>
        {...modal}
        createSchema={SCHEMAS.cardInfoCreate}
        updateSchema={SCHEMAS.cardInfoUpdate}
        alsoInvalidate={['themes', 'drops']}
        {...saleModal<CardInfo, CardInfoValues>({
          toValues: (c) => ({
            themeId: c?.themeId,
            name: c?.name ?? '',
            nameEn: c?.nameEn ?? null,
            description: c?.description ?? '',
            image: c?.image ?? null,
            rarity: c?.rarity ?? 'N',
            editionSize: c?.editionSize ?? 100,
            isBCard: c?.isBCard ?? false,
          }),
          toBody: (v) => ({
            themeId: v.themeId,
            name: v.name,
            nameEn: v.nameEn?.trim() || null,
            description: v.description ?? '',
            image: v.image ?? null,
            rarity: v.rarity,
            editionSize: v.editionSize,
            isBCard: v.isBCard ?? false,
          }),
        })}
      >
        <Form.Item name="themeId" label="主題" rules={[{ required: true, message: '請選擇主題' }]}>
          <FormSelect {...themeSelect} />
        </Form.Item>
        <NameFields />
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
    </CrudList>
  );
}
