import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyPurpose, Keys } from './keys';

/**
 * Encryption at rest for personal data (identity numbers and names, payout accounts), clear exchange codes
 * waiting for their one download and mystery packs' server seeds until revealed: AES-256-GCM
 * with a key derived per purpose and version from APP_SECRET (adapters/keys.ts), so one leaked derived
 * key exposes one use. Every ciphertext is stored with its key id (`identity-v1`); rotating means
 * adding a version here and in KEY_PURPOSES: new values use it, older ones stay readable.
 */
export type VaultPurpose = 'identity' | 'payout' | 'codeBatchCsv' | 'packSeed';

/** Key id → derived key purpose. */
const KEY_IDS: Record<string, KeyPurpose> = {
  'identity-v1': 'identityEncryptionV1',
  'payout-v1': 'payoutEncryptionV1',
  'code-batch-csv-v1': 'codeBatchCsvV1',
  'pack-seed-v1': 'packSeedV1',
};
/** The key id new values are written with. */
const CURRENT: Record<VaultPurpose, string> = {
  identity: 'identity-v1',
  payout: 'payout-v1',
  codeBatchCsv: 'code-batch-csv-v1',
  packSeed: 'pack-seed-v1',
};

export interface Vault {
  seal(purpose: VaultPurpose, plaintext: string): { keyId: string; cipher: string };
  open(keyId: string, cipher: string): string;
  /** A keyed hash for uniqueness checks that never stores the value (HMAC-SHA-256 under its own derived key). */
  hash(value: string): string;
}

export function createVault(keys: Keys): Vault {
  const keyOf = (keyId: string) => {
    const purpose = KEY_IDS[keyId];
    if (!purpose) throw new Error(`unknown vault key ${keyId}`);
    return keys.key(purpose);
  };
  return {
    seal(purpose, plaintext) {
      const keyId = CURRENT[purpose];
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(keyId), iv);
      cipher.setAAD(Buffer.from(keyId));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return { keyId, cipher: [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url')).join('.') };
    },
    open(keyId, value) {
      const [iv, tag, ct] = value.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', keyOf(keyId), iv!);
      decipher.setAAD(Buffer.from(keyId));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(ct!), decipher.final()]).toString('utf8');
    },
    hash: (value) => keys.hmac('identityNumber', value),
  };
}
