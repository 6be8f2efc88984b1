import { CrudList, editDeleteColumn, ON_SALE_FILTER, saleWindowColumn, useCrudTable } from '../components/crud-list';
import { Form, InputNumber, Space, Table } from 'antd';
import { FormModal } from '../components/form-modal';
import { FormSelect } from '../components/form-select';
import { ImagesUpload } from '../components/image-upload';
import { ChoiceFilter, paging } from '../components/list-tools';
import { NameFields, RightsFields, SaleFields, saleModal, type SaleValues } from '../components/sale-fields';
import { formatHkd } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { Product } from '../lib/types';

const TYPES = [
  { value: 1, label: '實物' },
  { value: 0, label: '其他' },
];

interface ProductValues extends SaleValues {
  type: number;
  name: string;
  nameEn: string | null;
  description: string;
  images: string[];
  stock: number;
}

export function ProductsScreen() {
  const { tableProps, list, setEditing, modal, remove } = useCrudTable<Product>('products', '商品');

  return (
    <CrudList
      {...list}
      filters={
        <>
          <ChoiceFilter name="type" label="類型" options={TYPES} />
          {ON_SALE_FILTER}
        </>
      }
    >
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<Product>
          title="圖片"
          dataIndex="images"
          render={(v: string[], r) => (v[0] ? <img src={v[0]} alt={r.name} className="admin-thumb" /> : '—')}
        />
        <Table.Column<Product> title="名稱" dataIndex="name" />
        <Table.Column<Product>
          title="類型"
          dataIndex="type"
          render={(v: number) => TYPES.find((t) => t.value === v)?.label ?? v}
        />
        <Table.Column<Product> title="售價" dataIndex="priceCents" render={(v: number) => formatHkd(v)} />
        <Table.Column<Product> title="庫存／已售／預留" render={(_, r) => `${r.stock}／${r.sold}／${r.reserved}`} />
        {saleWindowColumn<Product>()}
        {editDeleteColumn<Product>({
          noun: '商品',
          deleteNote: '已有訂單或物品的商品不能刪除。',
          onEdit: setEditing,
          onDelete: remove,
        })}
      </Table>
      <FormModal<ProductValues>
        {...modal}
        createSchema={SCHEMAS.productCreate}
        updateSchema={SCHEMAS.productUpdate}
        alsoInvalidate={['drops']}
        {...saleModal<Product, ProductValues>({
          toValues: (p) => ({
            type: p?.type ?? 1,
            name: p?.name ?? '',
            nameEn: p?.nameEn ?? null,
            description: p?.description ?? '',
            images: p?.images ?? [],
            stock: p?.stock ?? 0,
          }),
          toBody: (v) => ({
            type: v.type,
            name: v.name,
            nameEn: v.nameEn?.trim() || null,
            description: v.description ?? '',
            images: v.images ?? [],
            stock: v.stock,
          }),
        })}
      >
        <Space wrap size="large">
          <Form.Item name="type" label="類型" rules={[{ required: true, message: '請選擇類型' }]}>
            <FormSelect style={{ width: 120 }} options={TYPES} />
          </Form.Item>
          <Form.Item name="stock" label="庫存" rules={[{ required: true, message: '請填寫庫存' }]}>
            <InputNumber controls={false} min={0} max={1_000_000} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber controls={false} min={0} max={100000} />
          </Form.Item>
        </Space>
        <NameFields />
        <Form.Item name="images" label="圖片">
          <ImagesUpload purpose="product" label="商品圖片" />
        </Form.Item>
        <SaleFields />
        <RightsFields />
      </FormModal>
    </CrudList>
  );
}
