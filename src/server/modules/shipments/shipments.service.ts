import type { Notifier } from '../notifications/notifications.service';
import type { AdminShipment, Shipment, ShipmentEventKind, ShipmentStatus } from '../../../shared/schemas/delivery';
import { AUTO_RECEIVE_AFTER_MS, SHIPMENT_STATUS_LABELS } from '../../../shared/schemas/delivery';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { newId, newShipmentNo } from '../../adapters/ids';
import type { AddressesService } from '../addresses/addresses.service';
import type { Actor, Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { GoodsService } from '../goods/goods.service';
import { createShipmentsRepository, type ShipmentRow, type ShipmentsRepository } from './shipments.repository';
import { paging } from '../../db/queries';

const NOT_FOUND = '找不到此提貨訂單';

/** Which statuses each operator step may start from (PRODUCT.md §3 Shipment, §8). */
const STEPS = {
  pack: { from: ['pending'], to: 'packed' },
  ship: { from: ['pending', 'packed'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['pending', 'packed'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly ShipmentStatus[]; to: ShipmentStatus }>;

const REFUSED: Record<keyof typeof STEPS, string> = {
  pack: '只有待處理的提貨訂單可以打包',
  ship: '只有待處理或已打包的提貨訂單可以發貨',
  deliver: '只有已發貨的提貨訂單可以標記為已送達',
  cancel: '已發貨的提貨訂單不能取消',
};

/**
 * Delivery of held physical goods (PRODUCT.md §4.8): one shipment per request, with its own copy
 * of the address; operators move it pending → packed → shipped → delivered, or cancel it before it
 * ships (the goods are held again). Goods and shipment change in one transaction.
 */
export function createShipmentsService(
  deps: Deps,
  services: {
    goods: GoodsService;
    addresses: AddressesService;
    audit: Pick<AuditService, 'record'>;
    /** Packed, shipped and delivered are told in the step's transaction (decision 034). */
    notifications: Notifier;
  },
  repo: ShipmentsRepository = createShipmentsRepository(),
) {
  async function view(rows: ShipmentRow[]): Promise<AdminShipment[]> {
    const ids = rows.map((r) => r.id);
    const [items, events] = await Promise.all([repo.items(deps.db, ids), repo.events(deps.db, ids)]);
    return rows.map((r) => ({
      id: r.id,
      shipmentNo: r.shipmentNo,
      userId: r.userId,
      status: r.status,
      address: r.address,
      carrier: r.carrier,
      trackingNumber: r.trackingNumber,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      items: items.filter((i) => i.shipmentId === r.id).map(({ shipmentId: _s, ...i }) => i),
      events: events
        .filter((e) => e.shipmentId === r.id)
        .map((e) => ({ kind: e.kind, note: e.note, at: e.at.toISOString() })),
    }));
  }

  const ownView = async (row: ShipmentRow): Promise<Shipment> => {
    const [{ userId: _u, ...shipment }] = (await view([row])) as [AdminShipment];
    return shipment;
  };

  /** The owner is told of packing, shipping (carrier and tracking number) and delivery. */
  async function tellOwner(tx: Tx, s: ShipmentRow) {
    const facts = { shipmentId: s.id, orderNo: s.shipmentNo };
    if (s.status === 'packed') await services.notifications.notify(tx, s.userId, 'shipmentPacked', facts);
    if (s.status === 'delivered') await services.notifications.notify(tx, s.userId, 'shipmentDelivered', facts);
    if (s.status === 'shipped')
      await services.notifications.notify(tx, s.userId, 'shipmentShipped', {
        ...facts,
        carrier: s.carrier ?? '',
        trackingNo: s.trackingNumber ?? '',
      });
  }

  /** One operator step on a locked shipment, in `tx`: the status move, its event, and what it does to the goods. */
  async function stepIn(
    tx: Tx,
    actor: Operator,
    id: string,
    name: keyof typeof STEPS,
    extra: { carrier?: string; trackingNumber?: string; note?: string } = {},
  ): Promise<ShipmentRow> {
    const rule = STEPS[name];
    const current = await repo.find(tx, id, { lock: true });
    if (!current) throw notFound(NOT_FOUND);
    if (!(rule.from as readonly ShipmentStatus[]).includes(current.status)) {
      throw conflict(`${REFUSED[name]}（目前：${SHIPMENT_STATUS_LABELS[current.status]}）`);
    }
    const now = deps.clock.now();
    await repo.transition(tx, id, rule.from, {
      status: rule.to,
      carrier: extra.carrier,
      trackingNumber: extra.trackingNumber,
      updatedAt: now,
    });
    const goodsIds = (await repo.items(tx, [id])).map((i) => i.goodsId);
    if (name === 'cancel') await services.goods.cancelDelivery(tx, goodsIds, id);
    if (name === 'deliver') await services.goods.completeDelivery(tx, goodsIds, id);
    await repo.insertEvent(tx, {
      id: newId('sev'),
      shipmentId: id,
      kind: rule.to as ShipmentEventKind,
      note: extra.note ?? '',
      actorId: actor.userId,
      createdAt: now,
    });
    const after = (await repo.find(tx, id))!;
    await tellOwner(tx, after);
    const state = (r: ShipmentRow) => ({
      shipmentNo: r.shipmentNo,
      status: r.status,
      carrier: r.carrier,
      trackingNumber: r.trackingNumber,
    });
    await services.audit.record(tx, actor, {
      action: `shipment.${name}`,
      targetType: 'shipment',
      targetId: id,
      before: state(current),
      after: { ...state(after), ...(extra.note ? { note: extra.note } : {}) },
    });
    return after;
  }

  /** One operator step in a transaction of its own. */
  async function step(
    actor: Operator,
    id: string,
    name: keyof typeof STEPS,
    extra: { carrier?: string; trackingNumber?: string; note?: string } = {},
  ): Promise<AdminShipment> {
    const row = await deps.db.transaction((tx) => stepIn(tx, actor, id, name, extra));
    deps.log.info({ shipmentId: id, step: name, operatorId: actor.userId }, 'shipment moved');
    return (await view([row]))[0]!;
  }

  /** delivered → received with its event: by the owner (`actorId`), or by the sweep (null). */
  async function receive(tx: Tx, id: string, actorId: string | null, note: string, now: Date) {
    if (!(await repo.transition(tx, id, ['delivered'], { status: 'received', updatedAt: now }))) return false;
    await repo.insertEvent(tx, { id: newId('sev'), shipmentId: id, kind: 'received', note, actorId, createdAt: now });
    return true;
  }

  return {
    /**
     * `logistic/confirm` (確認收貨): the owner confirms a delivered shipment, which ends it. Confirming one already
     * received answers it as it is.
     */
    async confirm(actor: Actor, id: string): Promise<Shipment> {
      const row = await deps.db.transaction(async (tx) => {
        const current = await repo.find(tx, id, { userId: actor.userId, lock: true });
        if (!current) throw notFound(NOT_FOUND);
        if (current.status === 'received') return current;
        if (current.status !== 'delivered') {
          throw conflict(
            `物品送達後才可以確認收貨（目前：${SHIPMENT_STATUS_LABELS[current.status]}）`,
            'not_delivered',
          );
        }
        await receive(tx, id, actor.userId, '', deps.clock.now());
        return (await repo.find(tx, id))!;
      });
      deps.log.info({ shipmentId: id, userId: actor.userId }, 'delivery confirmed');
      return ownView(row);
    },

    /** The sweep: shipments delivered 7 days ago and not confirmed are confirmed (SKIP LOCKED, safe on every instance). */
    async confirmDue(limit = 200): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await repo.deliveredBefore(tx, new Date(now.getTime() - AUTO_RECEIVE_AFTER_MS), limit);
        for (const s of due) await receive(tx, s.id, null, '送達 7 日後自動確認收貨', now);
        return due.length;
      });
    },

    /**
     * `goods/delivery`: one shipment for all the chosen goods (the caller's held physical goods)
     * to a copy of one of their addresses; the goods become `delivering`. All or nothing.
     */
    async request(actor: Actor, input: { goodsIds: string[]; addressId: string }): Promise<Shipment> {
      const row = await deps.db.transaction(async (tx: Tx) => {
        const address = await services.addresses.snapshot(tx, actor.userId, input.addressId);
        const id = newId('shp');
        const now = deps.clock.now();
        const shipped = await services.goods.startDelivery(tx, actor.userId, input.goodsIds, id);
        await repo.insert(tx, {
          id,
          shipmentNo: newShipmentNo(now),
          userId: actor.userId,
          status: 'pending',
          address,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertItems(
          tx,
          shipped.map((g) => ({ shipmentId: id, ...g })),
        );
        await repo.insertEvent(tx, {
          id: newId('sev'),
          shipmentId: id,
          kind: 'created',
          note: '',
          actorId: actor.userId,
          createdAt: now,
        });
        return (await repo.find(tx, id))!;
      });
      deps.log.info({ userId: actor.userId, shipmentId: row.id, goods: input.goodsIds.length }, 'delivery requested');
      return ownView(row);
    },

    /** `logistic/list`: the user's shipments, newest first. */
    async list(actor: Actor, q: { page: number; pageSize: number }): Promise<Shipment[]> {
      const rows = await repo.list(deps.db, {
        userId: actor.userId,
        ...paging(q),
      });
      return (await view(rows)).map(({ userId: _u, ...s }) => s);
    },

    /** `logistic/detail`: one of the user's shipments with its timeline; another user's is a 404. */
    async detail(actor: Actor, id: string): Promise<Shipment> {
      const row = await repo.find(deps.db, id, { userId: actor.userId });
      if (!row) throw notFound(NOT_FOUND);
      return ownView(row);
    },

    /* ---- Operators (the route has checked the admin role; every step is audited in its transaction) ---- */

    /** Newest first, with the number of matching shipments for the pager. */
    async adminList(
      _operator: Operator,
      q: { status?: ShipmentStatus; page: number; pageSize: number },
    ): Promise<{ rows: AdminShipment[]; total: number }> {
      const [rows, total] = await Promise.all([
        repo.list(deps.db, { status: q.status, ...paging(q) }),
        repo.count(deps.db, { status: q.status }),
      ]);
      return { rows: await view(rows), total };
    },

    /** Shipments waiting for an operator (pending or packed): the dashboard's queue. */
    pendingCount: () => repo.count(deps.db, { status: ['pending', 'packed'] }),

    async adminDetail(_operator: Operator, id: string): Promise<AdminShipment> {
      const row = await repo.find(deps.db, id);
      if (!row) throw notFound(NOT_FOUND);
      return (await view([row]))[0]!;
    },

    pack: (operator: Operator, id: string) => step(operator, id, 'pack'),

    ship: (operator: Operator, input: { id: string; carrier: string; trackingNumber: string }) =>
      step(operator, input.id, 'ship', {
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        note: `${input.carrier} 運單號碼 ${input.trackingNumber}`,
      }),

    deliver: (operator: Operator, id: string) => step(operator, id, 'deliver'),

    /** Cancels a shipment that has not shipped; its goods are held again. */
    cancel: (operator: Operator, input: { id: string; reason?: string }) =>
      step(operator, input.id, 'cancel', { note: input.reason ?? '' }),

    /**
     * Cancels a shipment that has not shipped inside the caller's transaction (an operator's refund of goods in it,
     * decision 050): its goods are held again, the step audited as any cancel.
     */
    cancelIn: async (tx: Tx, operator: Operator, input: { id: string; reason: string }): Promise<void> => {
      await stepIn(tx, operator, input.id, 'cancel', { note: input.reason });
    },

    /** The latest shipment not cancelled that each of these goods is in, by goods id (the back office's refunds). */
    async ofGoods(db: Executor, goodsIds: string[]): Promise<Map<string, { id: string; status: ShipmentStatus }>> {
      const rows = await repo.ofGoods(db, goodsIds);
      return new Map(rows.map((r) => [r.goodsId, { id: r.id, status: r.status }]));
    },
  };
}
export type ShipmentsService = ReturnType<typeof createShipmentsService>;
