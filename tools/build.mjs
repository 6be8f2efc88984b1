// The production build (docs/decisions/053-node-versions-and-build.md):
//   node tools/build.mjs [web] [server]             builds them (both when none is named): `npm run build`
//   node tools/build.mjs --if-stale [web] [server]  only what is missing or older than its sources: `npm start` first
// Plain JavaScript, not TypeScript: `npm start` runs it where only the production dependencies are installed (a pruned
// install, the container image), to find that nothing needs building.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

/** The server's own code, bundled; every npm package stays an import from node_modules (`packages: 'external'`). */
async function buildServer(esbuild) {
  const cli = readdirSync('src/server/cli').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  // Entries besides main.ts: what a start command `--import`s before it (telemetry.js, decision 054), and the CLIs
  // production runs (`npm run codes`, `npm run verify:pack`, …), each a file of its own.
  const entries = ['src/server/main.ts', 'src/server/telemetry.ts', ...cli.map((f) => `src/server/cli/${f}`)];
  rmSync('dist/server', { recursive: true, force: true });
  const { metafile } = await esbuild.build({
    entryPoints: entries,
    outbase: 'src/server',
    outdir: 'dist/server',
    bundle: true,
    // pg, ioredis, fastify, sharp, PGlite… load from node_modules as under tsx: native and wasm files where their
    // packages expect them, and one copy that OpenTelemetry's instrumentation can patch as it loads.
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Readable stack traces as they are (not minified); the maps serve `NODE_OPTIONS=--enable-source-maps`.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // A script's "am I the one that was run?" test compares argv[1] with import.meta.url, which inside a bundle is the
  // bundle's: bundled into another entry, that script's main would run there too. Each such file is an entry of its own.
  for (const [out, { entryPoint, inputs }] of Object.entries(metafile.outputs)) {
    const scripts = Object.keys(inputs).filter((f) => f !== entryPoint && readFileSync(f, 'utf8').includes('argv[1]'));
    if (scripts.length) throw new Error(`${out} holds ${scripts.join(', ')}, whose main would run there too`);
  }
  // What the server imports is installed in production too: a development dependency would be gone once pruned.
  const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
  for (const [out, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path: spec, external } of imports) {
      const name = spec.split('/', spec.startsWith('@') ? 2 : 1).join('/');
      if (external && !spec.startsWith('node:') && !(name in dependencies)) {
        throw new Error(`${out} imports ${spec}, which is not in package.json's dependencies`);
      }
    }
  }
}

// package.json stands for the dependencies, not package-lock.json: `npm prune` rewrites the lockfile, which would make
// every pruned install's build look stale. A change of the lockfile alone (`npm update`) wants `npm run build`.
const targets = {
  web: {
    output: 'dist/web/index.html',
    inputs: ['src/web', 'src/shared', 'public', 'vite.config.ts', 'tools', 'package.json'],
    tool: 'vite',
    build: () => {
      const run = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`npm run build:web failed (${run.status ?? run.signal})`);
    },
  },
  server: {
    output: 'dist/server/main.js',
    inputs: ['src/server', 'src/shared', 'tools/build.mjs', 'tsconfig.json', 'package.json'],
    tool: 'esbuild',
    build: (esbuild) => buildServer(esbuild),
  },
};

/** The latest change among a target's sources (tests and the tools' shell scripts left out: they are not built). */
function newestSource(inputs) {
  let newest = 0;
  for (const input of inputs) {
    if (!existsSync(input)) continue;
    const files = statSync(input).isDirectory()
      ? readdirSync(input, { recursive: true }).map((f) => path.join(input, f))
      : [input];
    for (const file of files) {
      if (/\.(test|spec)\.tsx?$|^tools\/.*\.sh$/.test(file)) continue;
      const stat = statSync(file);
      if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

const isStale = ({ output, inputs }) => !existsSync(output) || newestSource(inputs) > statSync(output).mtimeMs;

async function main() {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const named = args.filter((a) => a !== '--if-stale');
  for (const name of named) if (!(name in targets)) throw new Error(`unknown target ${name}: web or server`);
  for (const name of named.length ? named : Object.keys(targets)) {
    const target = targets[name];
    if (ifStale && !isStale(target)) continue;
    const tool = await import(target.tool).catch(() => null);
    if (!tool) {
      // A pruned install (npm ci --omit=dev) cannot build: it runs what was built before it was pruned, never stale.
      const state = existsSync(target.output) ? 'is older than its sources' : 'is missing';
      throw new Error(
        `the ${name} build (${target.output}) ${state}, and ${target.tool} is not installed (a production-only ` +
          'install): run `npm run build` with the development dependencies installed',
      );
    }
    const started = performance.now();
    await target.build(tool);
    console.log(`built ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().catch((err) => {
  console.error(`build: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
