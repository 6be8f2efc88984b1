import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AddAddressBodySchema,
  AddressIdBodySchema,
  AddressListQuerySchema,
  AddressSchema,
  UpdateAddressBodySchema,
} from '../../../shared/schemas/addresses';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** The address book (PRODUCT.md §4.9): `address/*`, signed-in users only. */
export async function addressRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { addresses } = app.services;
  const tags = ['address'];

  r.get(
    '/address/list',
    { schema: { tags, querystring: AddressListQuerySchema, response: reply(z.array(AddressSchema)) } },
    async (req) => ok(await addresses.list(requireUser(req), req.query)),
  );

  r.get('/address/default', { schema: { tags, response: reply(AddressSchema.nullable()) } }, async (req) =>
    ok(await addresses.getDefault(requireUser(req))),
  );

  r.post(
    '/address/add',
    { schema: { tags, body: AddAddressBodySchema, response: reply(AddressSchema) } },
    async (req) => ok(await addresses.add(requireUser(req), req.body), '地址已新增'),
  );

  r.post(
    '/address/update',
    { schema: { tags, body: UpdateAddressBodySchema, response: reply(AddressSchema) } },
    async (req) => ok(await addresses.update(requireUser(req), req.body), '地址已更新'),
  );

  r.post(
    '/address/setDefault',
    { schema: { tags, body: AddressIdBodySchema, response: reply(AddressSchema) } },
    async (req) => ok(await addresses.setDefault(requireUser(req), req.body.id), '已設為預設地址'),
  );

  r.post(
    '/address/delete',
    {
      schema: {
        tags,
        body: AddressIdBodySchema,
        response: reply(z.object({ id: z.string(), newDefaultId: z.string().nullable() })),
      },
    },
    async (req) => ok(await addresses.delete(requireUser(req), req.body.id), '地址已刪除'),
  );
}
