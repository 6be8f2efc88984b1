import type { Feedback, FeedbackBody } from '../../shared/schemas/standing';
import { post } from '../lib/request';

/** POST market/feedback/update: changes the user's feedback on an order (within 7 days). */
export const updateFeedback = (body: FeedbackBody) => post<Feedback>('market/feedback/update', body);
