import twilio from 'twilio';
import type { SmsSender } from './sms';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number or messaging service sender id. */
  from: string;
  /** The SDK's HTTP client; tests pass one that never reaches the network. */
  httpClient?: twilio.RequestClient;
}

/** Production SMS through Twilio's official SDK. */
export function createTwilioSms(opts: TwilioOptions): SmsSender {
  const client = twilio(opts.accountSid, opts.authToken, opts.httpClient ? { httpClient: opts.httpClient } : {});
  return {
    async send(message) {
      await client.messages.create({ to: message.to, from: opts.from, body: message.body });
    },
  };
}
