import { useState, type SelectHTMLAttributes } from 'react';
import { Button, Form, Input, TextArea, Toast } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { REGION_NAMES, districtsOf } from '../../../shared/hk-regions';
import {
  ADDRESS_DETAIL_MAX,
  AddAddressBodySchema,
  AddressFieldsSchema,
  RECIPIENT_MAX,
  type Address,
} from '../../../shared/schemas/addresses';
import { CheckboxField } from '../../components/checkbox-field';
import { PhoneInput } from '../../components/phone-fields';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { zodRule } from '../../lib/form-rules';
import { EMPTY_PHONE, checkPhone, fromE164, phoneRule, type PhoneValue } from '../../lib/phone-value';
import { isFailure } from '../../lib/request';
import { addAddress } from './api/add-address';
import { updateAddress } from './api/update-address';
import { useAddressBook } from './components/use-address-book';
import './delivery.css';

/** A native select of `options` (each its own value) after an empty choice, `placeholder`; Form.Item gives value and onChange. */
function NativeSelect({
  placeholder,
  options,
  ...rest
}: { placeholder: string; options: readonly string[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className="native-select" {...rest}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

interface Values {
  recipient: string;
  phone: PhoneValue;
  region: string;
  district: string;
  detail: string;
  isDefault: boolean;
}

function AddressForm({ address, firstAddress }: { address: Address | null; firstAddress: boolean }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  const region = Form.useWatch('region', form) ?? address?.region ?? '';

  const onFinish = async (values: Values) => {
    const phone = checkPhone(values.phone);
    const body = {
      recipient: values.recipient ?? '',
      phone: phone.ok ? phone.phone : '',
      region: values.region,
      district: values.district,
      detail: values.detail ?? '',
      isDefault: values.isDefault === true,
    };
    const parsed = AddAddressBodySchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
      return;
    }
    setSaving(true);
    const result = address ? await updateAddress({ id: address.id, ...parsed.data }) : await addAddress(parsed.data);
    setSaving(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: address ? '地址已更新' : '地址已新增' });
    // Back to where the user came from (the address book or the delivery request); the book otherwise.
    if (location.key !== 'default') navigate(-1);
    else navigate('/my/address', { replace: true });
  };

  return (
    <Form
      name="address"
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      initialValues={{
        recipient: address?.recipient ?? '',
        phone: address ? fromE164(address.phone) : EMPTY_PHONE,
        region: address?.region ?? '',
        district: address?.district ?? '',
        detail: address?.detail ?? '',
        isDefault: address?.isDefault ?? firstAddress,
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          儲存地址
        </Button>
      }
    >
      <Form.Item
        name="recipient"
        label="收件人"
        rules={[zodRule(AddressFieldsSchema.shape.recipient)]}
        validateTrigger="onBlur"
      >
        <Input placeholder="收件人姓名" maxLength={RECIPIENT_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label="收件人手機號碼" rules={[phoneRule]} validateTrigger="onBlur">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="region" label="送貨地區" rules={[zodRule(AddressFieldsSchema.shape.region)]}>
        <NativeSelect
          placeholder="請選擇地區"
          options={REGION_NAMES}
          onChange={() => form.setFieldValue('district', '')}
        />
      </Form.Item>
      <Form.Item
        name="district"
        label="分區"
        rules={[
          {
            validator: async (_r, v: string) => {
              if (!v) throw new Error(region ? `請選擇${region}的分區` : '請先選擇地區');
            },
          },
        ]}
      >
        <NativeSelect
          placeholder={region ? '請選擇分區' : '請先選擇地區'}
          options={districtsOf(region)}
          disabled={!region}
        />
      </Form.Item>
      <Form.Item
        name="detail"
        label="詳細地址"
        rules={[zodRule(AddressFieldsSchema.shape.detail)]}
        validateTrigger="onBlur"
      >
        <TextArea
          placeholder="街道、大廈、樓層及單位"
          maxLength={ADDRESS_DETAIL_MAX}
          autoSize={{ minRows: 2, maxRows: 4 }}
          showCount
        />
      </Form.Item>
      <Form.Item
        name="isDefault"
        valuePropName="checked"
        description={
          address?.isDefault
            ? '這是你的預設地址；要更改，請把另一個地址設為預設。'
            : firstAddress
              ? '第一個地址會成為預設地址。'
              : undefined
        }
      >
        <CheckboxField label="設為預設地址" disabled={address?.isDefault || firstAddress} />
      </Form.Item>
    </Form>
  );
}

/** /my/address/edit (add) and /my/address/edit?id= (edit): recipient, phone, region and district pickers, detail. */
export default function AddressEditScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const book = useAddressBook();
  const navigate = useNavigate();

  if (book.status === 'loading') return <LoadingState label="正在載入地址…" />;
  if (book.status === 'error') return <ErrorState title="未能載入地址" onRetry={book.reload} />;
  const address = id ? (book.items.find((a) => a.id === id) ?? null) : null;
  if (id && !address) {
    return (
      <EmptyState
        title="找不到此地址"
        description="地址可能已被刪除。"
        action={<Button onClick={() => navigate('/my/address', { replace: true })}>返回收貨地址</Button>}
      />
    );
  }
  return <AddressForm key={id ?? 'new'} address={address} firstAddress={book.items.length === 0} />;
}
