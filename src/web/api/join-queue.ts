import type { DropKey, QueueStatus } from '../../shared/schemas/queue';
import { post } from '../lib/request';

/** POST queue/join: a place in a hot drop's waiting room (the same one if already in it). */
export const joinQueue = (drop: DropKey) => post<QueueStatus>('queue/join', drop);
