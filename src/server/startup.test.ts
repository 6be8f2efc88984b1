import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeys, deriveKey, KEY_PURPOSES, type KeyPurpose } from './adapters/keys';
import { ConfigError, DEMO_OPERATOR_PHONE, loadConfig } from './config';
import { appSecretFile, loadStartupConfig } from './startup';

describe('APP_SECRET at start-up', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trove-secret-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('has no built-in value', () => {
    expect(loadConfig({}).APP_SECRET).toBeUndefined();
  });

  it('on the embedded database, generates a random secret once into an owner-only file and reuses it', () => {
    const dir = dataDir();
    const first = loadStartupConfig({ DATA_DIR: dir });
    expect(first.APP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const file = appSecretFile(dir);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.APP_SECRET);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    // The next start (or `npm run codes`) reads the same secret.
    expect(loadStartupConfig({ DATA_DIR: dir }).APP_SECRET).toBe(first.APP_SECRET);
    // Another data folder, another secret.
    expect(loadStartupConfig({ DATA_DIR: dataDir() }).APP_SECRET).not.toBe(first.APP_SECRET);
  });

  it('uses APP_SECRET when set, writing no file', () => {
    const dir = dataDir();
    const secret = 'x'.repeat(40);
    expect(loadStartupConfig({ DATA_DIR: dir, APP_SECRET: secret }).APP_SECRET).toBe(secret);
    expect(() => statSync(appSecretFile(dir))).toThrow();
  });

  it('refuses to start on PostgreSQL without APP_SECRET, or with a short one, naming it', () => {
    expect(() => loadStartupConfig({ DATABASE_URL: 'postgres://db/trove' })).toThrow(ConfigError);
    expect(() => loadStartupConfig({ DATABASE_URL: 'postgres://db/trove' })).toThrow(
      /APP_SECRET: required with DATABASE_URL/,
    );
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(loadStartupConfig({ DATABASE_URL: 'postgres://db/trove', APP_SECRET: 'y'.repeat(32) }).APP_SECRET).toBe(
      'y'.repeat(32),
    );
  });

  it('refuses a damaged secret file rather than running with it', () => {
    const dir = dataDir();
    loadStartupConfig({ DATA_DIR: dir });
    writeFileSync(appSecretFile(dir), 'short\n');
    expect(() => loadStartupConfig({ DATA_DIR: dir })).toThrow(/APP_SECRET/);
  });
});

describe('derived keys', () => {
  it('derives a distinct 32-byte key per purpose with HKDF, none equal to the secret', () => {
    const secret = 'z'.repeat(64);
    const purposes = Object.keys(KEY_PURPOSES) as KeyPurpose[];
    const keys = purposes.map((p) => deriveKey(secret, p).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const k of keys) {
      expect(k).toHaveLength(64);
      expect(k).not.toContain(Buffer.from(secret).toString('hex'));
    }
    const a = createKeys(secret);
    expect(a.hmac('exchangeCode', 'ABC')).not.toBe(a.hmac('smsCode', 'ABC'));
    expect(createKeys('w'.repeat(64)).hmac('exchangeCode', 'ABC')).not.toBe(a.hmac('exchangeCode', 'ABC'));
    expect(() => createKeys('short')).toThrow();
  });
});

describe('the demo operator', () => {
  const secret = 'x'.repeat(32);
  it('is named by ADMIN_PHONES only on the embedded database with the demo content and no ADMIN_PHONES set', () => {
    expect(loadConfig({}).ADMIN_PHONES).toEqual([DEMO_OPERATOR_PHONE]);
    expect(loadConfig({ SEED_DEMO: 'false' }).ADMIN_PHONES).toEqual([]);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/trove', APP_SECRET: secret }).ADMIN_PHONES).toEqual([]);
    expect(loadConfig({ ADMIN_PHONES: '' }).ADMIN_PHONES).toEqual([]);
    expect(loadConfig({ ADMIN_PHONES: '+85291234567' }).ADMIN_PHONES).toEqual(['+85291234567']);
  });
});
