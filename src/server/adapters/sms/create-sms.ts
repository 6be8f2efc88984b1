import type { Config } from '../../config';
import { createConsoleSms } from './console-sms';
import { createFileSms } from './file-sms';
import type { SmsSender } from './sms';
import { createTwilioSms } from './twilio-sms';

/** The SMS gateway the configuration names. */
export function createSmsSender(config: Config): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return createTwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
    });
  }
  if (config.SMS_PROVIDER === 'file') return createFileSms(config.SMS_OUTBOX_FILE!);
  return createConsoleSms();
}
