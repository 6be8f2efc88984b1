import type { Config } from '../../config';
import { createLocalStorage, localUploadsRoot } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { StorageAdapter } from './storage';

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
