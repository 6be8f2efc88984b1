import { SMS_PER_IP_PER_HOUR } from '../shared/constants';
import { z } from 'zod';
import { toE164 } from '../shared/phone';
import { DEMO_OPERATOR_PHONE } from './db/seed';

/** Every setting the server reads from the environment, parsed once at start-up. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used in links sent by SMS and in payment return URLs. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().min(1).optional(),
  /**
   * Which proxies' X-Forwarded-For to believe when working out a client's IP (per-IP limits):
   * `false` (default: clients connect directly, the header is ignored), a comma list of the proxies'
   * addresses, CIDRs or proxy-addr names (`loopback`, `uniquelocal`, `10.0.0.0/8`), or `true` (every
   * hop: only when the one proxy in front always overwrites the header). Hop counts are not
   * supported: Fastify fails them closed, since they cannot check the immediate peer.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => !/^\d+$/.test(v), "give the proxies' addresses or CIDRs, not a hop count")
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  /** Requests per minute one client may make to the API (shared through Redis when set). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Open live streams (`GET /api/stream`) one client address may hold at once (docs/decisions/037). */
  STREAM_PER_IP: z.coerce.number().int().min(1).default(20),
  /** A live stream is closed after this long (ms) and the client reconnects: sessions are checked again, load rebalanced. */
  STREAM_MAX_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(15 * 60_000),
  /**
   * How long a public answer is served from memory at most (ms), whatever the invalidation messages say
   * (docs/decisions/027): 30 s, never more; the Redis fault test shortens it.
   */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(100).max(30_000).default(30_000),
  /** SMS codes sent to one client IP per hour (PRODUCT.md §7); the browser tests, all from 127.0.0.1, raise it. */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(SMS_PER_IP_PER_HOUR),
  /**
   * The one secret every key is derived from (adapters/keys.ts). No default: on the embedded
   * database an unset secret is generated once into DATA_DIR (startup.ts); with DATABASE_URL it is required.
   */
  APP_SECRET: z.string().min(32, 'at least 32 characters (e.g. the output of `openssl rand -hex 32`)').optional(),
  SMS_PROVIDER: z.enum(['console', 'twilio', 'file']).default('console'),
  /**
   * Who runs this server, for the push services (the VAPID `sub` claim): a `mailto:` address or an https URL. Unset:
   * `mailto:push@` and PUBLIC_URL's host (decision 038).
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https:// URL')
    .optional(),
  /** How long one request to a push service may take (ms) before it counts as a failure and is retried. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /**
   * Push services the server may also send to besides the browsers' own (decision 038): origins, comma-separated
   * (`http://127.0.0.1:4329`), e.g. the browser journeys' fake push service. Unset: none. Set by the operator only:
   * the server POSTs to these.
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const listed = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      const origin = (o: string) => {
        try {
          const url = new URL(o);
          return ['http:', 'https:'].includes(url.protocol) && url.origin === o ? o : null;
        } catch {
          return null;
        }
      };
      const bad = listed.filter((o) => origin(o) === null);
      if (bad.length > 0)
        ctx.addIssue({ code: 'custom', message: `not origins (http(s)://host[:port]): ${bad.join(', ')}` });
      return listed;
    }),
  /** With SMS_PROVIDER=file: the JSON-lines outbox the browser tests read. */
  SMS_OUTBOX_FILE: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  /**
   * Phones (E.164, comma-separated) whose accounts get the `admin` role when they sign in: how the
   * first operators are named (PRODUCT.md §8).
   */
  ADMIN_PHONES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const phones = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const bad = phones.filter((p) => toE164(p) !== p);
      if (bad.length > 0)
        ctx.addIssue({ code: 'custom', message: `not mobile numbers in E.164 (+85291234567): ${bad.join(', ')}` });
      return phones;
    }),
  /**
   * The bearer token a Prometheus scraper sends to read `/metrics` (docs/decisions/045-metrics.md); an operator's
   * session reads it too. Unset: operators only.
   */
  METRICS_TOKEN: z.string().min(24, 'at least 24 characters (e.g. the output of `openssl rand -hex 24`)').optional(),
  /** Where uploaded images go: `local` (DATA_DIR/uploads, served at /uploads/) or `s3` (any S3-compatible store). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** For S3-compatible services (MinIO, R2…): their endpoint, addressed path-style. Unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The public origin (and path) the bucket's objects are served from, e.g. https://cdn.example.com/trove. */
  S3_PUBLIC_URL: z.url().optional(),
  /**
   * Where traces go (docs/decisions/054-traces.md): an OTLP/HTTP collector's base URL (spans are POSTed to its
   * `/v1/traces`), e.g. http://127.0.0.1:4318. Unset or empty (as OpenTelemetry reads its variables): nothing is
   * traced and no OpenTelemetry SDK is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  /** The `service.name` of this server's spans. */
  OTEL_SERVICE_NAME: z.string().min(1).default('trove'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().default('./dist/web'),
});

export type Config = z.infer<typeof EnvSchema> & { publicUrl: string };

// The demo's operator phone is the seed's (db/seed.ts); ADMIN_PHONES names it by default (below).
export { DEMO_OPERATOR_PHONE };

export class ConfigError extends Error {}

/** Runs `load`; a ConfigError ends the process with its message (exit 1). */
export function exitOnConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Throws a ConfigError naming each variable at fault. */
function parseEnv<T extends z.ZodType>(schema: T, env: Record<string, string | undefined>): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const TelemetrySchema = EnvSchema.pick({ OTEL_EXPORTER_OTLP_ENDPOINT: true, OTEL_SERVICE_NAME: true });
export type TelemetryConfig = z.infer<typeof TelemetrySchema>;

/** The tracing settings alone: read before the app is loaded (telemetry.ts), by the same rules as the rest. */
export function loadTelemetryConfig(env: Record<string, string | undefined> = process.env): TelemetryConfig {
  return parseEnv(TelemetrySchema, env);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const c = parseEnv(EnvSchema, env);
  if (c.SEED_DEMO && !c.DATABASE_URL && env.ADMIN_PHONES === undefined) c.ADMIN_PHONES = [DEMO_OPERATOR_PHONE];
  if (c.DATABASE_URL && !c.APP_SECRET) {
    // Several instances share PostgreSQL: a secret generated by one would not be known to the others.
    throw new ConfigError(
      'Invalid environment configuration:\n  APP_SECRET: required with DATABASE_URL (at least 32 characters, e.g. `openssl rand -hex 32`); every instance needs the same value',
    );
  }
  if (c.SMS_PROVIDER === 'twilio') {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!c[key])
        throw new ConfigError(`Invalid environment configuration:\n  ${key}: required when SMS_PROVIDER=twilio`);
    }
  }
  if (c.SMS_PROVIDER === 'file' && !c.SMS_OUTBOX_FILE) {
    throw new ConfigError('Invalid environment configuration:\n  SMS_OUTBOX_FILE: required when SMS_PROVIDER=file');
  }
  if (c.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!c[key])
        throw new ConfigError(`Invalid environment configuration:\n  ${key}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (c.STORAGE_DRIVER === 's3') {
    for (const key of [
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_URL',
    ] as const) {
      if (!c[key])
        throw new ConfigError(`Invalid environment configuration:\n  ${key}: required when STORAGE_DRIVER=s3`);
    }
  }
  return { ...c, publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}
