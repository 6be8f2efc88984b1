import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, IMMUTABLE, type StorageAdapter } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's endpoint (addressed path-style); unset for AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are publicly served: `${publicUrl}/${key}`. */
  publicUrl: string;
}

/** Objects in an S3 bucket (AWS, or any S3-compatible store), through the official SDK. */
export function createS3Storage(o: S3StorageOptions, client?: S3Client): StorageAdapter {
  const s3 =
    client ??
    new S3Client({
      region: o.region,
      endpoint: o.endpoint,
      forcePathStyle: Boolean(o.endpoint),
      credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      // Plain Content-MD5-free PUTs: many S3-compatible stores refuse the SDK's newer default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const base = o.publicUrl.replace(/\/$/, '');
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await s3.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
      return `${base}/${key}`;
    },
    async delete(key) {
      assertSafeKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
