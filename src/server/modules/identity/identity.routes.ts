import type { FastifyInstance } from 'fastify';
import {
  IdentitySchema,
  PaymentUpdateBodySchema,
  PayoutAccountSchema,
  VerifyIdentityBodySchema,
} from '../../../shared/schemas/identity';
import { ok, reply, requireUser, userApi } from '../../http';

export async function identityRoutes(app: FastifyInstance) {
  const { r, ...api } = userApi(app, ['userIdInfo']);
  const { identity } = app.services;

  api.post(
    '/userIdInfo/verify',
    { body: VerifyIdentityBodySchema, data: IdentitySchema, msg: '實名認證成功' },
    (u, b) => identity.verify(u, b),
  );

  api.get('/userIdInfo/info', { data: IdentitySchema.nullable() }, (u) => identity.info(u));

  r.post(
    '/payment/update',
    { schema: { tags: ['payment'], body: PaymentUpdateBodySchema, response: reply(PayoutAccountSchema) } },
    async (req) => ok(await identity.updatePayoutAccount(requireUser(req), req.body), '收款帳戶已更新'),
  );
}
