import { createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import type { TestApp } from '../testing/test-app';
import { entry, makeOperator, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';

/**
 * The waiting room (docs/decisions/044-waiting-room.md): a drop is public, a place in its queue is the caller's own.
 * The owner joins a hot drop on sale and is admitted; B, joining or asking about the same drop, gets B's own place
 * and never the owner's admission token. The back office's queue and rate are 404 to a non-operator.
 */

/** A hot drop on sale since a minute ago, whose queue the owner joined (and was admitted to, at the default rate). */
async function joinedDrop(t: TestApp, owner: TestUser): Promise<string> {
  const id = await createDrop(t.db, {
    editionSize: 100,
    perUserLimit: 1,
    hot: true,
    saleStartsAt: new Date(t.clock.now().getTime() - 60_000),
  });
  await setUp(t, owner.token, 'POST', 'queue/join', { kind: 'card', id });
  return id;
}

/** A hot drop whose owner is an operator. */
async function operatorsDrop(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  return joinedDrop(t, owner);
}

const card = { extra: { kind: 'card' } };

export const QUEUE_OWNERSHIP: OwnershipEntry[] = [
  entry('POST /api/queue/join', 'id', 'public', joinedDrop, ['token'], card),
  entry('GET /api/queue/status', 'id', 'public', joinedDrop, ['token'], card),
  entry('GET /api/queue/report', 'id', 'public', joinedDrop, [], card),
  entry('GET /api/admin/queue', 'id', 'private', operatorsDrop, [], card),
  entry('POST /api/admin/queue/rate', 'id', 'private', operatorsDrop, [], { extra: { kind: 'card', perMinute: 30 } }),
];
