import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type StorageAdapter } from './storage';

/** The URL prefix local uploads are served under (plugins/uploads-static.ts). */
export const LOCAL_UPLOADS_PREFIX = '/uploads/';

/** The folder of local uploads: `DATA_DIR/uploads`. */
export const localUploadsRoot = (dataDir: string) => path.resolve(dataDir, 'uploads');

/** Files under a folder (DATA_DIR/uploads), served by the app itself at /uploads/. */
export function createLocalStorage(root: string): StorageAdapter {
  return {
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed into place: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, body, { mode: 0o644 });
      await rename(tmp, file);
      return `${LOCAL_UPLOADS_PREFIX}${key}`;
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
  };
}
