import { List, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Button, Form, Input, Select, Table, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatTime } from '../lib/format';
import { EditDeleteActions } from './edit-delete-actions';
import { CLEARABLE, FilterBar, toFilters } from './list-tools';
import { useRemove } from './use-remove';

/** A catalogue list's table with its keyword search, the row being edited (null: a new one) and 刪除. */
export function useCrudTable<T extends BaseRecord>(resource: string, noun: string) {
  const { tableProps, searchFormProps } = useTable<T>({ resource, syncWithLocation: false, onSearch: toFilters });
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const remove = useRemove(resource, noun);
  return { tableProps, searchFormProps, editing, setEditing, remove };
}

/** The list page: its title, 新增<noun>, the filter bar (關鍵字 first, then `filters`) and the table. */
export function CrudList(props: {
  title: string;
  noun: string;
  onAdd: () => void;
  searchFormProps: FormProps;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <List
      title={props.title}
      headerButtons={
        <Button type="primary" onClick={props.onAdd}>
          新增{props.noun}
        </Button>
      }
    >
      <FilterBar formProps={props.searchFormProps}>
        <Form.Item name="q" label="關鍵字">
          <Input allowClear={CLEARABLE} />
        </Form.Item>
        {props.filters}
      </FilterBar>
      {props.children}
    </List>
  );
}

/** 發售中 是／否, a filter of the card and product lists. */
export const ON_SALE_FILTER = (
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
);

/** 發售期: `start 至 end` in Hong Kong time. */
export const saleWindowColumn = <T extends { saleStartsAt: string | null; saleEndsAt: string | null }>() => (
  <Table.Column<T>
    key="saleWindow"
    title="發售期"
    render={(_, r) => `${formatTime(r.saleStartsAt)} 至 ${formatTime(r.saleEndsAt)}`}
  />
);

/** 操作: 編輯 / 刪除 for a row named by `name`. */
export function editDeleteColumn<T extends { id: string; name: string }>(props: {
  noun: string;
  deleteNote: string;
  onEdit: (row: T) => void;
  onDelete: (id: string) => Promise<void>;
}) {
  return (
    <Table.Column<T>
      key="actions"
      title="操作"
      render={(_, r) => (
        <EditDeleteActions
          noun={props.noun}
          name={r.name}
          deleteNote={props.deleteNote}
          onEdit={() => props.onEdit(r)}
          onDelete={() => props.onDelete(r.id)}
        />
      )}
    />
  );
}
