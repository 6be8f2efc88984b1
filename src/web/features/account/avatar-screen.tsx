import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { AVATAR_PHOTO_MAX_BYTES, AVATAR_PHOTO_TOO_LARGE, type AvatarOption } from '../../../shared/schemas/account';
import { ErrorState, LoadingState } from '../../components/state-views';
import { UserAvatar } from '../../components/user-avatar';
import { isFailure } from '../../lib/request';
import { useSession } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { getAvatarOptions } from './api/get-avatar-options';
import { updateInfo } from './api/update-info';
import { uploadAvatar } from './api/upload-avatar';
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

/** 上載相片: a photo from the device becomes the avatar at once (user/avatarUpload), cropped square by the server. */
function PhotoUpload({ onDone }: { onDone: () => void }) {
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_PHOTO_MAX_BYTES) {
      Toast.show({ content: AVATAR_PHOTO_TOO_LARGE });
      return;
    }
    setUploading(true);
    const result = await uploadAvatar(file);
    setUploading(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: '頭像已更新' });
    onDone();
  };
  return (
    <div className="avatar-group">
      <h2 className="section-title">我的相片</h2>
      <label className="state-button outline-button avatar-upload">
        {uploading ? '正在上載…' : '上載相片'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif"
          className="visually-hidden"
          aria-describedby="avatar-upload-hint"
          disabled={uploading}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <p id="avatar-upload-hint" className="form-note">
        JPEG、PNG、WebP 或 HEIC，最大 5 MB；會裁成正方形，並移除相片的拍攝資料（EXIF）。
      </p>
    </div>
  );
}

/** /my/avatar: upload a photo, or pick a preset avatar or the image of a card the user holds → user/updateInfo. */
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
        <UserAvatar src={value} size={88} />
        <p className="goods-meta">
          {picked && picked !== current
            ? '已選擇新頭像，按「儲存頭像」套用。'
            : '上載相片，或選擇一個預設頭像或你持有的卡牌圖片。'}
        </p>
      </div>
      <PhotoUpload onDone={() => navigate('/my', { replace: true })} />
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
