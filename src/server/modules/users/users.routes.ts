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
import { adminApi, adminList, ok, reply, requireAdmin } from '../../http';

/** Operators' users and identities (PRODUCT.md §8): `/api/admin/users…`, `/api/admin/identities…`. */
export async function adminUserRoutes(app: FastifyInstance) {
  const { r, ...api } = adminApi(app);
  const { users } = app.services;

  adminList(r, '/admin/users', { querystring: AdminUserListQuerySchema, row: AdminUserSchema }, (operator, query) =>
    users.list(operator, query),
  );
  api.get('/admin/users/detail', { querystring: AdminUserIdQuerySchema, data: AdminUserDetailSchema }, (op, q) =>
    users.detail(op, q.id),
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
  const detail = { data: AdminUserDetailSchema };
  api.post(
    '/admin/users/disable',
    { body: AdminDisableUserBodySchema, ...detail, msg: '已停用此用戶，其所有登入已即時失效' },
    (op, b) => users.disable(op, b),
  );
  api.post('/admin/users/enable', { body: AdminUserIdBodySchema, ...detail, msg: '已重新啟用此用戶' }, (op, b) =>
    users.enable(op, b),
  );
  api.post('/admin/users/grantAdmin', { body: AdminUserIdBodySchema, ...detail, msg: '已授予後台權限' }, (op, b) =>
    users.grantAdmin(op, b),
  );
  r.post(
    '/admin/users/revokeAdmin',
    { schema: { tags: ['admin'], body: AdminUserIdBodySchema, response: reply(AdminUserDetailSchema) } },
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
  api.post(
    '/admin/identities/revoke',
    { body: AdminRevokeIdentityBodySchema, data: AdminIdentitySchema, msg: '已撤銷實名認證，用戶可重新認證' },
    (op, b) => users.revokeIdentity(op, b),
  );
}
