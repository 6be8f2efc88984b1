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
import { adminList, adminRoutes, ok, reply, requireAdmin, requireUser, userRoutes } from '../../http';

/** Delivery requests and their timeline (PRODUCT.md §4.8): `goods/delivery`, `logistic/list`, `logistic/detail`, `logistic/confirm`. */
export async function shipmentRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { shipments } = app.services;
  const tags = ['logistic'];

  r.post(
    '/goods/delivery',
    { schema: { tags, body: DeliveryBodySchema, response: reply(ShipmentSchema) } },
    async (req) => ok(await shipments.request(requireUser(req), req.body), '已申請提貨'),
  );

  r.get(
    '/logistic/list',
    { schema: { tags, querystring: ShipmentListQuerySchema, response: reply(z.array(ShipmentSchema)) } },
    async (req) => ok(await shipments.list(requireUser(req), req.query)),
  );

  r.get(
    '/logistic/detail',
    { schema: { tags, querystring: ShipmentIdQuerySchema, response: reply(ShipmentSchema) } },
    async (req) => ok(await shipments.detail(requireUser(req), req.query.id)),
  );

  r.post(
    '/logistic/confirm',
    { schema: { tags, body: ShipmentIdBodySchema, response: reply(ShipmentSchema) } },
    async (req) => ok(await shipments.confirm(requireUser(req), req.body.id), '已確認收貨'),
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
