import type { z } from 'zod';
import {
  FEEDBACK_EDIT_MS,
  type AdminFeedback,
  type AdminFeedbackListQuerySchema,
  type Feedback,
  type FeedbackRating,
  type MyFeedback,
} from '../../../shared/schemas/standing';
import type { Actor, Operator } from '../../../shared/actor';
import { newId } from '../../adapters/ids';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { paging } from '../../db/queries';
import type { AuditService } from '../audit/audit.service';
import { createStandingReadModel, type StandingReadModel } from './standing.read-model';
import { createStandingRepository, type FeedbackRow, type StandingRepository } from './standing.repository';
import type { StandingService } from './standing.service';

const NO_ORDER = '找不到此訂單';
type Author = { id: string; nickname: string; avatar: string | null };
interface FeedbackInput {
  orderId: string;
  rating: FeedbackRating;
  comment: string;
}

const view = (f: FeedbackRow, author: Author): Feedback => ({
  id: f.id,
  rating: f.rating,
  comment: f.hiddenAt ? null : f.comment,
  hidden: f.hiddenAt !== null,
  authorRole: f.authorRole,
  author,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

/** What an audit record keeps of a feedback: what an operator changes. */
const auditState = (f: FeedbackRow) => ({ hiddenAt: f.hiddenAt?.toISOString() ?? null, hiddenReason: f.hiddenReason });

/**
 * Trade feedback (issue 21 §4): after a completed trade between users, whatever its way (a listing bought, a bid
 * filled, an offer accepted, a set completed: its sale, decision 049), each side may leave a 👍 or 👎 with a short
 * comment, one per sale per side, changeable for 7 days; operators hide comments, audited.
 */
export function createFeedbackService(
  deps: Pick<Deps, 'db' | 'clock'>,
  svc: { standing: Pick<StandingService, 'forget'>; audit: Pick<AuditService, 'record'> },
  repos: { repo: StandingRepository; read: StandingReadModel } = {
    repo: createStandingRepository(),
    read: createStandingReadModel(),
  },
) {
  const { repo, read } = repos;

  /** The trade (its sale id, or a market order not completed) and the caller's side; someone else's is not found. */
  async function ownOrder(actor: Actor, orderId: string) {
    const order = await read.order(deps.db, orderId);
    if (!order || (order.buyerId !== actor.userId && order.sellerId !== actor.userId)) throw notFound(NO_ORDER);
    const role = order.buyerId === actor.userId ? ('buyer' as const) : ('seller' as const);
    return { order, role, subjectId: role === 'buyer' ? order.sellerId : order.buyerId };
  }

  const editableUntil = (f: FeedbackRow) => new Date(f.createdAt.getTime() + FEEDBACK_EDIT_MS);

  async function answer(actor: Actor, orderId: string): Promise<Feedback> {
    const row = await read.left(deps.db, orderId, actor.userId);
    return view(row!.feedback, row!.author);
  }

  return {
    /** `market/feedback/create`: the caller's 👍 / 👎 on the other side of their completed order. */
    async create(actor: Actor, input: FeedbackInput): Promise<Feedback> {
      const { order, role, subjectId } = await ownOrder(actor, input.orderId);
      if (order.status !== 'completed') throw conflict('交易完成後才可以評價', 'not_completed');
      const now = deps.clock.now();
      const row = await repo.insert(deps.db, {
        id: newId('fb'),
        orderId: order.id,
        authorId: actor.userId,
        authorRole: role,
        subjectId,
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw conflict('你已評價此交易，可於 7 日內修改', 'exists');
      svc.standing.forget(subjectId);
      return answer(actor, order.id);
    },

    /** `market/feedback/update`: changes the caller's feedback, within 7 days of leaving it. */
    async update(actor: Actor, input: FeedbackInput): Promise<Feedback> {
      const { subjectId } = await ownOrder(actor, input.orderId);
      await deps.db.transaction(async (tx) => {
        const mine = await repo.mine(tx, input.orderId, actor.userId, true);
        if (!mine) throw notFound('你未評價此交易', 'no_feedback');
        if (mine.hiddenAt) throw conflict('此評價已被平台隱藏，不能修改', 'hidden');
        if (deps.clock.now() > editableUntil(mine)) throw conflict('評價已超過 7 日，不能再修改', 'too_late');
        await repo.update(tx, mine.id, { rating: input.rating, comment: input.comment, updatedAt: deps.clock.now() });
      });
      svc.standing.forget(subjectId);
      return answer(actor, input.orderId);
    },

    /** `market/feedback/mine`: what the caller left on their order, and whether they may leave or change it. */
    async mine(actor: Actor, orderId: string): Promise<MyFeedback> {
      const { order } = await ownOrder(actor, orderId);
      const row = await read.left(deps.db, orderId, actor.userId);
      if (!row) return { feedback: null, canCreate: order.status === 'completed', editableUntil: null };
      const until = editableUntil(row.feedback);
      const open = !row.feedback.hiddenAt && deps.clock.now() <= until;
      return {
        feedback: view(row.feedback, row.author),
        canCreate: false,
        editableUntil: open ? until.toISOString() : null,
      };
    },

    /** `market/feedback/list`: feedback a user received, newest first (hidden comments left out). */
    async received(q: { id: string; page: number; pageSize: number }): Promise<Feedback[]> {
      const rows = await read.received(deps.db, q.id, paging(q));
      return rows.map((r) => view(r.feedback, r.author));
    },

    /** The back office's list of feedback, newest first. */
    async adminList(
      _operator: Operator,
      q: z.output<typeof AdminFeedbackListQuerySchema>,
    ): Promise<{ rows: AdminFeedback[]; total: number }> {
      const { rows, total } = await read.search(
        deps.db,
        { hidden: q.hidden === undefined ? undefined : q.hidden === '1', rating: q.rating, q: q.q || undefined },
        paging(q),
      );
      return {
        rows: rows.map(({ feedback: f, author, subject }) => ({
          id: f.id,
          orderId: f.orderId,
          rating: f.rating,
          comment: f.comment,
          authorRole: f.authorRole,
          author,
          subject,
          createdAt: f.createdAt.toISOString(),
          updatedAt: f.updatedAt.toISOString(),
          hiddenAt: f.hiddenAt?.toISOString() ?? null,
          hiddenReason: f.hiddenReason,
        })),
        total,
      };
    },

    /** Hides (with a reason) or shows again a feedback's comment, audited in the same transaction. */
    async setHidden(operator: Operator, input: { id: string; reason?: string }, hide: boolean): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const before = await repo.byId(tx, input.id, true);
        if (!before) throw notFound('找不到此評價');
        if (hide === (before.hiddenAt !== null)) throw conflict(hide ? '此評價已被隱藏' : '此評價並未被隱藏');
        const after = await repo.update(
          tx,
          before.id,
          hide
            ? { hiddenAt: deps.clock.now(), hiddenBy: operator.userId, hiddenReason: input.reason ?? null }
            : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
        );
        await svc.audit.record(tx, operator, {
          action: hide ? 'feedback.hide' : 'feedback.unhide',
          targetType: 'feedback',
          targetId: before.id,
          before: auditState(before),
          after: auditState(after),
        });
      });
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
