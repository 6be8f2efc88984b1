import { useState } from 'react';
import { Avatar, Button, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { AvatarOption } from '../../../shared/schemas/account';
import { ErrorState, LoadingState } from '../../components/state-views';
import { isFailure } from '../../lib/request';
import { useSession } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { getAvatarOptions } from './api/get-avatar-options';
import { updateInfo } from './api/update-info';
import './account.css';

function OptionGroup({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: AvatarOption[];
  value: string | null;
  onChange: (image: string) => void;
}) {
  return (
    <fieldset className="avatar-group">
      <legend className="section-title">{legend}</legend>
      <div className="avatar-grid">
        {options.map((o) => (
          <label key={o.image} className={value === o.image ? 'avatar-option selected' : 'avatar-option'}>
            <input
              type="radio"
              name="avatar"
              className="visually-hidden"
              value={o.image}
              checked={value === o.image}
              onChange={() => onChange(o.image)}
            />
            <img src={o.image} alt="" />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /my/avatar: pick a preset avatar or the image of a card the user holds → user/updateInfo. */
export default function AvatarScreen() {
  const session = useSession();
  const options = useLoad(getAvatarOptions, []);
  const [picked, setPicked] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const current = session?.user.avatar ?? null;
  const value = picked ?? current;

  if (options.status === 'loading') return <LoadingState label="正在載入頭像…" />;
  if (options.status === 'error') return <ErrorState title="未能載入頭像" onRetry={options.reload} />;
  const presets = options.data.filter((o) => o.kind === 'preset');
  const cards = options.data.filter((o) => o.kind === 'card');

  const save = async () => {
    if (!picked || picked === current) return;
    setSaving(true);
    const result = await updateInfo({ avatar: picked });
    setSaving(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: '頭像已更新' });
    navigate('/my', { replace: true });
  };

  return (
    <form
      className="page"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="avatar-current">
        <Avatar src={value ?? ''} alt="" style={{ '--size': '88px', '--border-radius': '50%' }} />
        <p className="goods-meta">
          {picked && picked !== current
            ? '已選擇新頭像，按「儲存頭像」套用。'
            : '選擇一個預設頭像，或你持有的卡牌圖片。'}
        </p>
      </div>
      <OptionGroup legend="預設頭像" options={presets} value={value} onChange={setPicked} />
      {cards.length > 0 ? (
        <OptionGroup legend="我的卡牌" options={cards} value={value} onChange={setPicked} />
      ) : (
        <p className="form-note">持有卡牌後，也可以用卡牌圖片作為頭像。</p>
      )}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        loading={saving}
        disabled={!picked || picked === current}
      >
        儲存頭像
      </Button>
    </form>
  );
}
