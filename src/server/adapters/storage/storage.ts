/**
 * Where uploaded files live (STYLE.md §8: outside things behind an adapter). Keys are relative paths such as
 * `card_info/upl_7K3M…/640.webp`; every object is written once and never changed, so it can be cached forever.
 */
export interface StorageAdapter {
  /** Stores the bytes under `key`; answers the public URL they are served at. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes an object (a failed upload's other variants); a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Cache-Control of stored objects: written once under a fresh key, never changed. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Keys are made by the server, but checked anyway: no `..`, no absolute paths, a small alphabet. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) ||
    key.split('/').some((part) => part === '.' || part === '..')
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
