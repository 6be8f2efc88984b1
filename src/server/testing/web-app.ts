import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../adapters/clock';
import { createKeys } from '../adapters/keys';
import { buildApp } from '../app';
import { openTestDatabase } from './test-db';
import { testConfig, testDeps, testSecret } from './test-app';

/** The app on a fresh embedded database, serving the web build in `webRoot` (a folder a test wrote). */
export async function openWebTestApp(webRoot: string): Promise<FastifyInstance> {
  const database = await openTestDatabase({ postgres: false });
  return buildApp({
    deps: testDeps(testConfig(), database.db, new ManualClock(), createKeys(testSecret())),
    webRoot,
    onClose: () => database.close(),
  });
}

/** A web build for a test, in a new temporary folder: its `assets` folder and `files` (path below the root → content). */
export function writeWebRoot(prefix: string, files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  mkdirSync(path.join(root, 'assets'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}
