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

/** This process's environment with `env` over it (a key given as undefined left out), on 127.0.0.1. */
export function serverEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries({ ...process.env, HOST: '127.0.0.1', ...env }).filter(([, v]) => v !== undefined),
  );
}

/**
 * Starts one `src/server/main.ts` per entry of `envs` (each with the environment given over this process's; a key
 * given as undefined is left out) and resolves once each answers `/healthz`. One that exits, or does not answer within
 * `startMs`, fails the start with its output, and every one started is stopped. The limit is a hang guard: the gate's
 * machine has taken over 90 s to start a server that starts in 3 s on a quiet one (decision 046).
 */
export async function startServerProcesses(
  envs: (Record<string, string | undefined> & { PORT: string })[],
  keepLines = 50,
  startMs = 300_000,
): Promise<ServerProcess[]> {
  const servers = envs.map((env) => {
    // Started as `npm start` does, tracing's preload first (docs/decisions/054-traces.md): inert without OTEL_* set.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './src/server/telemetry.ts', 'src/server/main.ts'],
      {
        env: serverEnv(env),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const keep = (b: Buffer) => {
      output.push(...b.toString().split('\n').filter(Boolean));
      if (output.length > keepLines) output.splice(0, output.length - keepLines);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return { port: Number(env.PORT), child, output };
  });
  const deadline = Date.now() + startMs;
  try {
    for (const s of servers)
      for (;;) {
        if (s.child.exitCode !== null) throw new Error(`server on ${s.port} exited:\n${s.output.join('\n')}`);
        if ((await statusOf(s.port, '/healthz')) === 200) break;
        if (Date.now() > deadline)
          throw new Error(`server on ${s.port} did not start in ${startMs / 1000} s:\n${s.output.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
  } catch (err) {
    await stopServerProcesses(servers);
    throw err;
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
