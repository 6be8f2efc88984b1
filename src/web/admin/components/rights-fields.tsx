import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Right } from '../../../shared/schemas/catalogue';
import {
  PERK_KIND_LABELS,
  PERK_PER_LABELS,
  PERK_PERIOD_LABELS,
  type PerkEffect,
  type PerkLimit,
} from '../../../shared/schemas/perks';
import { toCents, toDollars } from '../lib/format';
import { FormSelect, useNameSelect } from './form-select';

/** One right in the form: words only (`text`), or a perk's kind and fields (decision 029). */
export interface RightValues {
  id?: string;
  kind: 'text' | PerkEffect['kind'];
  title?: string;
  description?: string;
  percentOff?: number;
  /** 'all' for every product. */
  productType?: 'all' | 0 | 1;
  windowHours?: number;
  /** null for every mall item. */
  themeId?: string | null;
  productId?: string;
  period?: PerkLimit['period'];
  per?: PerkLimit['per'];
  uses?: number;
  /** Dollars; empty for no minimum. */
  minSpend?: number | null;
}

const DEFAULT_LIMIT = { period: 'month', per: 'holder', uses: 1, minSpend: null } as const;

/** A stored right as the form shows it. */
export function rightValues(r: Right): RightValues {
  const e = r.effect;
  const base = { id: r.id, title: r.title, description: r.description };
  if (!e) return { ...base, kind: 'text', ...DEFAULT_LIMIT };
  if (e.kind === 'priority') return { ...base, kind: 'priority', windowHours: e.windowHours, themeId: e.themeId };
  const limit = { ...e.limit, minSpend: toDollars(e.limit.minSpendCents) };
  if (e.kind === 'discount')
    return { ...base, kind: 'discount', percentOff: e.percentOff, productType: e.productType ?? 'all', ...limit };
  return { ...base, kind: 'free_item', productId: e.productId, ...limit };
}

/** The form's right as the request sends it: a perk's words are written by the server from its effect. */
export function rightBody(v: RightValues): Right {
  const base = { ...(v.id ? { id: v.id } : {}), title: v.title ?? '', description: v.description ?? '' };
  if (v.kind === 'text') return { ...base, effect: null };
  if (v.kind === 'priority')
    return { ...base, effect: { kind: 'priority', windowHours: v.windowHours ?? 24, themeId: v.themeId ?? null } };
  const limit: PerkLimit = {
    period: v.period ?? 'month',
    per: v.per ?? 'holder',
    uses: v.uses ?? 1,
    minSpendCents: toCents(v.minSpend ?? null),
  };
  if (v.kind === 'discount') {
    const productType = v.productType === 'all' || v.productType === undefined ? null : v.productType;
    return { ...base, effect: { kind: 'discount', percentOff: v.percentOff ?? 10, productType, limit } };
  }
  return { ...base, effect: { kind: 'free_item', productId: v.productId ?? '', limit } };
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
const KINDS = [{ value: 'text', label: '文字權益' }, ...options(PERK_KIND_LABELS)];
const PRODUCT_TYPES = [
  { value: 'all', label: '所有商品' },
  { value: 1, label: '實物' },
  { value: 0, label: '其他' },
];

/** The limits of a perk that is used up: period, whom it counts, uses and minimum spend. */
function LimitFields({ name, n }: { name: number; n: number }) {
  return (
    <>
      <Form.Item name={[name, 'period']} label={`權益 ${n} 使用週期`}>
        <FormSelect style={{ width: 120 }} options={options(PERK_PERIOD_LABELS)} />
      </Form.Item>
      <Form.Item name={[name, 'per']} label={`權益 ${n} 限制對象`}>
        <FormSelect style={{ width: 140 }} options={options(PERK_PER_LABELS)} />
      </Form.Item>
      <Form.Item name={[name, 'uses']} label={`權益 ${n} 每期次數`} rules={[{ required: true, message: '請填寫次數' }]}>
        <InputNumber controls={false} min={1} max={100} />
      </Form.Item>
      <Form.Item name={[name, 'minSpend']} label={`權益 ${n} 最低消費（港元；留空 = 不限）`}>
        <InputNumber controls={false} min={0} max={1_000_000} precision={2} />
      </Form.Item>
    </>
  );
}

/** One right: its kind, then the fields that kind has. */
function RightRow({ name, index, onRemove }: { name: number; index: number; onRemove: () => void }) {
  const form = Form.useFormInstance();
  const kind = (Form.useWatch(['rights', name, 'kind'], form) as RightValues['kind'] | undefined) ?? 'text';
  const themes = useNameSelect('themes');
  const products = useNameSelect('products');
  const n = index + 1;
  return (
    <Space align="start" wrap className="admin-right">
      <Form.Item name={[name, 'kind']} label={`權益 ${n} 類型`}>
        <FormSelect style={{ width: 140 }} options={KINDS} showSearch optionFilterProp="label" />
      </Form.Item>
      {kind === 'text' && (
        <>
          <Form.Item
            name={[name, 'title']}
            label={`權益 ${n} 標題`}
            rules={[{ required: true, whitespace: true, message: '請填寫權益標題' }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name={[name, 'description']} label={`權益 ${n} 說明`}>
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
      {kind === 'discount' && (
        <>
          <Form.Item
            name={[name, 'percentOff']}
            label={`權益 ${n} 折扣（減 %，20 = 8 折）`}
            rules={[{ required: true, message: '請填寫折扣' }]}
          >
            <InputNumber controls={false} min={1} max={90} />
          </Form.Item>
          <Form.Item name={[name, 'productType']} label={`權益 ${n} 適用商品類型`}>
            <FormSelect style={{ width: 120 }} options={PRODUCT_TYPES} />
          </Form.Item>
          <LimitFields name={name} n={n} />
        </>
      )}
      {kind === 'priority' && (
        <>
          <Form.Item
            name={[name, 'windowHours']}
            label={`權益 ${n} 提前小時`}
            rules={[{ required: true, message: '請填寫提前小時' }]}
          >
            <InputNumber controls={false} min={1} max={720} />
          </Form.Item>
          <Form.Item name={[name, 'themeId']} label={`權益 ${n} 卡冊（留空 = 所有商品）`}>
            <Select {...themes} allowClear style={{ width: 200 }} />
          </Form.Item>
        </>
      )}
      {kind === 'free_item' && (
        <>
          <Form.Item
            name={[name, 'productId']}
            label={`權益 ${n} 免費商品`}
            rules={[{ required: true, message: '請選擇免費商品' }]}
          >
            <FormSelect {...products} style={{ width: 220 }} />
          </Form.Item>
          <LimitFields name={name} n={n} />
        </>
      )}
      <Button onClick={onRemove} aria-label={`移除權益 ${n}`} style={{ marginTop: 30 }}>
        移除
      </Button>
    </Space>
  );
}

/**
 * Rights, added and removed by the operator: words only, or a perk set by its fields (discount, priority purchase,
 * free item) whose title and description the server writes from them, so the words match what the checkout does.
 */
export function RightsFields() {
  return (
    <Form.List name="rights">
      {(fields, { add, remove }) => (
        <fieldset className="admin-fieldset">
          <legend>權益</legend>
          {fields.map((field, index) => (
            <RightRow key={field.key} name={field.name} index={index} onRemove={() => remove(field.name)} />
          ))}
          <Button onClick={() => add({ kind: 'discount', percentOff: 20, productType: 1, ...DEFAULT_LIMIT })}>
            新增權益
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
