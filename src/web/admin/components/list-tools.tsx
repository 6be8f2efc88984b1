import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter } from '@refinedev/core';
import { CloseCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  Button,
  Form,
  Input,
  Select,
  type FormProps,
  type InputProps,
  type PaginationProps,
  type SelectProps,
} from 'antd';
import type { ReactNode } from 'react';

/** `allowClear` of inputs and date pickers: antd's clear button is named after its icon ("close-circle"). */
export const CLEARABLE = { clearIcon: <CloseCircleFilled aria-label="清除" /> };

/** A search form's values as refine filters (`eq`: the contract's query fields). */
export const toFilters = (values: unknown): CrudFilter[] =>
  Object.entries((values ?? {}) as Record<string, unknown>).map(([field, value]) => ({
    field,
    operator: 'eq',
    value: typeof value === 'string' ? value.trim() : value,
  }));

/** A list's table whose filter bar's values are its query fields (see `toFilters`). */
export const useSearchTable = <T extends BaseRecord>(resource: string) =>
  useTable<T>({ resource, syncWithLocation: false, onSearch: toFilters });

/** Select options of `keys`, each labelled from `labels` (by default every key of `labels`, in its order). */
export const labelOptions = <K extends string>(
  labels: Record<K, string>,
  keys: readonly K[] = Object.keys(labels) as K[],
) => keys.map((k) => ({ value: k, label: labels[k] }));

/** A filter typed in, with a 清除 button. */
export function TextFilter({
  name,
  label,
  inputMode,
}: {
  name: string;
  label: string;
  inputMode?: InputProps['inputMode'];
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear={CLEARABLE} inputMode={inputMode} />
    </Form.Item>
  );
}

/** A filter picked from `options`, clearable, `width` px wide. */
export function ChoiceFilter({
  name,
  label,
  width = 120,
  ...select
}: { name: string; label: string; width?: number } & Pick<SelectProps, 'options' | 'showSearch' | 'optionFilterProp'>) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} {...select} />
    </Form.Item>
  );
}

/** The filter row above a table: labelled fields and one 搜尋 button. */
export function FilterBar({ formProps, children }: { formProps: FormProps; children: ReactNode }) {
  return (
    <Form {...formProps} layout="inline" className="admin-filters" name="filters">
      {children}
      <Form.Item>
        <Button htmlType="submit" type="primary">
          搜尋
        </Button>
      </Form.Item>
    </Form>
  );
}

const STEP_NAMES: Partial<Record<string, string>> = {
  prev: '上一頁',
  next: '下一頁',
  'jump-prev': '向前 5 頁',
  'jump-next': '向後 5 頁',
};

/**
 * The arrows and 「•••」 of antd's pager are icons named in English ("left", "double-right"): the same buttons
 * with Chinese names (the list item around them takes focus and clicks, as antd's do).
 */
const itemRender: PaginationProps['itemRender'] = (_page, type, element) => {
  const name = STEP_NAMES[type];
  if (!name) return element;
  const icon =
    type === 'prev' ? (
      <LeftOutlined aria-hidden="true" />
    ) : type === 'next' ? (
      <RightOutlined aria-hidden="true" />
    ) : (
      <span aria-hidden="true">•••</span>
    );
  return (
    <button type="button" className="ant-pagination-item-link" tabIndex={-1} aria-label={name}>
      {icon}
    </button>
  );
};

/** antd table paging without the page-size picker (a combobox without a name), its steps named in Chinese. */
export const paging = (pagination: unknown): false | PaginationProps =>
  pagination === false
    ? false
    : { ...(pagination as object), showSizeChanger: false, showTotal: (total: number) => `共 ${total} 項`, itemRender };
