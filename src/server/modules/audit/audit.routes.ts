import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuditRecordSchema, AuditSearchQuerySchema } from '../../../shared/schemas/admin-audit';
import { adminArea, okPage, reply, requireAdmin, typed } from '../../http';

/** `GET /api/admin/audit`: operators search the append-only log of operator actions (PRODUCT.md §8). */
export async function adminAuditRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { audit } = app.services;
  app.addHook('onRequest', adminArea);

  r.get(
    '/admin/audit',
    { schema: { tags: ['admin'], querystring: AuditSearchQuerySchema, response: reply(z.array(AuditRecordSchema)) } },
    async (req, res) => {
      const { page, pageSize, from, to, ...filter } = req.query;
      // Empty filters ('') match everything: the search skips falsy values.
      return okPage(
        res,
        await audit.search(
          requireAdmin(req),
          { ...filter, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined },
          { page, pageSize },
        ),
      );
    },
  );
}
