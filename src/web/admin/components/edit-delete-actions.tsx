import { Button, Space } from 'antd';
import { confirmAction } from './action-modal';

/** A catalogue or content row's 編輯 / 刪除 buttons, named for screen readers; deleting asks first. */
export function EditDeleteActions(props: {
  noun: string;
  name: string;
  /** Why a delete may be refused, shown in the confirmation. */
  deleteNote?: string;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const { noun, name } = props;
  return (
    <Space>
      <Button size="small" onClick={props.onEdit} aria-label={`編輯${noun} ${name}`}>
        編輯
      </Button>
      <Button
        size="small"
        danger
        onClick={() =>
          confirmAction({
            title: `刪除${noun}「${name}」？`,
            content: props.deleteNote,
            okText: '刪除',
            danger: true,
            run: props.onDelete,
          })
        }
        aria-label={`刪除${noun} ${name}`}
      >
        刪除
      </Button>
    </Space>
  );
}
