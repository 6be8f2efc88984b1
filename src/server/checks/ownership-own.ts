import { give } from '../modules/collection/collection-fixtures';
import type { TestApp } from '../testing/test-app';
import { newCardInfo, type TestUser } from './ownership-kit';

/**
 * Routes that take no id and answer only the caller's own data (issue 24: what a collection is worth). The ownership
 * check makes A's data, calls the route as A and as B, and B's answer must carry none of A's private values: there is
 * no id to send, so a leak could only be the route answering someone else's rows.
 */
export interface OwnOnlyEntry {
  route: `GET /api/${string}`;
  /** The query string both calls send. */
  query: Record<string, string>;
  /** Makes the owner's data (through the fixtures). */
  create: (t: TestApp, owner: TestUser) => Promise<void>;
  /** Paths in A's answer (`data`) whose values B must never receive. */
  privateFields: string[];
}

/** A card the owner paid HK$123.45 for. */
async function heldCard(t: TestApp, owner: TestUser) {
  const { cardInfoId } = await newCardInfo(t);
  await give(t, owner.userId, cardInfoId, 1, 12_345);
}

export const OWN_ONLY: OwnOnlyEntry[] = [
  { route: 'GET /api/portfolio/summary', query: {}, create: heldCard, privateFields: ['list.itemId', 'cost'] },
  {
    route: 'GET /api/portfolio/history',
    query: { range: '7d' },
    create: heldCard,
    privateFields: ['points.cost'],
  },
];
