/** Server processes (`src/server/main.ts`) of one deployment on PostgreSQL + Redis, started and stopped for the bench. */
import { freePort } from '../../src/server/testing/free-port';
import { startServerProcesses, stopServerProcesses, type ServerProcess } from '../../src/server/testing/server-process';
import { BASE_PORT, SECRET } from './options';

/** The bench's scrape token (`/metrics`: the servers' own view of a run). */
export const METRICS_TOKEN = `bench-${SECRET}`.padEnd(24, '0');

export type Server = ServerProcess;

export async function startServers(n: number, url: string, redisUrl: string): Promise<Server[]> {
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(BASE_PORT ? BASE_PORT + 1 + i : await freePort());
  return startServerProcesses(
    ports.map((port) => ({
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      APP_SECRET: SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      PAYMENT_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'console',
      METRICS_TOKEN,
    })),
  );
}

export const stopServers = stopServerProcesses;
