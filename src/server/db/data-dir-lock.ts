import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database (PRODUCT.md §9): whoever opens the embedded database under DATA_DIR first
 * writes `DATA_DIR/db.lock` (its PID and role) and removes it when it closes; a second process (another server,
 * `npm run codes`, or a backup or restore) refuses to open it meanwhile. A lock left by a process that died is stale
 * and taken over.
 */
export const lockFile = (dataDir: string) => path.join(dataDir, 'db.lock');

const ROLES = ['server', 'codes', 'backup'] as const;
export type LockHolder = { pid: number; role: (typeof ROLES)[number]; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(readonly holder: LockHolder) {
    super(`the embedded database is in use by ${holder.role} (PID ${holder.pid})`);
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this PID is running (EPERM: running, as another user). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number'
      ? {
          pid: parsed.pid,
          role: ROLES.find((r) => r === parsed.role) ?? 'server',
          startedAt: String(parsed.startedAt ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

/** The live process holding DATA_DIR's database, or null (no lock, or a stale one). */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(lockFile(dataDir));
  return holder && holder.pid !== process.pid && isAlive(holder.pid) ? holder : null;
}

/**
 * Takes DATA_DIR's lock for this process, or throws DataDirLockedError naming the live holder. Answers the release
 * (idempotent; removes the file only while it is still ours).
 */
export function acquireDataDirLock(dataDir: string, role: LockHolder['role']): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const mine: LockHolder = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // `wx`: exactly one of two processes starting together creates it.
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o644 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirLockedError(holder);
      // Stale (its process is gone) or unreadable: removed, then taken on the next attempt. Read again just
      // before, so a fresh lock another process took meanwhile is not removed.
      if (readHolder(file)?.pid !== holder?.pid) continue;
      try {
        unlinkSync(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
  }
  throw new Error(`could not take ${file}`);
}
