import { createHmac, hkdfSync } from 'node:crypto';

/**
 * What each derived key is for. The label is the HKDF `info`: changing one re-keys that use only
 * (its stored hashes stop matching), so labels carry a version.
 */
export const KEY_PURPOSES = {
  exchangeCode: 'trove/exchange-code/v1',
  smsCode: 'trove/sms-code/v1',
  sandboxWebhook: 'trove/sandbox-webhook/v1',
  identityNumber: 'trove/identity-number/v1',
  /** AES-256-GCM keys of personal data at rest (src/server/adapters/vault.ts); a rotation adds a v2 purpose. */
  identityEncryptionV1: 'trove/identity-encryption/v1',
  payoutEncryptionV1: 'trove/payout-encryption/v1',
  /** The clear codes of a back-office batch, held encrypted until the operator downloads them once. */
  codeBatchCsvV1: 'trove/code-batch-csv/v1',
  /** The seed of the Web Push VAPID key pair (adapters/push/vapid.ts): a new label means every device subscribes again. */
  vapidV1: 'trove/vapid/v1',
  /** The sealed server seeds of mystery-pack series until they are revealed (decision 043). */
  packSeedV1: 'trove/pack-seed/v1',
  /** The per-series pseudonym of a pack buyer in the published draws (decision 043). */
  packBuyer: 'trove/pack-buyer/v1',
} as const;
export type KeyPurpose = keyof typeof KEY_PURPOSES;

/** Fixed salt: the secret is already random; the salt only separates Trove's keys from other HKDF uses of it. */
const SALT = 'trove-app-secret';

/** One key per purpose, derived from APP_SECRET, so a leaked derived key exposes one use only. */
export interface Keys {
  /** The raw 32-byte key of a purpose (for adapters that sign with it, e.g. the sandbox webhook). */
  key(purpose: KeyPurpose): Buffer;
  /** Hex HMAC-SHA-256 of `value` under the purpose's key (keyed hashes of codes and identity numbers). */
  hmac(purpose: KeyPurpose, value: string): string;
}

/** HKDF-SHA-256 of the secret with the purpose's label as `info`. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, KEY_PURPOSES[purpose], 32));
}

export function createKeys(secret: string): Keys {
  if (secret.length < 32) throw new Error('APP_SECRET must be at least 32 characters');
  const cache = new Map<KeyPurpose, Buffer>();
  const key = (purpose: KeyPurpose) => {
    let k = cache.get(purpose);
    if (!k) cache.set(purpose, (k = deriveKey(secret, purpose)));
    return k;
  };
  return {
    key,
    hmac: (purpose, value) => createHmac('sha256', key(purpose)).update(value).digest('hex'),
  };
}
