import { ADDRESSES_PER_USER } from '../../../shared/constants';
import type { z } from 'zod';
import type { Address, AddressFieldsSchema, AddressSnapshot } from '../../../shared/schemas/addresses';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import type { Actor } from '../auth/auth.service';
import { createAddressesRepository, type AddressesRepository, type AddressRow } from './addresses.repository';
import { paging } from '../../db/queries';

type Fields = z.output<typeof AddressFieldsSchema>;

const NOT_FOUND = '找不到此地址';

function toAddress(r: AddressRow): Address {
  return { ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

/**
 * The address book (PRODUCT.md §3, §4.9): at most 20 addresses, exactly one default whenever any
 * exist. Every change takes the user's book lock first, so concurrent requests apply one at a time;
 * the partial unique index on (user_id) WHERE is_default is the last guard.
 */
export function createAddressesService(deps: Deps, repo: AddressesRepository = createAddressesRepository()) {
  return {
    /** `address/list`: the default first, then the newest. */
    async list(actor: Actor, q: { page: number; pageSize: number }): Promise<Address[]> {
      const rows = await repo.list(deps.db, actor.userId, { ...paging(q) });
      return rows.map(toAddress);
    },

    /** `address/default`: the default address, or null when the book is empty. */
    async getDefault(actor: Actor): Promise<Address | null> {
      const row = await repo.findDefault(deps.db, actor.userId);
      return row ? toAddress(row) : null;
    },

    /** `address/add`: the first address, or one added with `isDefault`, becomes the default. */
    async add(actor: Actor, input: Fields): Promise<Address> {
      return deps.db.transaction(async (tx) => {
        await repo.lockBook(tx, actor.userId);
        const n = await repo.count(tx, actor.userId);
        if (n >= ADDRESSES_PER_USER)
          throw conflict(`最多只可儲存 ${ADDRESSES_PER_USER} 個地址，請先刪除不再使用的地址`);
        const now = deps.clock.now();
        const isDefault = n === 0 || input.isDefault === true;
        if (isDefault) await repo.clearDefault(tx, actor.userId, null, now);
        const { isDefault: _ignored, ...fields } = input;
        const row = await repo.insert(tx, {
          id: newId('adr'),
          userId: actor.userId,
          ...fields,
          isDefault,
          createdAt: now,
          updatedAt: now,
        });
        return toAddress(row);
      });
    },

    /** `address/update`: `isDefault: true` makes it the default; the default cannot be unset (choose another instead). */
    async update(actor: Actor, input: Fields & { id: string }): Promise<Address> {
      return deps.db.transaction(async (tx) => {
        await repo.lockBook(tx, actor.userId);
        const current = await repo.find(tx, actor.userId, input.id, { lock: true });
        if (!current) throw notFound(NOT_FOUND);
        if (current.isDefault && input.isDefault === false)
          throw conflict('必須保留一個預設地址：請把另一個地址設為預設');
        const now = deps.clock.now();
        const isDefault = current.isDefault || input.isDefault === true;
        if (isDefault && !current.isDefault) await repo.clearDefault(tx, actor.userId, input.id, now);
        const { id, isDefault: _ignored, ...fields } = input;
        const row = await repo.update(tx, actor.userId, id, { ...fields, isDefault, updatedAt: now });
        return toAddress(row!);
      });
    },

    /** `address/setDefault`: this address becomes the only default. */
    async setDefault(actor: Actor, id: string): Promise<Address> {
      return deps.db.transaction(async (tx) => {
        await repo.lockBook(tx, actor.userId);
        const current = await repo.find(tx, actor.userId, id, { lock: true });
        if (!current) throw notFound(NOT_FOUND);
        if (current.isDefault) return toAddress(current);
        const now = deps.clock.now();
        await repo.clearDefault(tx, actor.userId, id, now);
        return toAddress((await repo.update(tx, actor.userId, id, { isDefault: true, updatedAt: now }))!);
      });
    },

    /** `address/delete`: deleting the default promotes the most recently added address. Answers the new default, if any. */
    async delete(actor: Actor, id: string): Promise<{ id: string; newDefaultId: string | null }> {
      return deps.db.transaction(async (tx) => {
        await repo.lockBook(tx, actor.userId);
        const current = await repo.find(tx, actor.userId, id, { lock: true });
        if (!current) throw notFound(NOT_FOUND);
        await repo.delete(tx, actor.userId, id);
        let newDefaultId: string | null = null;
        if (current.isDefault) {
          const next = await repo.newest(tx, actor.userId);
          if (next) {
            await repo.update(tx, actor.userId, next.id, { isDefault: true, updatedAt: deps.clock.now() });
            newDefaultId = next.id;
          }
        } else {
          newDefaultId = (await repo.findDefault(tx, actor.userId))?.id ?? null;
        }
        return { id, newDefaultId };
      });
    },

    /** The copy of one of the user's addresses a shipment keeps, read in the caller's transaction; 404 when not theirs. */
    async snapshot(db: Executor, userId: string, id: string): Promise<AddressSnapshot> {
      const row = await repo.find(db, userId, id);
      if (!row) throw notFound(NOT_FOUND);
      return {
        recipient: row.recipient,
        phone: row.phone,
        region: row.region,
        district: row.district,
        detail: row.detail,
      };
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
