import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createArtSource, type ArtSource } from './adapters/art-source';
import type { Clock } from './adapters/clock';
import type { Keys } from './adapters/keys';
import { createPaymentProvider, type PaymentProvider } from './adapters/payments/create-payments';
import type { PushSender } from './adapters/push/push';
import { vapidKeysFromSeed } from './adapters/push/vapid';
import { createWebPushSender } from './adapters/push/web-push-sender';
import { createConsoleSms } from './adapters/sms/console-sms';
import { createFileSms } from './adapters/sms/file-sms';
import type { SmsSender } from './adapters/sms/sms';
import { createTwilioSms } from './adapters/sms/twilio-sms';
import { createLocalStorage, localUploadsRoot } from './adapters/storage/local-storage';
import { createS3Storage } from './adapters/storage/s3-storage';
import type { StorageAdapter } from './adapters/storage/storage';
import { ConfigError, exitOnConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type LockHolder } from './db/data-dir-lock';
import { createSandboxBank } from './modules/payments/sandbox-bank.repository';

/** The configuration once APP_SECRET is known (set, or generated for the embedded database). */
export type StartupConfig = Config & { APP_SECRET: string };

/** Where the generated secret of an embedded database lives. */
export const appSecretFile = (dataDir: string) => path.join(dataDir, 'app-secret');

/**
 * The embedded database's own secret: read from DATA_DIR/app-secret, or generated there (256 random
 * bits, owner-only file) on the first start. The server and the codes command read the same file.
 */
export function readOrCreateAppSecret(dataDir: string): string {
  const file = appSecretFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: never overwrite; when two processes race, the loser reads the winner's secret below.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError(
      `Invalid environment configuration:\n  APP_SECRET: ${file} holds less than 32 characters; delete it to generate a new one, or set APP_SECRET`,
    );
  return secret;
}

/** Parses the environment and settles APP_SECRET; throws ConfigError naming the variable at fault. */
export function loadStartupConfig(env: Record<string, string | undefined> = process.env): StartupConfig {
  const config = loadConfig(env);
  // loadConfig already refused DATABASE_URL without APP_SECRET, so an unset secret means PGlite here.
  return { ...config, APP_SECRET: config.APP_SECRET ?? readOrCreateAppSecret(config.DATA_DIR) };
}

/** Parses the environment once; a bad variable ends the process with its name (exit 1), never a stack trace. */
export function loadConfigOrExit(): StartupConfig {
  return exitOnConfigError(loadStartupConfig);
}

/** Opens the configured database: PostgreSQL at DATABASE_URL, otherwise embedded PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR });
}

/**
 * Takes DATA_DIR's embedded-database lock (db/data-dir-lock.ts) or ends the process (exit 1) with a message naming
 * the process that holds it and what to do.
 */
export function lockDataDirOrExit(dataDir: string, role: LockHolder['role']): () => void {
  try {
    return acquireDataDirLock(dataDir, role);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stderr.write(`${lockedMessage(dataDir, err.holder, role)}\n`);
    process.exit(1);
  }
}

const HOLDER_NAMES: Record<LockHolder['role'], string> = {
  server: '伺服器',
  codes: 'npm run codes',
  backup: 'npm run db:backup / db:restore',
};

/** What a process refused by the lock tells the operator, in zh-HK and English. */
export function lockedMessage(dataDir: string, holder: LockHolder, role: LockHolder['role']): string {
  const who = `${HOLDER_NAMES[holder.role]}（PID ${holder.pid}）`;
  const what =
    role === 'codes'
      ? '請改用後台（/admin → 兌換碼）建立、下載或作廢批次，或先停止伺服器再執行 npm run codes。'
      : role === 'backup'
        ? '資料庫開啟時，其資料夾不能安全複製或覆蓋：請等它完成或先停止它，再執行備份或還原。'
        : '請等它完成或先停止它，再啟動伺服器。';
  return `${who}正在使用 ${path.resolve(dataDir)} 的內嵌資料庫（PGlite 同一時間只可由一個程序開啟）。${what}\n(The embedded database in DATA_DIR is held by ${holder.role} PID ${holder.pid}; ${role === 'codes' ? 'use the back office or stop the server' : 'wait for it or stop it first'}.)`;
}

/*
 * The adapters the configuration names. They are chosen here, in the boot layer, and given plain options: an adapter
 * never reads the configuration (docs/decisions/026-layers.md).
 */

/** The SMS gateway the configuration names (SMS_PROVIDER); loadConfig has checked its variables. */
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

/**
 * The Web Push sender (decision 038): VAPID keys from APP_SECRET's `trove/vapid/v1` key, the subject VAPID_SUBJECT
 * names (else `mailto:push@` and PUBLIC_URL's host), PUSH_TIMEOUT_MS a request.
 */
export function createPushSender(config: Config, keys: Keys, clock: Clock): PushSender {
  return createWebPushSender({
    vapid: vapidKeysFromSeed(keys.key('vapidV1')),
    subject: config.VAPID_SUBJECT ?? `mailto:push@${new URL(config.publicUrl).hostname}`,
    timeoutMs: config.PUSH_TIMEOUT_MS,
    now: () => clock.now(),
  });
}

/** The storage the configuration names (STORAGE_DRIVER); loadConfig has checked the S3 variables. */
export function createStorage(config: Config): StorageAdapter {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL!,
    });
  }
  return createLocalStorage(localUploadsRoot(config.DATA_DIR));
}

/**
 * Where share previews read their art (issue 23): the app's pictures from the web build (or `public/` when it runs
 * without one), uploads from DATA_DIR/uploads, and the upload store's public origin with STORAGE_DRIVER=s3.
 */
export function createArtSourceFor(config: Config): ArtSource {
  return createArtSource({
    folders: [
      { prefix: '/media/', roots: [path.join(config.WEB_DIST, 'media'), path.join('public', 'media')] },
      { prefix: '/uploads/', roots: [localUploadsRoot(config.DATA_DIR)] },
    ],
    remoteOrigins: config.STORAGE_DRIVER === 's3' && config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [],
  });
}

/** The payment provider PAYMENT_PROVIDER names, built once per process; the sandbox keeps its bank in `db`. */
export function createPayments(config: Config, db: Db, clock: Clock, keys: Keys): PaymentProvider {
  return createPaymentProvider(config, createSandboxBank(db), clock, keys);
}
