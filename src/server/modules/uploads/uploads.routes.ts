import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AdminUploadSchema,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE,
  UploadPurposeSchema,
} from '../../../shared/schemas/admin-uploads';
import { fileField } from './image-input';
import { adminRoutes, ok, reply, requireAdmin } from '../../http';

/** The multipart form: the image in `file`, what it is for in `purpose`. */
const UploadBodySchema = z.strictObject({
  file: fileField('請以 multipart/form-data 的「file」欄位上載圖片'),
  purpose: UploadPurposeSchema,
});

/** Operators' image uploads (PRODUCT.md §8): POST /api/admin/uploads, multipart/form-data. */
export async function adminUploadRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { uploads } = app.services;
  // Only in this plugin: every other route takes JSON. The file is buffered (≤ 10 MB) into `body.file`.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 100 },
  });

  r.post(
    '/admin/uploads',
    {
      schema: {
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        body: UploadBodySchema,
        response: reply(AdminUploadSchema),
      },
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      config: { upload: { tooLarge: UPLOAD_TOO_LARGE, fields: '表單欄位太多：只需「file」及「purpose」' } },
    },
    async (req) =>
      ok(await uploads.upload(requireAdmin(req), { purpose: req.body.purpose, file: req.body.file }), '已上載圖片'),
  );
}
