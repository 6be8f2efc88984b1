import type { CrudFilter } from '@refinedev/core';
import { Button, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

/** A search form's values as refine filters (`eq`: the contract's query fields). */
export const toFilters = (values: unknown): CrudFilter[] =>
  Object.entries((values ?? {}) as Record<string, unknown>).map(([field, value]) => ({ field, operator: 'eq', value: typeof value === 'string' ? value.trim() : value }));

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

/** antd table paging without the page-size picker (a combobox without a name). */
export const paging = (pagination: unknown) =>
  pagination === false ? false : { ...(pagination as object), showSizeChanger: false, showTotal: (total: number) => `共 ${total} 項` };
