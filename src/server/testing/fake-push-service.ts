import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake push service received. */
export interface PushRequest {
  path: string;
  topic: string | undefined;
  authorization: string | undefined;
  contentEncoding: string | undefined;
  ttl: string | undefined;
  body: Buffer;
}

/** How the fake answers a path: a status (201 by default), headers, a delay, or never (a timeout). */
export type PushBehaviour = { status?: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

/**
 * A push service over real HTTP on 127.0.0.1 (decision 038's tests): records each request web-push's encryption and
 * VAPID signing produced, and answers per path as a test sets it. On `port` when given (the browser journeys' server
 * is told the fake's origin before it starts: PUSH_SERVICE_ORIGINS), else on a free one.
 */
export async function startFakePushService(port = 0) {
  const requests: PushRequest[] = [];
  const behaviours = new Map<string, PushBehaviour>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const behaviour = behaviours.get(path) ?? {};
      if (behaviour === 'hang') {
        hanging.add(res);
        return;
      }
      requests.push({
        path,
        topic: req.headers.topic as string | undefined,
        authorization: req.headers.authorization,
        contentEncoding: req.headers['content-encoding'],
        ttl: req.headers.ttl as string | undefined,
        body: Buffer.concat(chunks),
      });
      const answer = () => {
        res.writeHead(behaviour.status ?? 201, behaviour.headers ?? {});
        res.end();
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** Sets how `path` is answered from now on. */
    on(path: string, behaviour: PushBehaviour) {
      behaviours.set(path, behaviour);
    },
    /** The requests to `path`. */
    to: (path: string) => requests.filter((r) => r.path === path),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

/** A browser's subscription keys: a P-256 key pair (the public half is `p256dh`) and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    authSecret: auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * What the browser would read: a single-record aes128gcm body (RFC 8188) with the Web Push key derivation
 * (RFC 8291), decrypted with the subscription's private key and auth secret.
 */
export function decryptPush(body: Buffer, browser: { ecdh: ECDH; authSecret: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(
    hkdfSync('sha256', browser.ecdh.computeSecret(senderPublic), browser.authSecret, keyInfo, 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}
