import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Round-trips one query, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
