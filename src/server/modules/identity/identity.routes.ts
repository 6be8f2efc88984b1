import type { FastifyInstance } from 'fastify';
import {
  IdentitySchema,
  PaymentUpdateBodySchema,
  PayoutAccountSchema,
  VerifyIdentityBodySchema,
} from '../../../shared/schemas/identity';
import { ok, reply, requireUser, userRoutes } from '../../http';

export async function identityRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { identity } = app.services;

  r.post(
    '/userIdInfo/verify',
    { schema: { tags: ['userIdInfo'], body: VerifyIdentityBodySchema, response: reply(IdentitySchema) } },
    async (req) => ok(await identity.verify(requireUser(req), req.body), '實名認證成功'),
  );

  r.get(
    '/userIdInfo/info',
    { schema: { tags: ['userIdInfo'], response: reply(IdentitySchema.nullable()) } },
    async (req) => ok(await identity.info(requireUser(req))),
  );

  r.post(
    '/payment/update',
    { schema: { tags: ['payment'], body: PaymentUpdateBodySchema, response: reply(PayoutAccountSchema) } },
    async (req) => ok(await identity.updatePayoutAccount(requireUser(req), req.body), '收款帳戶已更新'),
  );
}
