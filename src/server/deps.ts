import type { FastifyBaseLogger } from 'fastify';
import type { Broadcast } from './adapters/broadcast';
import type { Clock } from './adapters/clock';
import type { PublicCache } from './cache/public-cache-types';
import type { Keys } from './adapters/keys';
import type { Metrics } from './adapters/metrics';
import type { PaymentProvider } from './adapters/payments/create-payments';
import type { SmsSender } from './adapters/sms/sms';
import type { StorageAdapter } from './adapters/storage/storage';
import type { Config } from './config';
import type { Db } from './db/client';

/** The outside world as services see it: injected, so tests can swap any part. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Keys derived from APP_SECRET, one per purpose. */
  keys: Keys;
  sms: SmsSender;
  payments: PaymentProvider;
  /** Public answers kept in memory; writers call `publicCache.invalidate(tag)` (docs/decisions/013). */
  publicCache: PublicCache;
  /** Uploaded images (local folder or S3-compatible, STORAGE_DRIVER). */
  storage: StorageAdapter;
  /** Messages to every instance (Redis pub/sub when REDIS_URL is set): what each keeps in memory is invalidated through it. */
  broadcast: Broadcast;
  /**
   * Runs `fn` once the transaction this is called in commits (at once outside one): what is kept in memory
   * on the strength of a write is dropped only when the write is visible (src/server/db/commit-hooks.ts).
   */
  afterCommit(fn: () => void, key?: string): void;
  /** The process's metrics (`/metrics`): a module adds its gauges with `metrics.registerCollector` (decision 045). */
  metrics: Metrics;
  log: FastifyBaseLogger;
}
