import { addProduct, addressBody, giveGoods } from '../modules/shipments/shipments.fixtures';
import type { TestApp } from '../testing/test-app';
import { alongside, customer, entry, makeOperator, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';

/** Addresses, goods and shipments: the routes of users and of operators that take their ids (see ownership.ts). */

/** An address in the owner's book, with a recipient nobody else uses. */
async function ownAddress(t: TestApp, owner: TestUser): Promise<string> {
  const body = addressBody({ recipient: `收件人${owner.userId.slice(-6)}` });
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'address/add', body)).id;
}

/** A held physical goods unit of the owner. */
async function physicalGoods(t: TestApp, owner: TestUser): Promise<string[]> {
  return giveGoods(t, owner.userId, await addProduct(t, { type: 1 }));
}

/** The owner's goods and an address of theirs: a delivery request. */
async function deliveryRequest(t: TestApp, owner: TestUser) {
  return { goodsIds: await physicalGoods(t, owner), addressId: await ownAddress(t, owner) };
}

/** A shipment of the owner's goods to the owner's address. */
async function ownShipment(t: TestApp, owner: TestUser): Promise<string> {
  const body = await deliveryRequest(t, owner);
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'goods/delivery', body)).id;
}

/** Makes the owner an operator and answers a customer's shipment in `status` (pending, or packed and shipped). */
function operatorShipment(status: 'pending' | 'shipped') {
  return async (t: TestApp, owner: TestUser): Promise<string> => {
    await makeOperator(t, owner);
    const id = await ownShipment(t, await customer(t));
    if (status === 'shipped') {
      const operator = { userId: owner.userId, sessionId: '', roles: ['admin'], requestId: 'ownership-set-up' };
      await t.app.services.shipments.pack(operator, id);
      await t.app.services.shipments.ship(operator, { id, carrier: '順豐速運', trackingNumber: 'SF0000000002' });
    }
    return id;
  };
}

const pending = operatorShipment('pending');

/** A shipment of the owner's goods that an operator has delivered (the owner may confirm it). */
async function deliveredShipment(t: TestApp, owner: TestUser): Promise<string> {
  const id = await ownShipment(t, owner);
  const operator = { userId: owner.userId, sessionId: '', roles: ['admin'], requestId: 'ownership-set-up' };
  await t.app.services.shipments.ship(operator, { id, carrier: '順豐速運', trackingNumber: 'SF0000000003' });
  await t.app.services.shipments.deliver(operator, id);
  return id;
}
const shipment = ['shipmentNo', 'userId'];

export const DELIVERY_OWNERSHIP: OwnershipEntry[] = [
  // Addresses, goods and shipments: private to their owner.
  entry('POST /api/address/update', 'id', 'private', ownAddress, ['id', 'createdAt'], {
    extra: addressBody({ recipient: '改名收件人', detail: '改過的地址 8 樓' }),
  }),
  entry('POST /api/address/setDefault', 'id', 'private', ownAddress, ['recipient', 'detail']),
  entry('POST /api/address/delete', 'id', 'private', ownAddress, ['id']),
  entry('GET /api/goods/detail', 'id', 'private', async (t, o) => (await physicalGoods(t, o))[0]!, [
    'id',
    'acquiredAt',
  ]),
  // B sends A's goods to A's address: refused as not B's (the goods service also checks each unit's owner).
  alongside('POST /api/goods/delivery', 'goodsIds', 'private', deliveryRequest, ['shipmentNo', 'address.recipient']),
  alongside('POST /api/goods/delivery', 'addressId', 'private', deliveryRequest, ['shipmentNo', 'address.recipient']),
  entry('GET /api/logistic/detail', 'id', 'private', ownShipment, [
    'shipmentNo',
    'address.recipient',
    'address.detail',
  ]),
  entry('POST /api/logistic/confirm', 'id', 'private', deliveredShipment, ['shipmentNo', 'address.recipient']),
  // Operators' shipment routes: the owner here is an operator; B (not one) gets 404 whatever the id.
  entry('GET /api/admin/shipments/detail', 'id', 'private', pending, [...shipment, 'address.recipient']),
  entry('POST /api/admin/shipments/pack', 'id', 'private', pending, shipment),
  entry('POST /api/admin/shipments/ship', 'id', 'private', pending, shipment, {
    extra: { carrier: '順豐速運', trackingNumber: 'SF0000000001' },
  }),
  entry('POST /api/admin/shipments/deliver', 'id', 'private', operatorShipment('shipped'), shipment),
  entry('POST /api/admin/shipments/cancel', 'id', 'private', pending, shipment),
];
