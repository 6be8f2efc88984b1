import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AvatarOptionSchema, UpdateInfoBodySchema, UpdatePhoneBodySchema } from '../../../shared/schemas/account';
import { UserSchema } from '../../../shared/schemas/auth';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** Account settings (PRODUCT.md §4.9): `user/updateInfo`, `user/updatePhone`, `user/avatarOptions`. */
export async function accountRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { account } = app.services;
  const tags = ['account'];

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
}
