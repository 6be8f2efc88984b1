import type { AdminCardInfo } from '../../../shared/schemas/admin-catalogue';
import { CLEARABLE } from './list-tools';
import { Checkbox, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { fromIso, hkLabel, toCents, toDollars, toIso } from '../lib/format';
import { rightBody, rightValues, type RightValues } from './rights-fields';

export { RightsFields } from './rights-fields';

/** What card infos and products have for sale, as stored (a product's price is never null). */
type SaleRecord = Pick<
  AdminCardInfo,
  'priceCents' | 'saleStartsAt' | 'saleEndsAt' | 'perUserLimit' | 'hot' | 'rights' | 'sort'
>;

/** The form values of `SaleFields`, `RightsFields` and the 排序 field. */
export interface SaleValues {
  price: number | null;
  saleStartsAt: Dayjs | null;
  saleEndsAt: Dayjs | null;
  perUserLimit: number;
  hot: boolean;
  rights: RightValues[];
  sort: number;
}

/** A record's sale values in the form (a new one's defaults: one per user, no rights, sort 0). */
const saleValues = (r: SaleRecord | null | undefined): SaleValues => ({
  price: toDollars(r?.priceCents),
  saleStartsAt: fromIso(r?.saleStartsAt),
  saleEndsAt: fromIso(r?.saleEndsAt),
  perUserLimit: r?.perUserLimit ?? 1,
  hot: r?.hot ?? false,
  rights: (r?.rights ?? []).map(rightValues),
  sort: r?.sort ?? 0,
});

/** The sale values as the request body has them. */
const saleBody = (v: SaleValues) => ({
  priceCents: toCents(v.price),
  saleStartsAt: toIso(v.saleStartsAt),
  saleEndsAt: toIso(v.saleEndsAt),
  perUserLimit: v.perUserLimit,
  hot: v.hot ?? false,
  rights: (v.rights ?? []).map(rightBody),
  sort: v.sort ?? 0,
});

/**
 * FormModal props of a record with `SaleFields`: wide, the body's priceCents errors shown at 售價, and the sale
 * values read and written besides the record's own (`own`).
 */
export function saleModal<R extends SaleRecord, V extends SaleValues>(own: {
  toValues: (record: R | null) => Partial<V>;
  toBody: (values: V) => Record<string, unknown>;
}) {
  return {
    width: 760,
    fieldOf: { priceCents: 'price' },
    toValues: (record: object | null) => ({ ...own.toValues(record as R | null), ...saleValues(record as R | null) }),
    toBody: (values: V) => ({ ...own.toBody(values), ...saleBody(values) }),
  };
}

/** 名稱 and 簡介 of a theme, card or product. */
export function NameFields() {
  return (
    <>
      <Form.Item name="name" label="名稱" rules={[{ required: true, whitespace: true, message: '請填寫名稱' }]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="nameEn" label="英文名稱（選填，搜尋用）">
        <Input maxLength={100} lang="en" />
      </Form.Item>
      <Form.Item name="description" label="簡介">
        <Input.TextArea rows={3} />
      </Form.Item>
    </>
  );
}

/** Price (dollars), sale window and per-user limit: shared by card infos and products. */
export function SaleFields({ priceOptional }: { priceOptional?: boolean }) {
  return (
    <>
      <Form.Item
        name="price"
        label={priceOptional ? '售價（港元；留空 = 不在商城發售）' : '售價（港元）'}
        rules={priceOptional ? [] : [{ required: true, message: '請填寫售價' }]}
      >
        <InputNumber controls={false} min={0} max={1_000_000} precision={2} step={1} style={{ width: 200 }} />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="saleStartsAt" label={hkLabel('開售時間')}>
          <DatePicker allowClear={CLEARABLE} showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item
          name="saleEndsAt"
          label={hkLabel('停售時間')}
          dependencies={['saleStartsAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: { isAfter: (d: unknown) => boolean } | null) => {
                const start = getFieldValue('saleStartsAt') as unknown;
                if (value && start && !value.isAfter(start)) throw new Error('停售時間必須在開售時間之後');
              },
            }),
          ]}
        >
          <DatePicker allowClear={CLEARABLE} showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="perUserLimit" label="每人限購" rules={[{ required: true, message: '請填寫每人限購數量' }]}>
          <InputNumber controls={false} min={1} max={10000} />
        </Form.Item>
      </Space>
      <Form.Item name="hot" valuePropName="checked" extra="買家須在排隊室輪候，輪到才可購買（開售前 10 分鐘開放排隊）">
        <Checkbox>熱門（排隊購買）</Checkbox>
      </Form.Item>
    </>
  );
}
