import { createECDH } from 'node:crypto';

/** The order of P-256's base point: a private key is a scalar in [1, n - 1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** A VAPID key pair as web-push and the browser's `applicationServerKey` take it: base64url, public uncompressed. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair made from a 32-byte seed (HKDF of APP_SECRET, `trove/vapid/v1`): the seed read as a number,
 * reduced into [1, n - 1] (the bias of one reduction of 256 bits is about 2^-32), and its public point. Every
 * instance sharing APP_SECRET signs with the same key, so subscriptions made through one are served by all.
 */
export function vapidKeysFromSeed(seed: Buffer): VapidKeys {
  if (seed.length < 32) throw new Error('the VAPID seed must be at least 32 bytes');
  const scalar = (BigInt(`0x${seed.toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const privateKey = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
