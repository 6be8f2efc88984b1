import { useTable } from '@refinedev/antd';
import { EditDeleteActions } from '../components/edit-delete-actions';
import { DatePicker, Form, Input, InputNumber, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { AddList } from '../components/crud-list';
import { FormModal, useModalRecord } from '../components/form-modal';
import { ImageUpload } from '../components/image-upload';
import { CLEARABLE, paging } from '../components/list-tools';
import { useRemove } from '../components/use-remove';
import { formatTime, fromIso, hkLabel, toIso } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { Banner } from '../lib/types';

interface BannerValues {
  title: string;
  image: string | null;
  link: string;
  sort: number;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
}

export function BannersScreen() {
  const { tableProps } = useTable<Banner>({ resource: 'banners', syncWithLocation: false });
  const { setRecord: setEditing, modal } = useModalRecord<Banner>('banners', '橫額');
  const remove = useRemove('banners', '橫額');

  return (
    <AddList title="橫額" add="新增橫額" onAdd={() => setEditing(null)}>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<Banner>
          title="圖片"
          dataIndex="image"
          render={(v: string, r) => <img src={v} alt={r.title} className="admin-thumb" />}
        />
        <Table.Column<Banner> title="標題" dataIndex="title" />
        <Table.Column<Banner> title="連結" dataIndex="link" />
        <Table.Column<Banner> title="排序" dataIndex="sort" />
        <Table.Column<Banner>
          title={hkLabel('顯示期')}
          render={(_, r) => `${formatTime(r.startsAt)} 至 ${formatTime(r.endsAt)}`}
        />
        <Table.Column<Banner>
          title="操作"
          render={(_, r) => (
            <EditDeleteActions noun="橫額" name={r.title} onEdit={() => setEditing(r)} onDelete={() => remove(r.id)} />
          )}
        />
      </Table>
      <FormModal<BannerValues>
        {...modal}
        createSchema={SCHEMAS.bannerCreate}
        updateSchema={SCHEMAS.bannerUpdate}
        toValues={(r) => {
          const b = r as Banner | null;
          return {
            title: b?.title ?? '',
            image: b?.image ?? null,
            link: b?.link ?? '',
            sort: b?.sort ?? 0,
            startsAt: fromIso(b?.startsAt),
            endsAt: fromIso(b?.endsAt),
          };
        }}
        toBody={(v) => ({
          title: v.title,
          image: v.image,
          link: v.link ?? '',
          sort: v.sort ?? 0,
          startsAt: toIso(v.startsAt),
          endsAt: toIso(v.endsAt),
        })}
      >
        <Form.Item name="title" label="標題" rules={[{ required: true, whitespace: true, message: '請填寫標題' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="image" label="圖片" rules={[{ required: true, message: '請上載圖片' }]}>
          <ImageUpload purpose="banner" label="橫額圖片" />
        </Form.Item>
        <Form.Item name="link" label="連結（站內路徑，例如 /mall）">
          <Input maxLength={300} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="sort" label="排序">
            <InputNumber controls={false} min={0} max={100000} />
          </Form.Item>
          <Form.Item name="startsAt" label={hkLabel('開始顯示')}>
            <DatePicker allowClear={CLEARABLE} showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="endsAt" label={hkLabel('停止顯示')}>
            <DatePicker allowClear={CLEARABLE} showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
      </FormModal>
    </AddList>
  );
}
