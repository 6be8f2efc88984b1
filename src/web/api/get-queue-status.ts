import type { DropKey, QueueStatus } from '../../shared/schemas/queue';
import { get } from '../lib/request';

/** GET queue/status: where the signed-in buyer stands in a hot drop's queue (polled: no loading indicator, no toast). */
export const getQueueStatus = (drop: DropKey) =>
  get<QueueStatus>('queue/status', drop, { loading: false, quiet: true });
