import type { SmsMessage, SmsSender } from './sms';

/** Captures messages for tests. */
export class FakeSms implements SmsSender {
  readonly sent: SmsMessage[] = [];

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The newest message to `phone` (E.164). */
  last(phone: string): SmsMessage | undefined {
    return this.sent.filter((m) => m.to === phone).at(-1);
  }

  /** The 6-digit code in the newest message to `phone`. */
  lastCode(phone: string): string {
    const body = this.last(phone)?.body ?? '';
    const match = /(\d{6})/.exec(body);
    if (!match) throw new Error(`no SMS code sent to ${phone}`);
    return match[1]!;
  }

  /** The one-tap login token in the newest message to `phone`, if any. */
  lastLoginToken(phone: string): string | undefined {
    const body = this.last(phone)?.body ?? '';
    return /[?&]token=([\w-]+)/.exec(body)?.[1];
  }
}
