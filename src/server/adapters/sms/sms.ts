/** One text message to a phone number in E.164. */
export interface SmsMessage {
  to: string;
  body: string;
}

/** Sends text messages; implementations: console (local), twilio (production), fake (tests). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
