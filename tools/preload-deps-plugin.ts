import type { Plugin } from 'vite';

/** What the plugin reads of an output chunk: its file and the chunks it imports statically and with import(). */
export interface ChunkLinks {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
}

/**
 * Per chunk, the JavaScript files certainly loaded when its code runs: its own static imports and those of every
 * entry that can reach it (through all of them, if several can). An import() in that chunk need not list them.
 */
export function loadedBefore(chunks: ChunkLinks[]): Map<string, Set<string>> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string, follow: (c: ChunkLinks) => string[]) => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const c = byFile.get(file);
      if (c) follow(c).forEach(walk);
    };
    walk(start);
    return seen;
  };
  const statics = new Map(chunks.map((c) => [c.fileName, closure(c.fileName, (x) => x.imports)]));
  const entries = chunks
    .filter((c) => c.isEntry)
    .map((c) => ({
      loaded: statics.get(c.fileName)!,
      reach: closure(c.fileName, (x) => [...x.imports, ...x.dynamicImports]),
    }));
  const out = new Map<string, Set<string>>();
  for (const c of chunks) {
    const reaching = entries.filter((e) => e.reach.has(c.fileName));
    const common = reaching.length
      ? [...reaching[0]!.loaded].filter((f) => reaching.every((e) => e.loaded.has(f)))
      : [];
    out.set(c.fileName, new Set([...statics.get(c.fileName)!, ...common]));
  }
  return out;
}

/**
 * The file lists Vite writes beside each import() (`__vite__mapDeps`, preloaded when it runs) without the files
 * already loaded where it runs (decision 035): Vite lists every file the imported chunk needs, the entry's and the
 * importing chunk's own too, which the browser skips at run time but every page downloads, in each chunk holding an
 * import() — on a shared link's first load, the screens' loaders (~1.2 KB gzip). CSS is left as Vite lists it.
 */
export function preloadDeps() {
  let loaded = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'trove-preload-deps',
    apply: 'build',
    // Before Vite's own import analysis (its generateBundle) writes the lists through `resolveDependencies`.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        loaded = loadedBefore(chunks);
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], ctx: { hostId: string; hostType: 'html' | 'js' }) => {
    const there = ctx.hostType === 'js' ? loaded.get(ctx.hostId) : undefined;
    return there ? deps.filter((d) => !there.has(d)) : deps;
  };
  return { plugin, resolveDependencies };
}
