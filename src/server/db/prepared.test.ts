import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-db';
import type { Database } from './client';
import { preparedOnce } from './prepared';
import { themes } from './schema';

let built = 0;
const themeName = preparedOnce((db) => {
  built++;
  return db
    .select({ name: themes.name })
    .from(themes)
    .where(eq(themes.id, sql.placeholder('id')))
    .prepare('test_prepared_theme_name');
});
const addTheme = preparedOnce((db) =>
  db
    .insert(themes)
    .values({ id: sql.placeholder('id'), name: sql.placeholder('name'), cover: '' })
    .returning({ id: themes.id })
    .prepare('test_prepared_add_theme'),
);

const kinds = [
  { kind: 'pglite', postgres: false },
  ...(TEST_DATABASE_URL ? [{ kind: 'postgres', postgres: true }] : []),
];

describe.each(kinds)('statements built once ($kind)', ({ postgres }) => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      openTestDatabase({ postgres, poolSize: 2 }),
      openTestDatabase({ postgres, poolSize: 2 }),
    ]);
    built = 0;
  });
  afterAll(() => Promise.all([a?.close(), b?.close()]));

  it('run inside the transaction they are given: they see its rows, and nothing of it is left after a rollback', async () => {
    await expect(
      a.db.transaction(async (tx) => {
        await addTheme(tx).execute({ id: 'th_tx', name: '交易內' });
        expect(await themeName(tx).execute({ id: 'th_tx' })).toEqual([{ name: '交易內' }]);
        // The same statement on another connection does not see the uncommitted row (PGlite, one connection, would wait).
        if (postgres) expect(await themeName(a.db).execute({ id: 'th_tx' })).toEqual([]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await themeName(a.db).execute({ id: 'th_tx' })).toEqual([]);
    await a.db.transaction(async (tx) => {
      await addTheme(tx).execute({ id: 'th_kept', name: '已提交' });
    });
    expect(await themeName(a.db).execute({ id: 'th_kept' })).toEqual([{ name: '已提交' }]);
  });

  it('are built once per database, and each database answers from its own rows', async () => {
    const before = built;
    await addTheme(b.db).execute({ id: 'th_kept', name: '另一個資料庫' });
    for (let i = 0; i < 3; i++) {
      expect(await themeName(a.db).execute({ id: 'th_kept' })).toEqual([{ name: '已提交' }]);
      expect(await themeName(b.db).execute({ id: 'th_kept' })).toEqual([{ name: '另一個資料庫' }]);
      await b.db.transaction(async (tx) =>
        expect(await themeName(tx).execute({ id: 'th_kept' })).toEqual([{ name: '另一個資料庫' }]),
      );
    }
    // a was built on by the first test; b once here.
    expect(built - before).toBe(1);
  });
});
