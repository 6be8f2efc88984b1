import type { Feedback, FeedbackBody } from '../../shared/schemas/standing';
import { post } from '../lib/request';

/** POST market/feedback/create: a 👍 / 👎 on the other side of the user's completed market order. */
export const createFeedback = (body: FeedbackBody) => post<Feedback>('market/feedback/create', body);
