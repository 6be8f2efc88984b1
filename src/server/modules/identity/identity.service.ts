import type { Notifier } from '../notifications/notifications.service';
import { maskAccountNo, maskIdNumber, maskName } from '../../../shared/identity';
import type { Identity, PaymentUpdateBody, PayoutAccount } from '../../../shared/schemas/identity';
import type { z } from 'zod';
import type { PaymentUpdateBodySchema, VerifyIdentityBodySchema } from '../../../shared/schemas/identity';
import { newId } from '../../adapters/ids';
import type { Vault } from '../../adapters/vault';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import type { Actor, AuthService, Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import {
  createIdentityRepository,
  type IdentityRepository,
  type IdentityRow,
  type PayoutAccountRow,
} from './identity.repository';

export type { PaymentUpdateBody };

const identityView = (row: IdentityRow): Identity => ({
  idType: row.idType,
  nameMasked: row.nameMasked,
  idNumberMasked: row.numberMasked,
  status: row.status,
  verifiedAt: row.verifiedAt.toISOString(),
});

const payoutView = (row: PayoutAccountRow): PayoutAccount => ({
  method: row.method,
  accountName: row.accountName,
  accountNoMasked: row.accountNoMasked,
  updatedAt: row.updatedAt.toISOString(),
});

/** The same account typed with spaces, dashes or lower case hashes alike, whatever the method (decision 032). */
const payoutHashInput = (accountNo: string) => `payout:${accountNo.replace(/[^0-9a-z]/gi, '').toUpperCase()}`;

/** What a withdrawal keeps of the payout account when it is requested. */
export interface PayoutSnapshot {
  method: PayoutAccountRow['method'];
  accountName: string;
  accountNoCipher: string;
  keyId: string;
  accountNoMasked: string;
}

/**
 * Real-name verification and payout accounts (PRODUCT.md §3, §4.7, §4.9). Numbers are encrypted
 * with the vault and only masked values leave this module (logs included).
 */
export function createIdentityService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'> & { vault: Vault },
  svc: {
    auth: Pick<AuthService, 'verifyOwnSmsCode'>;
    audit: Pick<AuditService, 'record'>;
    /** A revocation is told in its transaction (decision 034). */
    notifications: Notifier;
  },
  repo: IdentityRepository = createIdentityRepository(),
) {
  const { vault } = deps;

  return {
    /** `userIdInfo/verify`: once per account, once per document. */
    async verify(actor: Actor, input: z.output<typeof VerifyIdentityBodySchema>): Promise<Identity> {
      const existing = await repo.identityOf(deps.db, actor.userId);
      // A verification an operator revoked may be made again (decision 018).
      if (existing?.status === 'verified') throw conflict('你已完成實名認證，如需更改請聯絡客服');
      const now = deps.clock.now();
      const name = vault.seal('identity', input.name);
      const number = vault.seal('identity', input.idNumber);
      const row = {
        id: newId('idn'),
        userId: actor.userId,
        idType: input.idType,
        nameCipher: name.cipher,
        numberCipher: number.cipher,
        keyId: number.keyId,
        numberHash: vault.hash(`${input.idType}:${input.idNumber}`),
        nameMasked: maskName(input.name),
        numberMasked: maskIdNumber(input.idType, input.idNumber),
        verifiedAt: now,
        createdAt: now,
      };
      const outcome = existing ? await repo.reverifyIdentity(deps.db, row) : await repo.insertIdentity(deps.db, row);
      if (outcome === 'user') throw conflict('你已完成實名認證，如需更改請聯絡客服');
      if (outcome === 'number') throw conflict('此證件已用於另一個帳戶的實名認證');
      deps.log.info({ userId: actor.userId, idType: input.idType, idNumber: row.numberMasked }, 'identity verified');
      return identityView((await repo.identityOf(deps.db, actor.userId))!);
    },

    /** The user's masked identity record, or null when not verified. */
    async info(actor: Actor): Promise<Identity | null> {
      const row = await repo.identityOf(deps.db, actor.userId);
      return row ? identityView(row) : null;
    },

    /**
     * Operators: revokes a verification with a reason, audited in the same transaction. The user may
     * verify again; their open listings stay open (decision 018), but new listings, fills and
     * withdrawals need a verification again.
     */
    async revoke(operator: Operator, input: { id: string; reason: string }) {
      return deps.db.transaction(async (tx) => {
        const before = await repo.identityById(tx, input.id, { forUpdate: true });
        if (!before) throw notFound('找不到此實名認證記錄');
        if (before.status === 'revoked') throw conflict('此實名認證已被撤銷');
        const row = (await repo.revokeIdentity(tx, input.id, { reason: input.reason, at: deps.clock.now() }))!;
        const state = (r: typeof row) => ({
          userId: r.userId,
          idType: r.idType,
          nameMasked: r.nameMasked,
          numberMasked: r.numberMasked,
          status: r.status,
          revokedReason: r.revokedReason,
        });
        await svc.notifications.notify(tx, row.userId, 'identityRevoked', { reason: input.reason });
        await svc.audit.record(tx, operator, {
          action: 'identity.revoke',
          targetType: 'identity',
          targetId: row.id,
          before: state(before),
          after: state(row),
        });
        deps.log.info({ userId: row.userId, identityId: row.id }, 'identity revoked');
        return row;
      });
    },

    async isVerified(db: Executor, userId: string): Promise<boolean> {
      return (await repo.identityOf(db, userId))?.status === 'verified';
    },

    /** `payment/update`: after the SMS re-check of the user's own phone. */
    async updatePayoutAccount(actor: Actor, input: z.output<typeof PaymentUpdateBodySchema>): Promise<PayoutAccount> {
      await svc.auth.verifyOwnSmsCode(actor, 'payment', input.code);
      return this.savePayoutAccount(actor.userId, input);
    },

    /** Stores a payout account once its owner was re-checked (payment/update; the demo data's sellers). */
    async savePayoutAccount(
      userId: string,
      input: { method: PayoutAccountRow['method']; accountName: string; accountNo: string },
    ): Promise<PayoutAccount> {
      const actor = { userId };
      const sealed = vault.seal('payout', input.accountNo);
      const row = await repo.upsertPayoutAccount(deps.db, {
        userId: actor.userId,
        method: input.method,
        accountName: input.accountName,
        accountNoCipher: sealed.cipher,
        keyId: sealed.keyId,
        accountNoMasked: maskAccountNo(input.accountNo),
        accountNoHash: vault.hash(payoutHashInput(input.accountNo)),
        updatedAt: deps.clock.now(),
      });
      deps.log.info(
        { userId: actor.userId, method: row.method, accountNo: row.accountNoMasked },
        'payout account updated',
      );
      return payoutView(row);
    },

    async payoutAccount(db: Executor, userId: string): Promise<PayoutAccount | null> {
      const row = await repo.payoutAccountOf(db, userId);
      return row ? payoutView(row) : null;
    },

    /** The payout account as a withdrawal stores it (ciphertext copied, never decrypted here). */
    async payoutSnapshot(db: Executor, userId: string): Promise<PayoutSnapshot | null> {
      const row = await repo.payoutAccountOf(db, userId);
      return row
        ? {
            method: row.method,
            accountName: row.accountName,
            accountNoCipher: row.accountNoCipher,
            keyId: row.keyId,
            accountNoMasked: row.accountNoMasked,
          }
        : null;
    },

    /** The full account number of a stored snapshot, for the operator who pays it. */
    revealAccountNo(snapshot: { keyId: string; accountNoCipher: string }): string {
      return vault.open(snapshot.keyId, snapshot.accountNoCipher);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
