/** Server processes (`src/server/main.ts`) of one deployment, started and stopped by a test or a benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr, line by line (the last `keepLines`). */
  output: string[];
}

/** Answers the status of `GET path` on 127.0.0.1:`port`, or 0 when nothing answers within `timeoutMs`. */
export function statusOf(port: number, path: string, timeoutMs = 2_000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * Starts one `src/server/main.ts` per entry of `envs` (each with the environment given over this process's) and
 * resolves once each answers `/healthz`; fails with the output of one that exited or never answered.
 */
export async function startServerProcesses(
  envs: (Record<string, string> & { PORT: string })[],
  keepLines = 50,
): Promise<ServerProcess[]> {
  const servers = envs.map((env) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (b: Buffer) => {
      output.push(...b.toString().split('\n').filter(Boolean));
      if (output.length > keepLines) output.splice(0, output.length - keepLines);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return { port: Number(env.PORT), child, output };
  });
  for (const s of servers) {
    for (let tries = 0; ; tries++) {
      if (s.child.exitCode !== null) throw new Error(`server on ${s.port} exited:\n${s.output.join('\n')}`);
      if ((await statusOf(s.port, '/healthz')) === 200) break;
      if (tries > 600) throw new Error(`server on ${s.port} did not start:\n${s.output.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return servers;
}

export async function stopServerProcesses(servers: ServerProcess[]): Promise<void> {
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
