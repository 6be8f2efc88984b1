import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The demo items the detail routes open in the browser benches (SEED_DEMO's content), as a shared link would: the
 * mall's 天星小輪, and the demo market's cheapest sell listing and its seller (their ids are made with the demo market,
 * so the running server is asked). Each route of `routes` without a query of its own gets its item's.
 */
export async function withDemoItems(origin: string, routes: readonly string[]): Promise<string[]> {
  const res = await fetch(`${origin}/api/market/list?sell_type=0&page=1&pageSize=1`);
  const body = (await res.json()) as { code: number; msg: string; data?: { id: string; user: { id: string } }[] };
  const listing = body.data?.[0];
  if (body.code !== 200 || !listing) throw new Error(`no demo listing to open (market/list: ${body.code} ${body.msg})`);
  const queries: Record<string, string> = {
    '/mall/detail': '?id=ci_night_ferry',
    '/market/detail': `?id=${encodeURIComponent(listing.id)}`,
    '/market/user': `?id=${encodeURIComponent(listing.user.id)}`,
  };
  return routes.map((r) => (r.includes('?') ? r : `${r}${queries[r] ?? ''}`));
}

/**
 * The server in production mode on a fresh embedded database with the demo content, serving `webDist` (or
 * dist/web), for the browser benches; resolves once /healthz answers. Whatever DATABASE_URL / REDIS_URL the shell
 * has is left out.
 */
export async function startWebServer(opts: { port: number; dataDir: string; webDist?: string }): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${opts.port}`;
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: opts.dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return serving(child, `${origin}/healthz`, 120_000);
}

/** Resolves with `child` once `url` answers 200; throws when the process exits first or `ms` pass. */
export async function serving(child: ChildProcess, url: string, ms: number): Promise<ChildProcess> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${url} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Stops a server `startWebServer` started: npx → tsx → node, the process group it was detached into. */
export function stopServer(child: ChildProcess): void {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
