/** True when the database refused a write by the CHECK constraint `constraint` (SQLSTATE 23514), on the error or its causes. */
export function violatesCheck(err: unknown, constraint: string): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const c = e as { code?: unknown; constraint?: unknown };
    if (c.code === '23514') return c.constraint === constraint;
  }
  return false;
}

/**
 * The table whose foreign key refused a DELETE (SQLSTATE 23503), or null for any other error. node-postgres and
 * PGlite put the database error on the error or its `cause` (Drizzle wraps it); Drizzle names foreign keys
 * `<table>_<column>_<referenced table>_<column>_fk`, so the referencing table is the constraint's first part.
 */
export function referencingTable(err: unknown, tables: readonly string[]): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, table } = e as { code?: unknown; constraint?: unknown; table?: unknown };
    if (code !== '23503') continue;
    const name = typeof constraint === 'string' ? constraint : '';
    const hit =
      tables.find((t) => name.startsWith(`${t}_`)) ??
      (typeof table === 'string' && tables.includes(table) ? table : undefined);
    return hit ?? 'unknown';
  }
  return null;
}
