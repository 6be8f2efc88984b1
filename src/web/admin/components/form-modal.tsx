import { useInvalidate } from '@refinedev/core';
import { Form, Modal, message } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { call } from '../lib/api';
import { validateWith } from '../lib/zod-form';

export interface FormModalProps<V> {
  /** API resource: POST `<resource>/create`, or `<resource>/update` with the record's id. */
  resource: string;
  /** What is being edited, e.g. 「主題」: titles read 新增主題 / 編輯主題. */
  noun: string;
  /** Open with `null` to create, with a record to edit; `undefined` = closed. */
  record: ({ id: string } & object) | null | undefined;
  onClose: () => void;
  /** The record (or defaults for a new one) as form values. */
  toValues: (record: ({ id: string } & object) | null) => Partial<V>;
  /** Form values → request body (without the id). */
  toBody: (values: V) => Record<string, unknown>;
  /** The shared zod schemas of the create and update bodies (src/shared/schemas/admin-*.ts). */
  createSchema?: ZodType;
  updateSchema?: ZodType;
  fieldOf?: Record<string, string>;
  width?: number;
  /** Extra paths to refresh afterwards (besides the resource's own lists). */
  alsoInvalidate?: string[];
  /** Values a new record starts with besides `toValues(null)` (the drop calendar's day); fields the form lacks are ignored. */
  initial?: object;
  children: ReactNode;
}

/**
 * The record a FormModal of `resource` is open on (null: a new one, undefined: closed), and the modal's
 * resource, noun, record and onClose.
 */
export function useModalRecord<T extends { id: string }>(resource: string, noun: string) {
  const [record, setRecord] = useState<T | null | undefined>(undefined);
  return { record, setRecord, modal: { resource, noun, record, onClose: () => setRecord(undefined) } };
}

/** Create and edit in one modal, validated with the shared schema before it is sent. */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  const { record, onClose } = props;
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidate();
  const open = record !== undefined;
  const editing = record !== null && record !== undefined;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ ...props.toValues(record ?? null), ...(editing ? {} : props.initial) } as never);
    }
    // Only when the modal opens on another record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record]);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the field messages
    }
    const body = props.toBody(values);
    try {
      const valid = validateWith(
        editing ? props.updateSchema : props.createSchema,
        editing ? { id: record.id, ...body } : body,
        form,
        props.fieldOf,
      );
      if (!valid) return;
    } catch (error) {
      message.error((error as Error).message);
      return;
    }
    setSaving(true);
    try {
      await call('POST', `${props.resource}/${editing ? 'update' : 'create'}`, {
        body: editing ? { id: record.id, ...body } : body,
      });
      message.success(editing ? `已更新${props.noun}` : `已新增${props.noun}`);
      await invalidate({ resource: props.resource, invalidates: ['list', 'many', 'detail'] });
      for (const other of props.alsoInvalidate ?? []) await invalidate({ resource: other, invalidates: ['list'] });
      onClose();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? `編輯${props.noun}` : `新增${props.noun}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="儲存"
      cancelText="取消"
      confirmLoading={saving}
      width={props.width ?? 640}
      forceRender
    >
      <Form form={form} layout="vertical" name={`${props.resource}-form`} onFinish={() => void submit()}>
        {props.children}
      </Form>
    </Modal>
  );
}
