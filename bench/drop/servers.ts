/** Server processes (`src/server/main.ts`) of one deployment on PostgreSQL + Redis, started and stopped for the bench. */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { freePort } from '../../src/server/testing/free-port';
import { request } from '../bench-kit';
import { BASE_PORT, SECRET } from './options';

export interface Server {
  port: number;
  child: ChildProcess;
  output: string[];
}

export async function startServers(n: number, url: string, redisUrl: string): Promise<Server[]> {
  const servers: Server[] = [];
  for (let i = 0; i < n; i++) {
    const port = BASE_PORT ? BASE_PORT + 1 + i : await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        APP_SECRET: SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        RATE_LIMIT_PER_MINUTE: '100000000',
        PAYMENT_PROVIDER: 'sandbox',
        SMS_PROVIDER: 'console',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (b: Buffer) => {
      output.push(b.toString());
      if (output.length > 50) output.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    servers.push({ port, child, output });
  }
  const agent = new http.Agent({ keepAlive: false });
  for (const s of servers) {
    for (let tries = 0; ; tries++) {
      if (s.child.exitCode !== null) throw new Error(`server on ${s.port} exited:\n${s.output.join('')}`);
      const ok = await request(agent, s.port, 'GET', '/healthz', {}).then(
        (a) => a.status === 200,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error(`server on ${s.port} did not start:\n${s.output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  agent.destroy();
  return servers;
}

export async function stopServers(servers: Server[]) {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.child.exitCode !== null) return resolve();
          s.child.once('exit', () => resolve());
          s.child.kill('SIGTERM');
        }),
    ),
  );
}
