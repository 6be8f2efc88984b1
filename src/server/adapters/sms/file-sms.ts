import { appendFile } from 'node:fs/promises';
import type { SmsSender } from './sms';

/**
 * An outbox file: each message appended as one JSON line. Used by the browser tests, which run the
 * real server in its own process and read the codes from here.
 */
export function createFileSms(file: string): SmsSender {
  return {
    async send(message) {
      await appendFile(file, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`, 'utf8');
    },
  };
}
