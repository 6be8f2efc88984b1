import sharp from 'sharp';
import type { Deps } from '../../deps';
import { AppError, invalid } from '../../errors';
import { isUndecodable, MAX_PIXELS, NOT_AN_IMAGE, readImageHeader } from './image-input';
import { newId } from '../../adapters/ids';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE,
  type AdminUpload,
  type UploadPurpose,
} from '../../../shared/schemas/admin-uploads';
import { UPLOAD_WEBP_QUALITY, UPLOAD_WIDTHS } from '../../../shared/pictures';
import type { Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import { createUploadsRepository, type UploadsRepository } from './uploads.repository';

/**
 * Image uploads for the back office: the type is sniffed from the bytes (never the name), each image is
 * converted to WebP at 320 / 640 / 1280 px wide (never enlarged), stored through the storage adapter, and
 * recorded with its audit entry in one transaction.
 */
export function createUploadsService(
  deps: Pick<Deps, 'db' | 'clock' | 'storage' | 'log'>,
  svc: { audit: AuditService },
  repo: UploadsRepository = createUploadsRepository(),
) {
  return {
    async upload(
      op: Operator,
      input: { purpose: UploadPurpose; file: Buffer; filename?: string },
    ): Promise<AdminUpload> {
      const meta = await readImageHeader(input.file, { maxBytes: UPLOAD_MAX_BYTES, tooLarge: UPLOAD_TOO_LARGE });
      // EXIF orientation applied first, so the width is the one people see.
      const seenWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
      const widths = UPLOAD_WIDTHS.filter((w) => w <= seenWidth);
      if (widths.length === 0) widths.push(seenWidth as (typeof UPLOAD_WIDTHS)[number]);

      const id = newId('upl');
      const variants: { width: number; height: number; key: string; url: string; bytes: number }[] = [];
      try {
        for (const width of widths) {
          const { data, info } = await sharp(input.file, { limitInputPixels: MAX_PIXELS, animated: false })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: UPLOAD_WEBP_QUALITY })
            .toBuffer({ resolveWithObject: true });
          const key = `${input.purpose}/${id}/${info.width}.webp`;
          variants.push({
            width: info.width,
            height: info.height,
            key,
            url: await deps.storage.put(key, data, 'image/webp'),
            bytes: data.length,
          });
        }
      } catch (err) {
        await removeAll(variants.map((v) => v.key));
        if (err instanceof AppError) throw err;
        if (variants.length === 0 && isUndecodable(err)) throw invalid(NOT_AN_IMAGE);
        throw err;
      }
      const main = variants.find((v) => v.width === 640) ?? variants[variants.length - 1]!;
      const answer: AdminUpload = {
        id,
        url: main.url,
        variants: variants.map(({ width, height, url }) => ({ width, height, url })),
      };
      try {
        await deps.db.transaction(async (tx) => {
          await repo.insert(tx, {
            id,
            purpose: input.purpose,
            variants,
            originalName: (input.filename ?? '').slice(0, 200),
            originalBytes: input.file.length,
            createdBy: op.userId,
            createdAt: deps.clock.now(),
          });
          await svc.audit.record(tx, op, {
            action: 'upload.create',
            targetType: 'upload',
            targetId: id,
            after: { purpose: input.purpose, url: answer.url, bytes: input.file.length },
          });
        });
      } catch (err) {
        await removeAll(variants.map((v) => v.key));
        throw err;
      }
      return answer;
    },
  };

  /** Best effort: a stored variant of an upload that failed is garbage, but its removal failing is not the caller's problem. */
  async function removeAll(keys: string[]) {
    for (const key of keys)
      await deps.storage
        .delete(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove a stored variant of a failed upload'));
  }
}
export type UploadsService = ReturnType<typeof createUploadsService>;
