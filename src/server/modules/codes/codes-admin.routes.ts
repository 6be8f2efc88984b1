import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminCodeBatchCreateSchema,
  AdminCodeBatchListQuerySchema,
  AdminCodeBatchSchema,
} from '../../../shared/schemas/admin-codes';
import { AdminIdBodySchema, AdminIdQuerySchema } from '../../../shared/schemas/admin-common';
import { adminApi, ok, reply, requireAdmin } from '../../http';

/** Operators' exchange code batches (PRODUCT.md §8): generate, download the clear codes once, list, void. */
export async function adminCodeRoutes(app: FastifyInstance) {
  const { r, ...api } = adminApi(app);
  const { codesAdmin: svc } = app.services;

  api.list('/admin/codeBatches', { querystring: AdminCodeBatchListQuerySchema, row: AdminCodeBatchSchema }, (op, q) =>
    svc.list(op, q),
  );

  r.post(
    '/admin/codeBatches/create',
    { schema: { tags: ['admin'], body: AdminCodeBatchCreateSchema, response: reply(AdminCodeBatchSchema) } },
    async (req) => {
      const batch = await svc.create(requireAdmin(req), req.body);
      return ok(batch, `已建立 ${batch.count} 個兌換碼，請下載 CSV（只可下載一次）`);
    },
  );

  r.get(
    '/admin/codeBatches/csv',
    {
      schema: {
        tags: ['admin'],
        description:
          'The clear codes as a text/csv attachment (code,batch_id,target,url), the first time only; afterwards a 409 envelope.',
        querystring: AdminIdQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: { 200: z.string().describe('text/csv: code,batch_id,target,url') },
      },
    },
    async (req, res) => {
      const { filename, csv } = await svc.takeCsv(requireAdmin(req), req.query.id);
      // A byte-order mark, so spreadsheet programs read the Chinese target names as UTF-8.
      return res
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(`\uFEFF${csv}`);
    },
  );

  api.post(
    '/admin/codeBatches/void',
    { body: AdminIdBodySchema, data: AdminCodeBatchSchema, msg: '已作廢此批次，未使用的兌換碼即時失效' },
    (op, b) => svc.void(op, b.id),
  );
}
