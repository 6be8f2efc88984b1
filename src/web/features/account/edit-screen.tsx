import { useState } from 'react';
import { Button, Form, Input, TextArea, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { BIO_MAX, ProfileFormSchema } from '../../../shared/schemas/account';
import { NicknameSchema } from '../../../shared/schemas/auth';
import { ErrorState, LoadingState } from '../../components/state-views';
import { zodRule } from '../../lib/form-rules';
import { isFailure } from '../../lib/request';
import { useSession } from '../../lib/stores';
import { updateInfo } from './api/update-info';
import { useUserInfo } from '../../api/get-user-info';

/** /my/edit: nickname (2–20 characters) and bio (≤ 200) → user/updateInfo. */
export default function EditScreen() {
  const session = useSession();
  const info = useUserInfo();
  const user = session?.user;
  const [form] = Form.useForm<{ nickname: string; bio: string }>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  if (!user) {
    if (info.status === 'loading') return <LoadingState label="正在載入個人資料…" />;
    return <ErrorState title="未能載入個人資料" onRetry={info.reload} />;
  }

  const onFinish = async (values: { nickname: string; bio: string }) => {
    const parsed = ProfileFormSchema.safeParse({ nickname: values.nickname ?? '', bio: values.bio ?? '' });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
      return;
    }
    setSaving(true);
    const result = await updateInfo(parsed.data);
    setSaving(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: '資料已更新' });
    navigate('/my', { replace: true });
  };

  return (
    <Form
      name="profile"
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ nickname: user.nickname, bio: user.bio }}
      onFinish={onFinish}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          儲存
        </Button>
      }
    >
      <Form.Item
        name="nickname"
        label="暱稱"
        rules={[zodRule(NicknameSchema)]}
        validateTrigger="onBlur"
        description="2 至 20 個字，會在市場及卡牌紀錄中公開顯示"
      >
        <Input maxLength={20} autoComplete="nickname" placeholder="你的暱稱" />
      </Form.Item>
      <Form.Item
        name="bio"
        label="簡介"
        rules={[zodRule(ProfileFormSchema.shape.bio.optional())]}
        validateTrigger="onBlur"
      >
        <TextArea
          maxLength={BIO_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="介紹一下你的收藏（選填）"
        />
      </Form.Item>
    </Form>
  );
}
