import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AVATAR_PHOTO_MAX_BYTES,
  AVATAR_PHOTO_TOO_LARGE,
  AvatarOptionSchema,
  UpdateInfoBodySchema,
  UpdatePhoneBodySchema,
} from '../../../shared/schemas/account';
import { UserSchema } from '../../../shared/schemas/auth';
import { fileField } from '../uploads/image-input';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** The multipart form of `user/avatarUpload`: the photo in `file`. */
const AvatarUploadBodySchema = z.strictObject({
  file: fileField('請以 multipart/form-data 的「file」欄位上載相片'),
});

/** Account settings (PRODUCT.md §4.9): `user/updateInfo`, `user/updatePhone`, `user/avatarOptions`, `user/avatarUpload`. */
export async function accountRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { account } = app.services;
  const tags = ['account'];
  // Only `user/avatarUpload` takes a form; the photo is buffered (≤ 5 MB) into `body.file`.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: AVATAR_PHOTO_MAX_BYTES, files: 1, fields: 1, fieldSize: 100, parts: 2, headerPairs: 100 },
  });

  r.post(
    '/user/updateInfo',
    { schema: { tags, body: UpdateInfoBodySchema, response: reply(UserSchema) } },
    async (req) => ok(await account.updateInfo(requireUser(req), req.body), '資料已更新'),
  );

  r.post(
    '/user/updatePhone',
    { schema: { tags, body: UpdatePhoneBodySchema, response: reply(UserSchema) } },
    async (req) => ok(await account.updatePhone(requireUser(req), req.body), '手機號碼已更換，其他裝置已登出'),
  );

  r.get('/user/avatarOptions', { schema: { tags, response: reply(z.array(AvatarOptionSchema)) } }, async (req) =>
    ok(await account.avatarOptions(requireUser(req))),
  );

  r.post(
    '/user/avatarUpload',
    {
      schema: { tags, consumes: ['multipart/form-data'], body: AvatarUploadBodySchema, response: reply(UserSchema) },
      bodyLimit: AVATAR_PHOTO_MAX_BYTES + 64 * 1024,
      config: { upload: { tooLarge: AVATAR_PHOTO_TOO_LARGE, fields: '表單欄位太多：只需「file」' } },
    },
    async (req) => ok(await account.uploadAvatar(requireUser(req), req.body.file), '頭像已更新'),
  );
}
