import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditOf, signInOperator } from '../../testing/operator';
import { signIn } from '../collection/collection-fixtures';
import { postForm, type FormPart } from '../../testing/multipart';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe('admin uploads API', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  let user: { token: string };
  const upload = (parts: FormPart[], token: string | null = op.token) =>
    postForm(t.app, '/api/admin/uploads', parts, token);

  beforeAll(async () => {
    t = await createTestApp();
    op = await signInOperator(t);
    user = await signIn(t);
  });
  afterAll(() => t.close());

  it('converts an image to WebP at 320/640/1280 wide, stores it and serves it with a long immutable cache', async () => {
    const res = await upload([
      { name: 'purpose', value: 'card_info' },
      { name: 'file', value: await png(2000, 1000), filename: 'card.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as {
      data: { id: string; url: string; variants: { width: number; height: number; url: string }[] };
    };
    expect(data.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1280, 640],
    ]);
    expect(data.url).toBe(`/uploads/card_info/${data.id}/640.webp`);
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const [record] = await auditOf(t, data.id);
    expect(record).toMatchObject({
      action: 'upload.create',
      actorId: op.userId,
      after: { purpose: 'card_info', url: data.url },
    });
  });

  it('never enlarges: a small image keeps its own width; the name does not decide the type', async () => {
    const small = await upload([
      { name: 'purpose', value: 'banner' },
      { name: 'file', value: await png(200, 100), filename: 'photo.txt', type: 'text/plain' },
    ]);
    expect(small.statusCode).toBe(200);
    expect(small.json().data.variants.map((v: { width: number }) => v.width)).toEqual([200]);
    const mid = await upload([
      { name: 'purpose', value: 'banner' },
      { name: 'file', value: await png(800, 800), filename: 'a.png' },
    ]);
    expect(mid.json().data.variants.map((v: { width: number }) => v.width)).toEqual([320, 640]);
  });

  it('refuses what is not an image, an SVG, a wrong purpose, a JSON body and a file over 10 MB, in zh-HK', async () => {
    const text = await upload([
      { name: 'purpose', value: 'theme' },
      { name: 'file', value: 'not an image at all', filename: 'fake.png', type: 'image/png' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      code: 400,
      msg: '只接受圖片檔案（JPEG、PNG、WebP、GIF、AVIF 或 HEIC）',
      data: null,
    });
    const svg = await upload([
      { name: 'purpose', value: 'theme' },
      {
        name: 'file',
        value: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        filename: 'a.svg',
        type: 'image/svg+xml',
      },
    ]);
    expect(svg.statusCode).toBe(400);
    const purpose = await upload([
      { name: 'purpose', value: 'avatar' },
      { name: 'file', value: await png(10, 10), filename: 'a.png' },
    ]);
    expect(purpose.json()).toMatchObject({ code: 400 });
    expect(purpose.json().msg).toContain('用途');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload: { purpose: 'theme', file: 'abc' },
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toContain('multipart/form-data');
    const big = await upload([
      { name: 'purpose', value: 'theme' },
      { name: 'file', value: Buffer.alloc(10 * 1024 * 1024 + 1, 1), filename: 'big.png' },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413, msg: '圖片不能超過 10 MB' });
  });

  it('answers 403 signed out and 404 to a non-operator, before reading the file', async () => {
    const parts = [
      { name: 'purpose', value: 'theme' },
      { name: 'file', value: await png(10, 10), filename: 'a.png' },
    ];
    expect((await upload(parts, null)).statusCode).toBe(403);
    expect((await upload(parts, user.token)).statusCode).toBe(404);
  });
});
