import { useInvalidate } from '@refinedev/core';
import { Form, Input, Modal, message } from 'antd';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { call } from '../lib/api';
import { validateWith } from '../lib/zod-form';

export interface ActionField {
  name: string;
  label: string;
  required?: boolean;
  max?: number;
  multiline?: boolean;
  /** Values to pick from while typing (any other text is still accepted), e.g. the carriers. */
  options?: readonly string[];
}

export interface PendingAction {
  /** POST path, e.g. `withdrawals/reject`. */
  path: string;
  title: string;
  /** The record the action is on: sent as `id`. */
  id: string;
  fields: ActionField[];
  okText: string;
  done: string;
  schema?: ZodType;
  danger?: boolean;
}

/** An operator action that needs a few words (a reason, a reference, a tracking number). */
export function ActionModal({
  action,
  onClose,
  invalidates,
}: {
  action: PendingAction | null;
  onClose: () => void;
  invalidates: string[];
}) {
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();

  useEffect(() => {
    if (action) form.resetFields();
  }, [action, form]);

  const submit = async () => {
    if (!action) return;
    let values: Record<string, string>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: Record<string, unknown> = { id: action.id };
    for (const field of action.fields) if (values[field.name]?.trim()) body[field.name] = values[field.name]!.trim();
    try {
      if (!validateWith(action.schema, body, form)) return;
    } catch (error) {
      message.error((error as Error).message);
      return;
    }
    setBusy(true);
    try {
      await call('POST', action.path, { body });
      message.success(action.done);
      for (const resource of invalidates) await invalidate({ resource, invalidates: ['list', 'detail'] });
      onClose();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={action !== null}
      title={action?.title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={action?.okText}
      cancelText="取消"
      okButtonProps={{ danger: action?.danger ?? false }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="action-form" onFinish={() => void submit()}>
        {action?.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={field.required ? [{ required: true, whitespace: true, message: `請填寫${field.label}` }] : []}
          >
            {field.multiline ? (
              <Input.TextArea rows={3} maxLength={field.max} showCount={!!field.max} />
            ) : field.options ? (
              // A native list of suggestions: any other text can still be typed.
              <Input maxLength={field.max} list={`${field.name}-options`} />
            ) : (
              <Input maxLength={field.max} />
            )}
          </Form.Item>
        ))}
        {action?.fields
          .filter((field) => field.options)
          .map((field) => (
            <datalist key={field.name} id={`${field.name}-options`}>
              {field.options!.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          ))}
      </Form>
    </Modal>
  );
}

/** Asks before a one-click action (antd's static confirm), then posts it. */
export function confirmAction(opts: {
  title: string;
  content?: string;
  okText: string;
  danger?: boolean;
  run: () => Promise<void>;
}): void {
  Modal.confirm({
    title: opts.title,
    content: opts.content,
    okText: opts.okText,
    cancelText: '取消',
    // A static confirm renders outside the ConfigProvider: keep two-character names one word here too (「刪除」, not 「刪 除」).
    okButtonProps: { danger: opts.danger ?? false, autoInsertSpace: false },
    cancelButtonProps: { autoInsertSpace: false },
    onOk: async () => {
      try {
        await opts.run();
      } catch (error) {
        message.error((error as Error).message);
      }
    },
  });
}
