/**
 * Query parameters that may carry a secret or a phone number (one-tap sign-in tokens, SMS codes): redacted from the
 * log (plugins/logging.ts) and from traces (telemetry.ts), which must not import the log's module (it loads Fastify).
 */
export const SECRET_QUERY_PARAMS = ['token', 'code', 'smsCode', 'phone'];
