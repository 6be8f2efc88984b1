import type { z } from 'zod';
import type {
  AdminHolding,
  AdminIdentity,
  AdminIdentityListQuerySchema,
  AdminUser,
  AdminUserDetail,
  AdminUserListQuerySchema,
  AdminUserOrder,
  AdminUserPageQuerySchema,
} from '../../../shared/schemas/admin-users';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import type { AuthService, Operator } from '../auth/auth.service';
import type { IdentityService } from '../identity/identity.service';
import { createUsersReadModel, type UsersReadModel } from './users.read-model';
import { paging } from '../../db/queries';

type Page<T> = { rows: T[]; total: number };
const NOT_FOUND = '找不到此用戶';
const iso = (d: Date | null) => d?.toISOString() ?? null;

type UserRow = Awaited<ReturnType<ReturnType<typeof createUsersReadModel>['search']>>['rows'][number];
const userView = (r: UserRow): AdminUser => ({
  id: r.id,
  phone: r.phone,
  nickname: r.nickname,
  roles: r.roles,
  status: r.status,
  disabledReason: r.disabledReason,
  disabledAt: iso(r.disabledAt),
  createdAt: r.createdAt.toISOString(),
  verified: r.verified,
  balance: r.balance,
});

/** What an audit record keeps of a user: the fields operators change. */
const auditState = (u: { status: string; roles: string[]; disabledReason: string | null }) => ({
  status: u.status,
  roles: u.roles,
  disabledReason: u.disabledReason,
});

/**
 * The back office's users area (PRODUCT.md §8): search, detail, orders, holdings, identities; and
 * the changes (disable, enable, grant and revoke admin), each made through the auth service inside
 * one transaction with its audit record.
 */
export function createUsersService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  svc: {
    auth: Pick<AuthService, 'userForUpdate' | 'disableIn' | 'enableIn' | 'setRolesIn' | 'isConfiguredAdmin'>;
    audit: Pick<AuditService, 'record'>;
    identity: Pick<IdentityService, 'revoke'>;
  },
  read: UsersReadModel = createUsersReadModel(),
) {
  async function detail(db: Executor, id: string): Promise<AdminUserDetail> {
    const row = await read.detail(db, id);
    if (!row) throw notFound(NOT_FOUND);
    const { counts, escrow, avatar, bio } = row;
    return { ...userView(row), avatar, bio, escrow, counts };
  }

  /** One audited change of a user: locks them, checks, changes, records; answers the user afterwards. */
  async function change(
    operator: Operator,
    id: string,
    action: AuditEntry['action'],
    apply: (tx: Executor, user: NonNullable<Awaited<ReturnType<typeof svc.auth.userForUpdate>>>) => Promise<void>,
  ): Promise<AdminUserDetail> {
    return deps.db.transaction(async (tx) => {
      const before = await svc.auth.userForUpdate(tx, id);
      if (!before) throw notFound(NOT_FOUND);
      await apply(tx, before);
      const after = await detail(tx, id);
      await svc.audit.record(tx, operator, {
        action,
        targetType: 'user',
        targetId: id,
        before: auditState(before),
        after: auditState(after),
      });
      return after;
    });
  }

  const identityView = (r: Awaited<ReturnType<typeof read.identities>>['rows'][number]): AdminIdentity => ({
    ...r,
    verifiedAt: r.verifiedAt.toISOString(),
    revokedAt: iso(r.revokedAt),
  });

  return {
    /** Users newest first; phone matches any part of the digits. */
    async list(_operator: Operator, q: z.output<typeof AdminUserListQuerySchema>): Promise<Page<AdminUser>> {
      const { rows, total } = await read.search(
        deps.db,
        { phone: q.phone || undefined, nickname: q.nickname || undefined, role: q.role, status: q.status },
        paging(q),
      );
      return { rows: rows.map(userView), total };
    },

    detail: (_operator: Operator, id: string) => detail(deps.db, id),

    /** The user's pay orders (mall, market, buy-listing funding), newest first. */
    async orders(_operator: Operator, q: z.output<typeof AdminUserPageQuerySchema>): Promise<Page<AdminUserOrder>> {
      await detail(deps.db, q.id);
      const { rows, total } = await read.orders(deps.db, q.id, paging(q));
      return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), paidAt: iso(r.paidAt) })), total };
    },

    /** Cards and goods the user owns (not consumed, not delivered), newest first. */
    async holdings(_operator: Operator, q: z.output<typeof AdminUserPageQuerySchema>): Promise<Page<AdminHolding>> {
      await detail(deps.db, q.id);
      const { rows, total } = await read.holdings(deps.db, q.id, paging(q));
      return { rows: rows.map((r) => ({ ...r, acquiredAt: new Date(r.acquiredAt).toISOString() })), total };
    },

    /** Disables the account with a reason; every session is revoked in the same transaction. */
    disable: (operator: Operator, input: { id: string; reason: string }) =>
      change(operator, input.id, 'user.disable', async (tx, user) => {
        if (user.id === operator.userId) throw conflict('不能停用自己的帳戶');
        if (user.status === 'disabled') throw conflict('此用戶已被停用');
        await svc.auth.disableIn(tx, user.id, input.reason);
      }),

    /** Lets a disabled user sign in again. */
    enable: (operator: Operator, input: { id: string }) =>
      change(operator, input.id, 'user.enable', async (tx, user) => {
        if (user.status === 'active') throw conflict('此用戶並未被停用');
        await svc.auth.enableIn(tx, user.id);
      }),

    grantAdmin: (operator: Operator, input: { id: string }) =>
      change(operator, input.id, 'user.grant_admin', async (tx, user) => {
        if (user.roles.includes('admin')) throw conflict('此用戶已有後台權限');
        if (user.status !== 'active') throw conflict('此用戶已被停用，請先啟用');
        await svc.auth.setRolesIn(tx, user.id, [...user.roles, 'admin']);
      }),

    /**
     * Takes `admin` away (at once: sessions read roles on every request). Not from yourself, so the
     * back office always keeps an operator; a phone in ADMIN_PHONES regains it at the next sign-in,
     * which `regainsAtSignIn` tells the operator.
     */
    async revokeAdmin(
      operator: Operator,
      input: { id: string },
    ): Promise<{ user: AdminUserDetail; regainsAtSignIn: boolean }> {
      let regainsAtSignIn = false;
      const user = await change(operator, input.id, 'user.revoke_admin', async (tx, u) => {
        if (u.id === operator.userId) throw conflict('不能撤銷自己的後台權限');
        if (!u.roles.includes('admin')) throw conflict('此用戶沒有後台權限');
        regainsAtSignIn = svc.auth.isConfiguredAdmin(u.phone);
        await svc.auth.setRolesIn(
          tx,
          u.id,
          u.roles.filter((r) => r !== 'admin'),
        );
      });
      return { user, regainsAtSignIn };
    },

    /** Identities, masked only, newest first; `q` matches digits of the user's phone. */
    async identities(
      _operator: Operator,
      q: z.output<typeof AdminIdentityListQuerySchema>,
    ): Promise<Page<AdminIdentity>> {
      const { rows, total } = await read.identities(deps.db, { status: q.status, phone: q.q || undefined }, paging(q));
      return { rows: rows.map(identityView), total };
    },

    /** Revokes a verification (the identity module does it, audited); answers the masked record. */
    async revokeIdentity(operator: Operator, input: { id: string; reason: string }): Promise<AdminIdentity> {
      await svc.identity.revoke(operator, input);
      const { rows } = await read.identities(deps.db, { id: input.id }, { limit: 1, offset: 0 });
      return identityView(rows[0]!);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
