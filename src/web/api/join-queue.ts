import type { DropKey, QueueStatus } from '../../shared/schemas/queue';
import { post, type RequestOptions } from '../lib/request';

/** POST queue/join: a place in a hot drop's waiting room (the same one if already in it). */
export const joinQueue = (drop: DropKey, opts?: RequestOptions) => post<QueueStatus>('queue/join', drop, opts);
