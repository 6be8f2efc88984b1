import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AddAddressBodySchema,
  AddressIdBodySchema,
  AddressListQuerySchema,
  AddressSchema,
  UpdateAddressBodySchema,
} from '../../../shared/schemas/addresses';
import { ok, reply, requireUser, userApi } from '../../http';

/** The address book (PRODUCT.md §4.9): `address/*`, signed-in users only. */
export async function addressRoutes(app: FastifyInstance) {
  const tags = ['address'];
  const { r, ...api } = userApi(app, tags);
  const { addresses } = app.services;

  api.get('/address/list', { querystring: AddressListQuerySchema, data: z.array(AddressSchema) }, (u, q) =>
    addresses.list(u, q),
  );

  r.get('/address/default', { schema: { tags, response: reply(AddressSchema.nullable()) } }, async (req) =>
    ok(await addresses.getDefault(requireUser(req))),
  );

  api.post('/address/add', { body: AddAddressBodySchema, data: AddressSchema, msg: '地址已新增' }, (u, b) =>
    addresses.add(u, b),
  );

  api.post('/address/update', { body: UpdateAddressBodySchema, data: AddressSchema, msg: '地址已更新' }, (u, b) =>
    addresses.update(u, b),
  );

  api.post('/address/setDefault', { body: AddressIdBodySchema, data: AddressSchema, msg: '已設為預設地址' }, (u, b) =>
    addresses.setDefault(u, b.id),
  );

  api.post(
    '/address/delete',
    {
      body: AddressIdBodySchema,
      data: z.object({ id: z.string(), newDefaultId: z.string().nullable() }),
      msg: '地址已刪除',
    },
    (u, b) => addresses.delete(u, b.id),
  );
}
