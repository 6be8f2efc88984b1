import type { SmsMessage, SmsSender } from './sms';

/**
 * The local SMS gateway: prints each message to the server's output so a developer can sign in.
 * This is the one place a code is ever printed; request logs never carry it.
 */
export function createConsoleSms(write: (line: string) => void = (line) => process.stdout.write(line)): SmsSender {
  return {
    async send(message: SmsMessage) {
      write(`\n┌─ 短訊 SMS → ${message.to}\n│ ${message.body.split('\n').join('\n│ ')}\n└─\n`);
    },
  };
}
