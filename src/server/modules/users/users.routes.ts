import type { FastifyInstance } from 'fastify';
import {
  AdminDisableUserBodySchema,
  AdminHoldingSchema,
  AdminIdentityListQuerySchema,
  AdminIdentitySchema,
  AdminRevokeIdentityBodySchema,
  AdminUserDetailSchema,
  AdminUserIdBodySchema,
  AdminUserIdQuerySchema,
  AdminUserListQuerySchema,
  AdminUserOrderSchema,
  AdminUserPageQuerySchema,
  AdminUserSchema,
} from '../../../shared/schemas/admin-users';
import { adminList, adminRoutes, ok, reply, requireAdmin } from '../../http';

/** Operators' users and identities (PRODUCT.md §8): `/api/admin/users…`, `/api/admin/identities…`. */
export async function adminUserRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { users } = app.services;
  const tags = ['admin'];

  adminList(r, '/admin/users', { querystring: AdminUserListQuerySchema, row: AdminUserSchema }, (operator, query) =>
    users.list(operator, query),
  );
  r.get(
    '/admin/users/detail',
    { schema: { tags, querystring: AdminUserIdQuerySchema, response: reply(AdminUserDetailSchema) } },
    async (req) => ok(await users.detail(requireAdmin(req), req.query.id)),
  );
  adminList(
    r,
    '/admin/users/orders',
    { querystring: AdminUserPageQuerySchema, row: AdminUserOrderSchema },
    (operator, query) => users.orders(operator, query),
  );
  adminList(
    r,
    '/admin/users/holdings',
    { querystring: AdminUserPageQuerySchema, row: AdminHoldingSchema },
    (operator, query) => users.holdings(operator, query),
  );
  r.post(
    '/admin/users/disable',
    { schema: { tags, body: AdminDisableUserBodySchema, response: reply(AdminUserDetailSchema) } },
    async (req) => ok(await users.disable(requireAdmin(req), req.body), '已停用此用戶，其所有登入已即時失效'),
  );
  r.post(
    '/admin/users/enable',
    { schema: { tags, body: AdminUserIdBodySchema, response: reply(AdminUserDetailSchema) } },
    async (req) => ok(await users.enable(requireAdmin(req), req.body), '已重新啟用此用戶'),
  );
  r.post(
    '/admin/users/grantAdmin',
    { schema: { tags, body: AdminUserIdBodySchema, response: reply(AdminUserDetailSchema) } },
    async (req) => ok(await users.grantAdmin(requireAdmin(req), req.body), '已授予後台權限'),
  );
  r.post(
    '/admin/users/revokeAdmin',
    { schema: { tags, body: AdminUserIdBodySchema, response: reply(AdminUserDetailSchema) } },
    async (req) => {
      const { user, regainsAtSignIn } = await users.revokeAdmin(requireAdmin(req), req.body);
      return ok(
        user,
        regainsAtSignIn
          ? '已撤銷後台權限；但此號碼在 ADMIN_PHONES 設定內，下次登入時會重新取得權限，請同時從設定移除'
          : '已撤銷後台權限',
      );
    },
  );

  adminList(
    r,
    '/admin/identities',
    { querystring: AdminIdentityListQuerySchema, row: AdminIdentitySchema },
    (operator, query) => users.identities(operator, query),
  );
  r.post(
    '/admin/identities/revoke',
    { schema: { tags, body: AdminRevokeIdentityBodySchema, response: reply(AdminIdentitySchema) } },
    async (req) => ok(await users.revokeIdentity(requireAdmin(req), req.body), '已撤銷實名認證，用戶可重新認證'),
  );
}
