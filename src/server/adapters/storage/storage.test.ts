import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** A tiny S3 stand-in on 127.0.0.1: records each request (method, path, headers, body) and answers 200/204. */
function fakeS3() {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!.split('?')[0]!,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.statusCode = req.method === 'DELETE' ? 204 : 200;
      res.setHeader('ETag', '"abc"');
      res.end();
    });
  });
  return { server, seen };
}

describe('storage adapters', () => {
  const s3 = fakeS3();
  let endpoint: string;
  let dir: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'trove-storage-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => s3.server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('S3: puts the object path-style on the endpoint, signed, with its type and an immutable cache, and answers the public URL', async () => {
    const storage = createS3Storage({
      bucket: 'trove-media',
      region: 'ap-east-1',
      endpoint,
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret-test',
      publicUrl: 'https://cdn.example.com/media/',
    });
    const url = await storage.put('banner/upl_1/640.webp', Buffer.from('webp-bytes'), 'image/webp');
    expect(url).toBe('https://cdn.example.com/media/banner/upl_1/640.webp');
    const put = s3.seen.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', url: '/trove-media/banner/upl_1/640.webp' });
    expect(put.body.toString()).toBe('webp-bytes');
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(put.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/ap-east-1\/s3\/aws4_request/,
    );
    await storage.delete('banner/upl_1/640.webp');
    expect(s3.seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/trove-media/banner/upl_1/640.webp' });
  });

  it('local: writes under the folder and answers /uploads/…; refuses keys that leave it', async () => {
    const storage = createLocalStorage(dir);
    expect(await storage.put('theme/upl_2/320.webp', Buffer.from('x'), 'image/webp')).toBe(
      '/uploads/theme/upl_2/320.webp',
    );
    expect(readFileSync(path.join(dir, 'theme/upl_2/320.webp'), 'utf8')).toBe('x');
    await storage.delete('theme/upl_2/320.webp');
    expect(existsSync(path.join(dir, 'theme/upl_2/320.webp'))).toBe(false);
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
  });

  it('configuration: STORAGE_DRIVER=s3 names each missing variable', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_REGION: required when STORAGE_DRIVER=s3/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    const ok = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'r',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PUBLIC_URL: 'https://cdn.example.com',
    });
    expect(ok.STORAGE_DRIVER).toBe('s3');
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
  });
});
