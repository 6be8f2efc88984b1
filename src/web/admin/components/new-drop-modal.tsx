import { DatePicker, Form, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hkLabel, toIso } from '../lib/format';
import { createPath } from './create-link';
import { labelOptions } from './list-tools';

interface Values {
  kind: 'card' | 'product';
  saleStartsAt: Dayjs | null;
}

/**
 * The drop calendar's 新增: a card or a product, and when it goes on sale (the clicked day at 10:00 Hong Kong time);
 * 繼續 opens that list's 新增 form with the sale start filled in. `day` undefined = closed.
 */
export function NewDropModal({ day, onClose }: { day: Dayjs | null | undefined; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const open = day !== undefined;
  useEffect(() => {
    if (open) form.setFieldsValue({ kind: 'card', saleStartsAt: day ? day.hour(10).minute(0).second(0) : null });
  }, [open, day, form]);
  const go = (v: Values) => {
    onClose();
    navigate(createPath(v.kind === 'card' ? 'cardInfos' : 'products', toIso(v.saleStartsAt)));
  };
  return (
    <Modal
      open={open}
      title="新增發售"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="繼續"
      cancelText="取消"
      forceRender
    >
      <Form form={form} layout="vertical" name="new-drop" onFinish={go}>
        <Form.Item name="kind" label="發售項目">
          <Radio.Group options={labelOptions({ card: '卡牌', product: '商品' })} />
        </Form.Item>
        <Form.Item name="saleStartsAt" label={hkLabel('開售時間')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
