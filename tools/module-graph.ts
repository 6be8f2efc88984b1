import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The build's module graph as the chunk groups read it (tools/chunk-groups-plugin.ts): each module's static and
 * dynamic imports, with an import of a package's barrel index followed to the parts the importer names.
 */
export type Graph = Map<string, { imports: string[]; dynamicImports: string[] }>;

export const clean = (id: string) => id.replace(/\?.*$/, '');
export const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * Packages imported through one index that re-exports every part (`import { Button } from 'antd-mobile'`):
 * the bundler keeps only the parts used, so the walk follows the names each module imports instead of
 * the index's every re-export (else every screen would seem to use all of antd-mobile).
 */
const BARRELS = ['antd-mobile', 'antd-mobile-icons', 'ahooks'];
export const barrelOf = (id: string) =>
  BARRELS.find((b) => new RegExp(`[\\\\/]node_modules[\\\\/]${b}[\\\\/]es[\\\\/]index\\.js$`).test(id));

/** Export name → module id, from a barrel's `export { default as X } from './components/x'` lines. */
function barrelExports(barrelId: string): Map<string, string> {
  const names = new Map<string, string>();
  const dir = path.dirname(barrelId);
  // `export { default as X } from './x'`, or (ahooks) `import X from './x'` / `import { X } from './x'` re-exported below.
  for (const m of readFileSync(barrelId, 'utf8').matchAll(
    /(?:export|import)\s*\{([^}]*)\}\s*from\s*'([^']+)'|import\s+(\w+)\s+from\s*'([^']+)'/g,
  )) {
    if (m[3]) {
      names.set(m[3], path.resolve(dir, m[4]!));
      continue;
    }
    const target = path.resolve(dir, m[2]!);
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.set(name, target);
    }
  }
  return names;
}

/** The names a source module imports from each barrel package (type-only imports left out). */
export function barrelImports(code: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (m[1] || !BARRELS.includes(m[3]!)) continue;
    const names = m[2]!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!.trim());
    out.set(m[3]!, [...(out.get(m[3]!) ?? []), ...names]);
  }
  return out;
}

interface ModuleInfoSource {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The graph of a finished module load (`buildEnd`), given the names each source module imports from the barrels
 * (recorded as the modules were transformed).
 */
export function moduleGraph(ctx: ModuleInfoSource, barrelNames: Map<string, Map<string, string[]>>): Graph {
  const graph: Graph = new Map();
  const exportsOf = new Map<string, Map<string, string>>();
  const resolveIn = (target: string) =>
    [target, `${target}.js`, path.join(target, 'index.js')].find((t) => graph.has(t));
  for (const id of ctx.getModuleIds()) {
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    graph.set(clean(id), {
      imports: info.importedIds.map(clean),
      dynamicImports: info.dynamicallyImportedIds.map(clean),
    });
  }
  // An edge to a barrel becomes edges to the parts the importer names (and the barrel's own side effects).
  for (const [id, node] of graph) {
    node.imports = node.imports.flatMap((dep) => {
      const barrel = barrelOf(dep);
      if (!barrel || barrelNames.get(id) === undefined) return [dep];
      let exps = exportsOf.get(dep);
      if (!exps) exportsOf.set(dep, (exps = barrelExports(dep)));
      const parts = (barrelNames.get(id)!.get(barrel) ?? [])
        .map((n) => exps.get(n))
        .filter((t): t is string => !!t)
        .map(resolveIn)
        .filter((t): t is string => !!t);
      return [dep, ...parts];
    });
  }
  // The barrel itself keeps only its own side effects (antd-mobile's global styles), not its re-exports.
  for (const [barrelId, exps] of exportsOf) {
    const reexported = new Set([...exps.values()].map(resolveIn));
    const node = graph.get(barrelId)!;
    node.imports = node.imports.filter((d) => !reexported.has(d));
  }
  return graph;
}

/** What `starts` import statically, transitively; a module in `stop` is not entered (but a start always is). */
export function staticClosure(graph: Graph, starts: string[], stop?: Set<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string, start = false) => {
    if (seen.has(id) || (!start && stop?.has(id)) || !graph.has(id)) return;
    seen.add(id);
    for (const dep of graph.get(id)!.imports) visit(dep);
  };
  starts.forEach((s) => visit(s, true));
  return seen;
}

/** What `starts` may ever load, import() included. */
export function fullClosure(graph: Graph, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !graph.has(id)) return;
    seen.add(id);
    const node = graph.get(id)!;
    for (const dep of [...node.imports, ...node.dynamicImports]) visit(dep);
  };
  starts.forEach(visit);
  return seen;
}
