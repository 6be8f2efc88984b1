import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SHIPMENT_EVENT_KINDS, SHIPMENT_STATUSES } from '../../../shared/schemas/delivery';
import type { AddressSnapshot } from '../../../shared/schemas/addresses';
import { goods } from './goods';
import { users } from './auth';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * Held physical goods sent to an address (owned by modules/shipments). The address is a copy taken
 * when the delivery was requested: editing or deleting the address later changes nothing here.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: text().primaryKey(),
    shipmentNo: text().notNull().unique(),
    userId: userRef(),
    status: text({ enum: SHIPMENT_STATUSES }).notNull().default('pending'),
    address: jsonb().$type<AddressSnapshot>().notNull(),
    carrier: text(),
    trackingNumber: text(),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.status, t.createdAt)],
);

/** The goods of a shipment, with the product's name and image when it was requested. */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: text()
      .notNull()
      .references(() => shipments.id),
    goodsId: text()
      .notNull()
      .references(() => goods.id),
    productId: text().notNull(),
    name: text().notNull(),
    image: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.goodsId] }), index().on(t.goodsId)],
);

/** The timeline of a shipment; `actorId` is the operator (or the owner for `created`). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: text().primaryKey(),
    shipmentId: text()
      .notNull()
      .references(() => shipments.id),
    kind: text({ enum: SHIPMENT_EVENT_KINDS }).notNull(),
    note: text().notNull().default(''),
    actorId: text().references(() => users.id),
    createdAt: ts().notNull(),
  },
  (t) => [index().on(t.shipmentId, t.createdAt)],
);
