import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminFeedbackIdBodySchema,
  AdminFeedbackListQuerySchema,
  AdminFeedbackSchema,
  AdminHideFeedbackBodySchema,
  FeedbackBodySchema,
  FeedbackListQuerySchema,
  FeedbackOrderQuerySchema,
  FeedbackSchema,
  MyFeedbackSchema,
} from '../../../shared/schemas/standing';
import { adminApi, ok, reply, requireUser, typed, userRoutes } from '../../http';

const tags = ['market'];

/** `market/feedback/list`: anyone may read the feedback a user received. */
export async function feedbackPublicRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { feedback } = app.services;
  r.get(
    '/market/feedback/list',
    { schema: { tags, querystring: FeedbackListQuerySchema, response: reply(z.array(FeedbackSchema)) } },
    async (req) => ok(await feedback.received(req.query)),
  );
}

/** A trader's feedback on their own completed market orders. */
export async function feedbackRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { feedback } = app.services;
  r.post(
    '/market/feedback/create',
    { schema: { tags, body: FeedbackBodySchema, response: reply(FeedbackSchema) } },
    async (req) => ok(await feedback.create(requireUser(req), req.body), '多謝你的評價'),
  );
  r.post(
    '/market/feedback/update',
    { schema: { tags, body: FeedbackBodySchema, response: reply(FeedbackSchema) } },
    async (req) => ok(await feedback.update(requireUser(req), req.body), '評價已更新'),
  );
  r.get(
    '/market/feedback/mine',
    { schema: { tags, querystring: FeedbackOrderQuerySchema, response: reply(MyFeedbackSchema) } },
    async (req) => ok(await feedback.mine(requireUser(req), req.query.orderId)),
  );
}

/** Operators moderate feedback: `/api/admin/feedback…`. */
export async function adminFeedbackRoutes(app: FastifyInstance) {
  const api = adminApi(app);
  const { feedback } = app.services;
  api.list('/admin/feedback', { querystring: AdminFeedbackListQuerySchema, row: AdminFeedbackSchema }, (op, q) =>
    feedback.adminList(op, q),
  );
  api.post(
    '/admin/feedback/hide',
    { body: AdminHideFeedbackBodySchema, data: z.null(), msg: '已隱藏此評語' },
    (op, b) => feedback.setHidden(op, b, true).then(() => null),
  );
  api.post(
    '/admin/feedback/unhide',
    { body: AdminFeedbackIdBodySchema, data: z.null(), msg: '已重新顯示此評語' },
    (op, b) => feedback.setHidden(op, b, false).then(() => null),
  );
}
