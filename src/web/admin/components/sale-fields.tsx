import { CLEARABLE } from './list-tools';
import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';

/** Price (dollars), sale window and per-user limit: shared by card infos and products. */
export function SaleFields({ priceOptional }: { priceOptional?: boolean }) {
  return (
    <>
      <Form.Item
        name="price"
        label={priceOptional ? '售價（港元；留空 = 不在商城發售）' : '售價（港元）'}
        rules={priceOptional ? [] : [{ required: true, message: '請填寫售價' }]}
      >
        <InputNumber controls={false} min={0} max={1_000_000} precision={2} step={1} style={{ width: 200 }} />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="saleStartsAt" label="開售時間">
          <DatePicker allowClear={CLEARABLE} showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item
          name="saleEndsAt"
          label="停售時間"
          dependencies={['saleStartsAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: { isAfter: (d: unknown) => boolean } | null) => {
                const start = getFieldValue('saleStartsAt') as unknown;
                if (value && start && !value.isAfter(start)) throw new Error('停售時間必須在開售時間之後');
              },
            }),
          ]}
        >
          <DatePicker allowClear={CLEARABLE} showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="perUserLimit" label="每人限購" rules={[{ required: true, message: '請填寫每人限購數量' }]}>
          <InputNumber controls={false} min={1} max={10000} />
        </Form.Item>
      </Space>
    </>
  );
}

/** Rights: a list of {title, description}, added and removed by the operator. */
export function RightsFields() {
  return (
    <Form.List name="rights">
      {(fields, { add, remove }) => (
        <fieldset className="admin-fieldset">
          <legend>權益</legend>
          {fields.map((field, index) => (
            <Space key={field.key} align="start" wrap>
              <Form.Item
                name={[field.name, 'title']}
                label={`權益 ${index + 1} 標題`}
                rules={[{ required: true, whitespace: true, message: '請填寫權益標題' }]}
              >
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name={[field.name, 'description']} label={`權益 ${index + 1} 說明`}>
                <Input maxLength={200} />
              </Form.Item>
              <Button onClick={() => remove(field.name)} aria-label={`移除權益 ${index + 1}`} style={{ marginTop: 30 }}>
                移除
              </Button>
            </Space>
          ))}
          <Button onClick={() => add({ title: '', description: '' })}>新增權益</Button>
        </fieldset>
      )}
    </Form.List>
  );
}
