import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminShipmentListQuerySchema,
  AdminShipmentSchema,
  CancelShipmentBodySchema,
  DeliveryBodySchema,
  ShipBodySchema,
  ShipmentIdBodySchema,
  ShipmentIdQuerySchema,
  ShipmentListQuerySchema,
  ShipmentSchema,
} from '../../../shared/schemas/delivery';
import { adminList, adminRoutes, ok, reply, requireAdmin, userApi } from '../../http';

/** Delivery requests and their timeline (PRODUCT.md §4.8): `goods/delivery`, `logistic/list`, `logistic/detail`, `logistic/confirm`. */
export async function shipmentRoutes(app: FastifyInstance) {
  const api = userApi(app, ['logistic']);
  const { shipments } = app.services;

  api.post('/goods/delivery', { body: DeliveryBodySchema, data: ShipmentSchema, msg: '已申請提貨' }, (u, b) =>
    shipments.request(u, b),
  );

  api.get('/logistic/list', { querystring: ShipmentListQuerySchema, data: z.array(ShipmentSchema) }, (u, q) =>
    shipments.list(u, q),
  );

  api.get('/logistic/detail', { querystring: ShipmentIdQuerySchema, data: ShipmentSchema }, (u, q) =>
    shipments.detail(u, q.id),
  );

  api.post('/logistic/confirm', { body: ShipmentIdBodySchema, data: ShipmentSchema, msg: '已確認收貨' }, (u, b) =>
    shipments.confirm(u, b.id),
  );
}

/** Operators' shipment queue (PRODUCT.md §8): `/api/admin/shipments…`, admin role only (others get 404). */
export async function adminShipmentRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { shipments } = app.services;
  const tags = ['admin'];

  adminList(
    r,
    '/admin/shipments',
    { querystring: AdminShipmentListQuerySchema, row: AdminShipmentSchema },
    (operator, query) => shipments.adminList(operator, query),
  );

  r.get(
    '/admin/shipments/detail',
    { schema: { tags, querystring: ShipmentIdQuerySchema, response: reply(AdminShipmentSchema) } },
    async (req) => ok(await shipments.adminDetail(requireAdmin(req), req.query.id)),
  );

  r.post(
    '/admin/shipments/pack',
    { schema: { tags, body: ShipmentIdBodySchema, response: reply(AdminShipmentSchema) } },
    async (req) => ok(await shipments.pack(requireAdmin(req), req.body.id), '已標記為已打包'),
  );

  r.post(
    '/admin/shipments/ship',
    { schema: { tags, body: ShipBodySchema, response: reply(AdminShipmentSchema) } },
    async (req) => ok(await shipments.ship(requireAdmin(req), req.body), '已標記為已發貨'),
  );

  r.post(
    '/admin/shipments/deliver',
    { schema: { tags, body: ShipmentIdBodySchema, response: reply(AdminShipmentSchema) } },
    async (req) => ok(await shipments.deliver(requireAdmin(req), req.body.id), '已標記為已送達'),
  );

  r.post(
    '/admin/shipments/cancel',
    { schema: { tags, body: CancelShipmentBodySchema, response: reply(AdminShipmentSchema) } },
    async (req) => ok(await shipments.cancel(requireAdmin(req), req.body), '提貨訂單已取消，物品已退回存放'),
  );
}
