import { describe, expect, it, vi } from 'vitest';
import { createListStore, stores } from './stores';

describe('list stores (seed §3)', () => {
  it('hold exactly the lists the seed names per area', () => {
    const keys = Object.fromEntries(Object.entries(stores).map(([area, s]) => [area, [...s.keys]]));
    expect(keys).toEqual({
      address: ['addressList'],
      article: ['list'],
      banner: ['banner'],
      card: ['unexchangedTheme', 'exchangedTheme', 'collection', 'marketBuyList'],
      cardInfo: ['list', 'sellList', 'buyList'],
      goods: ['otherList', 'entityList', 'marketBuyList'],
      market: ['sellList', 'buyList', 'userList'],
      product: ['otherList', 'entityList', 'sellList', 'buyList'],
    });
  });

  it('store data that is not an array as an empty list', () => {
    const store = createListStore(['list'] as const);
    store.set('list', [1, 2]);
    expect(store.get('list')).toEqual([1, 2]);
    for (const bad of [null, undefined, {}, 'x', 3]) {
      store.set('list', bad);
      expect(store.get('list')).toEqual([]);
    }
  });

  it('notify subscribers and reset', () => {
    const store = createListStore(['a', 'b'] as const);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('a', [1]);
    store.set('b', [2]);
    store.reset();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.get('a')).toEqual([]);
    expect(store.get('b')).toEqual([]);
  });
});
