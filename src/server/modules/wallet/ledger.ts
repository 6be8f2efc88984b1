import { newId } from '../../adapters/ids';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict } from '../../errors';
import { INSUFFICIENT_BALANCE, type PostingLine } from './accounts';
import type { WalletRepository } from './wallet.repository';

const DESCRIPTION_MAX = 200;

export type Post = (tx: Tx, kind: string, refId: string, lines: PostingLine[]) => Promise<boolean>;

/**
 * The one way money moves: `post` books one posting inside `tx`, once per (kind, refId): false when it was already
 * booked. The lines must net to zero; a line that would take a user's balance or escrow (or any account but provider
 * clearing) below zero is a 409 and the caller's transaction rolls back.
 */
export function createLedger(
  deps: Pick<Deps, 'clock'>,
  repo: Pick<WalletRepository, 'insertPosting' | 'ensureAccounts' | 'applyToBalance' | 'insertEntries'>,
): { post: Post } {
  async function post(tx: Tx, kind: string, refId: string, lines: PostingLine[]): Promise<boolean> {
    const nonZero = lines.filter((l) => l.amount !== 0);
    if (nonZero.reduce((s, l) => s + l.amount, 0) !== 0 || nonZero.some((l) => !Number.isSafeInteger(l.amount))) {
      throw new AppError('internal', `posting ${kind}/${refId} does not net to zero`);
    }
    const now = deps.clock.now();
    const postingId = newId('lpst');
    if (!(await repo.insertPosting(tx, { id: postingId, kind, refId, createdAt: now }))) return false;
    if (nonZero.length === 0) return true;
    const unique = [...new Map(nonZero.map((l) => [l.account.id, l.account])).values()];
    await repo.ensureAccounts(
      tx,
      unique.map((a) => ({ id: a.id, type: a.type, userId: a.userId, createdAt: now })),
    );
    // A fixed order, so concurrent postings lock account rows alike.
    const byAccount = new Map<string, number>();
    for (const l of nonZero) byAccount.set(l.account.id, (byAccount.get(l.account.id) ?? 0) + l.amount);
    for (const id of [...byAccount.keys()].sort()) {
      if (!(await repo.applyToBalance(tx, id, byAccount.get(id)!))) {
        throw conflict(id.endsWith(':escrow') ? '求購預付款不足' : '錢包餘額不足', INSUFFICIENT_BALANCE);
      }
    }
    await repo.insertEntries(
      tx,
      nonZero.map((l, i) => ({
        id: `${postingId}_${i}`,
        postingId,
        accountId: l.account.id,
        kind: l.kind,
        amount: l.amount,
        refId,
        description: (l.description ?? '').slice(0, DESCRIPTION_MAX),
        createdAt: now,
      })),
    );
    return true;
  }
  return { post };
}
