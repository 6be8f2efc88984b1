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
