import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The redis-server the fault tests and benchmarks start for themselves (never the shared one on 6379). */
export const REDIS_SERVER = '/usr/bin/redis-server';

/** Null when a redis-server can be started here, or why not. */
export const redisServerMissing = () =>
  existsSync(REDIS_SERVER) ? null : `${REDIS_SERVER} is not installed (apt-get install redis-server)`;

/**
 * A redis-server of one's own on `port` (no persistence), which can be started, stopped, started again empty, and
 * hung: `pause` is SIGSTOP (the connections stay open, nothing answers), `resume` SIGCONT.
 */
export function ownRedisServer(port: number) {
  let child: ChildProcess | null = null;
  const signal = (sig: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || !child.kill(sig))
      throw new Error(`redis-server on ${port} is not running`);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Starts it and resolves once it answers PING. */
    async start() {
      child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100; i++) {
        if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.includes('PONG')) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server on ${port} did not start`);
    },
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    /** Kills it (a hung one too) and resolves once it has exited. */
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
}
export type OwnRedisServer = ReturnType<typeof ownRedisServer>;
