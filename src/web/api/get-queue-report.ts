import type { DropKey, QueueReport } from '../../shared/schemas/queue';
import { get } from '../lib/request';

/** GET queue/report: a hot drop's fairness report (public). */
export const getQueueReport = (drop: DropKey) =>
  get<QueueReport>('queue/report', drop, { loading: false, quiet: true });
