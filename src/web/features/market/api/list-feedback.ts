import type { Feedback } from '../../../../shared/schemas/standing';
import { get } from '../../../lib/request';

/** GET market/feedback/list: the feedback a user received, newest first. */
export const listFeedback = (q: { id: string; page: number; pageSize: number }) =>
  get<Feedback[]>('market/feedback/list', q, { loading: false });
