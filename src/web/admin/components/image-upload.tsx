import { Button, Space, message } from 'antd';
import { useId, useRef, useState } from 'react';
import { call } from '../lib/api';

export type UploadPurpose = 'card_info' | 'theme' | 'product' | 'banner' | 'article';

interface Uploaded {
  id: string;
  url: string;
  variants: { width: number; height: number; url: string }[];
}

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * An image field: the file goes to `/api/admin/uploads` (multipart; the server makes the WebP sizes)
 * and the field keeps the URL it answers. A plain button opens the file picker, so the control is one
 * keyboard stop with a Chinese name (antd's Upload wraps a button in a second role=button).
 */
export function ImageUpload(props: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  purpose: UploadPurpose;
  label: string;
  id?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const fallbackId = useId();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      message.error('圖片不可大於 10 MB');
      return;
    }
    const form = new FormData();
    form.append('purpose', props.purpose);
    form.append('file', file);
    setBusy(true);
    try {
      const { data } = await call<Uploaded>('POST', 'uploads', { form });
      props.onChange?.(data.url);
      message.success('圖片已上載');
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space align="center" wrap>
      {props.value ? (
        <img src={props.value} alt={`${props.label}預覽`} className="admin-thumb" />
      ) : (
        <span className="admin-muted">未有圖片</span>
      )}
      <Button
        id={props.id ?? fallbackId}
        loading={busy}
        onClick={() => input.current?.click()}
        aria-label={`上載${props.label}`}
      >
        {props.value ? '更換圖片' : '上載圖片'}
      </Button>
      {props.value ? (
        <Button onClick={() => props.onChange?.(null)} aria-label={`移除${props.label}`}>
          移除
        </Button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-label={`選擇${props.label}檔案`}
        data-testid={`upload-${props.purpose}`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </Space>
  );
}

/** Several images (a product's gallery): each can be removed; the upload button adds one more. */
export function ImagesUpload(props: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  purpose: UploadPurpose;
  label: string;
  id?: string;
}) {
  const urls = props.value ?? [];
  return (
    <Space direction="vertical">
      <Space wrap>
        {urls.map((url, i) => (
          <Space key={url} direction="vertical" align="center">
            <img src={url} alt={`${props.label} ${i + 1}`} className="admin-thumb" />
            <Button
              size="small"
              onClick={() => props.onChange?.(urls.filter((u) => u !== url))}
              aria-label={`移除${props.label} ${i + 1}`}
            >
              移除
            </Button>
          </Space>
        ))}
      </Space>
      <ImageUpload
        id={props.id}
        purpose={props.purpose}
        label={props.label}
        value={null}
        onChange={(url) => url && props.onChange?.([...urls, url])}
      />
    </Space>
  );
}
