import type { FastifyInstance } from 'fastify';
import {
  AdminOrderRefundListQuerySchema,
  AdminOrderRefundPreviewSchema,
  AdminOrderRefundQuerySchema,
  AdminOrderRefundSchema,
  AdminRefundOrderBodySchema,
} from '../../../shared/schemas/admin-order-refunds';
import { formatHkd } from '../../../shared/money';
import { adminApi, ok, reply, requireAdmin } from '../../http';

/** Operators' refunds of paid mall orders (decision 050): `/api/admin/payOrders/refund…`, `/api/admin/orderRefunds`. */
export async function adminOrderRefundRoutes(app: FastifyInstance) {
  const api = adminApi(app);
  const { orderRefunds } = app.services;

  api.get(
    '/admin/payOrders/refund',
    { querystring: AdminOrderRefundQuerySchema, data: AdminOrderRefundPreviewSchema },
    (operator, q) => orderRefunds.preview(operator, q.orderNo),
  );
  api.r.post(
    '/admin/payOrders/refund',
    { schema: { tags: ['admin'], body: AdminRefundOrderBodySchema, response: reply(AdminOrderRefundPreviewSchema) } },
    async (req) => {
      const { order, refund } = await orderRefunds.refund(requireAdmin(req), req.body);
      return ok(
        order,
        refund.toBalance
          ? `已退款 ${formatHkd(refund.amount)} 至客戶的錢包`
          : `已建立退款 ${formatHkd(refund.amount)}，請於「帳目 → 退款」經支付服務退回款項`,
      );
    },
  );
  api.list(
    '/admin/orderRefunds',
    { querystring: AdminOrderRefundListQuerySchema, row: AdminOrderRefundSchema },
    (operator, q) => orderRefunds.list(operator, q),
  );
}
