import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { postForm, type FormPart } from '../../testing/multipart';
import { signIn } from '../collection/collection-fixtures';

/** A photo as a phone takes it: a JPEG, wider than tall, with EXIF data (camera, GPS-like comment). */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TroveCam', Copyright: '私人相片' } })
    .toBuffer();

describe('user/avatarUpload', () => {
  let t: TestApp;
  let user: { token: string };
  const upload = (parts: FormPart[], token: string | null = user.token) =>
    postForm(t.app, '/api/user/avatarUpload', parts, token);

  beforeAll(async () => {
    t = await createTestApp();
    user = await signIn(t);
  });
  afterAll(() => t.close());

  it('crops a photo square, stores it as a 512 × 512 WebP without its EXIF data, and makes it the avatar', async () => {
    const original = await photo(1200, 800);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload([{ name: 'file', value: original, filename: 'IMG_0001.jpg', type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(200);
    const { data, msg } = res.json() as { data: { avatar: string }; msg: string };
    expect(msg).toBe('頭像已更新');
    expect(data.avatar).toMatch(/^\/uploads\/avatar\/ava_[0-9A-Z]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: data.avatar });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TroveCam'))).toBe(false);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(info.json().data.avatar).toBe(data.avatar);
  });

  it('refuses a file over 5 MB, one that is not an image and a JSON body, in zh-HK, and keeps the avatar', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${user.token}` } })
    ).json().data.avatar as string;
    const big = await upload([{ name: 'file', value: Buffer.alloc(5 * 1024 * 1024 + 1, 1), filename: 'big.jpg' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413, msg: '相片不能超過 5 MB', data: null });
    const text = await upload([{ name: 'file', value: 'not a photo', filename: 'a.jpg', type: 'image/jpeg' }]);
    expect(text.json()).toMatchObject({ code: 400, msg: '只接受圖片檔案（JPEG、PNG、WebP、GIF、AVIF 或 HEIC）' });
    const extra = await upload([
      { name: 'file', value: await photo(10, 10), filename: 'a.jpg' },
      { name: 'purpose', value: 'x' },
    ]);
    expect(extra.json().code).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatarUpload',
      payload: { file: 'abc' },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(json.json()).toMatchObject({ code: 400 });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${user.token}` } })
    ).json().data.avatar as string;
    expect(after).toBe(before);
  });

  it('answers 403 signed out', async () => {
    const res = await upload([{ name: 'file', value: await photo(10, 10), filename: 'a.jpg' }], null);
    expect(res.statusCode).toBe(403);
  });
});
