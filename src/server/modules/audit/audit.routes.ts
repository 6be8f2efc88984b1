import type { FastifyInstance } from 'fastify';
import { AuditRecordSchema, AuditSearchQuerySchema } from '../../../shared/schemas/admin-audit';
import { adminList, adminRoutes } from '../../http';

/** `GET /api/admin/audit`: operators search the append-only log of operator actions (PRODUCT.md §8). */
export async function adminAuditRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { audit } = app.services;

  // Empty filters ('') match everything: the search skips falsy values.
  adminList(
    r,
    '/admin/audit',
    { querystring: AuditSearchQuerySchema, row: AuditRecordSchema },
    (operator, { page, pageSize, from, to, ...filter }) =>
      audit.search(
        operator,
        { ...filter, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined },
        { page, pageSize },
      ),
  );
}
