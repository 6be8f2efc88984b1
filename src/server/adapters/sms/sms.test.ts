import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { loadConfig } from '../../config';
import { createConsoleSms } from './console-sms';
import { createSmsSender } from '../../startup';
import { FakeSms } from './fake-sms';
import { createTwilioSms } from './twilio-sms';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
type RequestOptions = Parameters<twilio.RequestClient['request']>[0];
const BODY =
  '【Trove 寶庫】你的登入驗證碼是 482913，5 分鐘內有效。請勿向任何人透露。\n一按登入（10 分鐘內有效）：http://localhost:3000/login?token=abc_DEF-123';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('console SMS', () => {
  it('prints the recipient, the code and the one-tap link for the developer', async () => {
    const out: string[] = [];
    await createConsoleSms((line) => out.push(line)).send({ to: '+85291234567', body: BODY });
    const text = out.join('');
    expect(text).toContain('→ +85291234567');
    expect(text).toContain('482913');
    expect(text).toContain('http://localhost:3000/login?token=abc_DEF-123');
  });
});

describe('fake SMS', () => {
  it('finds the newest code and login token per number', async () => {
    const sms = new FakeSms();
    await sms.send({ to: '+85291234567', body: '你的驗證碼是 111111' });
    await sms.send({ to: '+85291234567', body: BODY });
    await sms.send({ to: '+85298765432', body: '你的驗證碼是 333333' });
    expect(sms.lastCode('+85291234567')).toBe('482913');
    expect(sms.lastLoginToken('+85291234567')).toBe('abc_DEF-123');
    expect(sms.lastLoginToken('+85298765432')).toBeUndefined();
    expect(() => sms.lastCode('+85290000000')).toThrow(/no SMS code/);
  });
});

describe('Twilio SMS (never on the network)', () => {
  it('is the sender the configuration names', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    });
    expect(typeof createSmsSender(config).send).toBe('function');
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it('creates a message through the SDK with the configured sender', async () => {
    const requests: RequestOptions[] = [];
    const httpClient = {
      async request(opts: RequestOptions) {
        requests.push(opts);
        return {
          statusCode: 201,
          headers: {},
          body: JSON.stringify({
            sid: 'SM123',
            account_sid: SID,
            to: '+85291234567',
            from: '+15005550006',
            body: BODY,
            status: 'queued',
          }),
        };
      },
    } as unknown as twilio.RequestClient;
    await createTwilioSms({ accountSid: SID, authToken: 'secret', from: '+15005550006', httpClient }).send({
      to: '+85291234567',
      body: BODY,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'post',
      uri: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Messages.json`,
      username: SID,
      password: 'secret',
    });
    expect(requests[0]!.data).toMatchObject({ To: '+85291234567', From: '+15005550006', Body: BODY });
  });

  it('rejects when Twilio refuses the message', async () => {
    const httpClient = {
      async request() {
        return {
          statusCode: 400,
          headers: {},
          body: JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
        };
      },
    } as unknown as twilio.RequestClient;
    const send = createTwilioSms({ accountSid: SID, authToken: 'secret', from: '+15005550006', httpClient }).send({
      to: '+85291234567',
      body: BODY,
    });
    await expect(send).rejects.toMatchObject({ status: 400, code: 21211 });
  });

  it('rejects when the gateway cannot be reached, with the SDK’s own HTTP client pointed at nothing', async () => {
    const previous = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = `http://127.0.0.1:${await closedPort()}`;
    let httpClient: twilio.RequestClient;
    try {
      httpClient = new twilio.RequestClient({ timeout: 2000 });
    } finally {
      if (previous === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = previous;
    }
    const send = createTwilioSms({ accountSid: SID, authToken: 'secret', from: '+15005550006', httpClient }).send({
      to: '+85291234567',
      body: BODY,
    });
    await expect(send).rejects.toThrow(/ECONNREFUSED/);
  });
});
