import { List } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Button, Space, Table, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { formatTime, hkLabel } from '../lib/format';
import { EditDeleteActions } from './edit-delete-actions';
import { useModalRecord } from './form-modal';
import { ChoiceFilter, FilterBar, labelOptions, TextFilter, useSearchTable } from './list-tools';
import { useRemove } from './use-remove';
import { useCreateLink } from './create-link';

/**
 * A catalogue list's table with its keyword search, its CrudList's props, the row being edited (null: a new one),
 * its modal and 刪除.
 */
export function useCrudTable<T extends BaseRecord & { id: string }>(resource: string, noun: string) {
  const { tableProps, searchFormProps } = useSearchTable<T>(resource);
  const { record: editing, setRecord: setEditing, modal } = useModalRecord<T>(resource, noun);
  const remove = useRemove(resource, noun);
  const initial = useCreateLink(() => setEditing(null));
  const list = { title: noun, noun, onAdd: () => setEditing(null), searchFormProps };
  return { tableProps, list, editing, setEditing, modal: { ...modal, initial }, remove };
}

/** A list page with one primary button in its header that opens a new record (新增…). */
export function AddList(props: { title: string; add: string; onAdd: () => void; children: ReactNode }) {
  return (
    <List
      title={props.title}
      headerButtons={
        <Button type="primary" onClick={props.onAdd}>
          {props.add}
        </Button>
      }
    >
      {props.children}
    </List>
  );
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
    <AddList title={props.title} add={`新增${props.noun}`} onAdd={props.onAdd}>
      <FilterBar formProps={props.searchFormProps}>
        <TextFilter name="q" label="關鍵字" />
        {props.filters}
      </FilterBar>
      {props.children}
    </AddList>
  );
}

/** 發售中 是／否, a filter of the card and product lists. */
export const ON_SALE_FILTER = (
  <ChoiceFilter name="onSale" label="發售中" options={labelOptions({ true: '是', false: '否' })} />
);

/** 發售期: `start 至 end` in Hong Kong time. */
export const saleWindowColumn = <T extends { saleStartsAt: string | null; saleEndsAt: string | null }>() => (
  <Table.Column<T>
    key="saleWindow"
    title={hkLabel('發售期')}
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

/** 操作: a row's action buttons, side by side (a function, not a component: antd reads a Table's columns from its children). */
export function actionsColumn<T extends object>(actions: (row: T) => ReactNode) {
  return <Table.Column<T> key="actions" title="操作" render={(_, r) => <Space>{actions(r)}</Space>} />;
}
