import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

export function createUploadsRepository() {
  return {
    async insert(db: Executor, row: typeof uploads.$inferInsert) {
      await db.insert(uploads).values(row);
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
