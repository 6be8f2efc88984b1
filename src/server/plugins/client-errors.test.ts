import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Sends raw bytes to the listening server and answers everything it writes back until it closes. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'ECONNRESET'
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(err),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

const parse = (raw: string) => {
  const [head, body] = raw.split('\r\n\r\n', 2) as [string, string];
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
};

/** Requests Node's HTTP parser refuses never reach Fastify's routes; they still get the envelope. */
describe('requests refused by the HTTP parser', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers headers over the limit (20 KB) with 431 and the zh-HK envelope', async () => {
    const res = parse(
      await rawRequest(port, `GET /api/banner HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20 * 1024)}\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ code: 431, msg: '請求的標頭或網址過長', data: null });
  });

  it('answers a URL over the limit the same way', async () => {
    const res = parse(
      await rawRequest(port, `GET /api/card/detail?id=${'x'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ code: 431, msg: '請求的標頭或網址過長', data: null });
  });

  it('answers a malformed request with the 400 envelope', async () => {
    const res = parse(await rawRequest(port, 'GET /api/banner HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '請求格式錯誤', data: null });
  });

  it('still serves requests of normal size', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/banner`, {
      headers: { 'x-pad': 'a'.repeat(8 * 1024), connection: 'close' },
    });
    expect(res.status).toBe(200);
  });
});
