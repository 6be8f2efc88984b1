import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the mobile app's on-demand code is cut into files (issue 10, decision 017). Left to itself the bundler
 * makes one file per set of screens sharing a module: /login's first load fetched ~60 files, many of 1–2 KB,
 * and on a phone (HTTP/1.1, six connections) each round of six costs a round trip. The groups below are
 * computed from the module graph once it is known (`buildEnd`) and read by
 * `build.rollupOptions.output.codeSplitting.groups` during chunking:
 *
 * - `home`: what "/" loads beyond the entry (the small app modules it shares with the lists, its tag) — first,
 *   so "/" never loads another group (its budget is tight) — but not what the `notHome` screens load (/login's
 *   `use-painted`: with it in `home`, /login fetched all of `home` for a hook);
 * - `locale`: the zh-HK locale (with antd-mobile's base strings): every screen but "/" waits for it, and for
 *   nothing else of antd-mobile's, before it shows (decision 035);
 * - `ui`: what every screen but "/" waits for before it shows (the toast, its animation library, the locale,
 *   antd-mobile's React 19 render), with the small helpers (hooks, utils, Babel helpers) antd-mobile's parts
 *   share, instead of one file each;
 * - `forms`: the form library and the parts only forms use;
 * - `lists`: what the browse screens (/mall, /market) load beyond `ui` (tabs, popups, the paged list, row parts,
 *   gestures) — one file instead of some twenty, each a round trip on a phone.
 *
 * Never grouped: what the entry loads first, anything the back office may load (it must not depend on the app's
 * chunks), and the modules loaded with import() (the manifest, the budget and the preload hints name screens by
 * their module). Code only one screen uses stays in that screen's chunk. `npm run check:bundle` still measures
 * the result.
 */
export interface ChunkGroupsOptions {
  /** The mobile app's entry module and the back office's, relative to Vite's root. */
  mobileEntry: string;
  otherEntries: string[];
  /** The home screen's module (relative to Vite's root). */
  home: string;
  /** The antd-mobile parts every screen but "/" may need soon after it shows (the toast, the render shim). */
  ready: string[];
  /** The locale module (relative to Vite's root): what every screen but "/" waits for; a group of its own. */
  locale?: string;
  /** Screens whose static imports `home` must not claim (they would fetch all of `home` for one module). */
  notHome?: string[];
  /** Modules that hold a form (relative to Vite's root): the form parts they load go to `forms`. */
  forms: string[];
  /** The browse screens' modules (relative to Vite's root): what they load beyond the groups above goes to `lists`. */
  lists: string[];
  /**
   * The screens a shared link opens (relative to Vite's root): the antd-mobile helpers their first view imports
   * (hooks, utils, Babel helpers; never the animation library) go to `antd`, so such a page does not fetch the
   * toast and react-spring (`ui`) with them.
   */
  firstScreens?: string[];
  /** The groups to form (default: all); the others' modules are left to the bundler (CSS order checks compare both). */
  enabled?: string[];
}

type Graph = Map<string, { imports: string[]; dynamicImports: string[] }>;

/** Library helpers shared by most antd-mobile parts. */
const HELPERS =
  /[\\/]node_modules[\\/](antd-mobile[\\/]es[\\/](utils|global)|ahooks|rc-util|@babel[\\/]runtime|use-sync-external-store|react-is|lodash|react-fast-compare|screenfull|js-cookie|dayjs|intersection-observer|tslib|classnames|@react-spring)[\\/]/;
/** The animation library (Toast, Mask, Popup, Tabs): in `ui`, after a shared link's first load. */
const ANIMATION = /[\\/]node_modules[\\/]@react-spring[\\/]/;
/** The form library and the parts only forms use. */
const FORM_PARTS =
  /[\\/]node_modules[\\/](rc-field-form|async-validator|deepmerge|@floating-ui|antd-mobile[\\/]es[\\/]components[\\/](form|popover|input|text-area|checkbox|radio|space))[\\/]/;

const clean = (id: string) => id.replace(/\?.*$/, '');
const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * Packages imported through one index that re-exports every part (`import { Button } from 'antd-mobile'`):
 * the bundler keeps only the parts used, so the walk below follows the names each module imports instead of
 * the index's every re-export (else every screen would seem to use all of antd-mobile).
 */
const BARRELS = ['antd-mobile', 'antd-mobile-icons', 'ahooks'];
const barrelOf = (id: string) =>
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
function barrelImports(code: string): Map<string, string[]> {
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

function staticClosure(graph: Graph, starts: string[], stop?: Set<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string, start = false) => {
    if (seen.has(id) || (!start && stop?.has(id)) || !graph.has(id)) return;
    seen.add(id);
    for (const dep of graph.get(id)!.imports) visit(dep);
  };
  // A start is walked even when it is in `stop` (a screen's own module): its imports are what is asked for.
  starts.forEach((s) => visit(s, true));
  return seen;
}

function fullClosure(graph: Graph, starts: string[]): Set<string> {
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

export function chunkGroups(options: ChunkGroupsOptions) {
  let root = '';
  const sets = {
    ui: new Set<string>(),
    antd: new Set<string>(),
    home: new Set<string>(),
    locale: new Set<string>(),
    forms: new Set<string>(),
    lists: new Set<string>(),
  };
  type Name = keyof typeof sets;
  const groupOf = (id: string): Name | null => {
    const key = clean(id);
    for (const name of Object.keys(sets) as Name[]) if (sets[name].has(key)) return name;
    return null;
  };

  // Per source module, the names it imports from each barrel (recorded as the modules are transformed).
  const barrelNames = new Map<string, Map<string, string[]>>();

  const plugin: Plugin = {
    name: 'trove-chunk-groups',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (/\.[cm]?[jt]sx?$/.test(clean(id)) && !barrelOf(clean(id))) barrelNames.set(clean(id), barrelImports(code));
      return null;
    },
    buildEnd() {
      const graph: Graph = new Map();
      const exportsOf = new Map<string, Map<string, string>>();
      const resolveIn = (target: string) =>
        [target, `${target}.js`, path.join(target, 'index.js')].find((t) => graph.has(t));
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
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
      const abs = (p: string) => {
        const base = path.resolve(root, p);
        const hit = [...graph.keys()].find((id) => id === base || id.replace(/\.[cm]?[jt]sx?$/, '') === base);
        if (!hit) throw new Error(`chunk groups: no module ${p} in the graph`);
        return hit;
      };
      for (const s of Object.values(sets)) s.clear();

      const mobile = staticClosure(graph, [abs(options.mobileEntry)]);
      // Never grouped: the entry's first load, anything the back office may load, and modules loaded with import().
      const dynamicTargets = [...graph.values()].flatMap((n) => n.dynamicImports);
      const taken = new Set([...mobile, ...fullClosure(graph, options.otherEntries.map(abs)), ...dynamicTargets]);
      const claim = (name: Name, ids: Iterable<string>) => {
        if (options.enabled && !options.enabled.includes(name)) return;
        for (const id of ids) {
          if (taken.has(id)) continue;
          sets[name].add(id);
          taken.add(id);
        }
      };

      // The library modules the app's on-demand chunks (screens, the toast…) load.
      const lazyStarts = new Set<string>();
      for (const id of fullClosure(graph, [abs(options.mobileEntry)]))
        graph.get(id)!.dynamicImports.forEach((d) => lazyStarts.add(d));
      const lazyLibs = new Set([...staticClosure(graph, [...lazyStarts], taken)].filter(inNodeModules));

      const notHome = staticClosure(graph, (options.notHome ?? []).map(abs), taken);
      claim(
        'home',
        [...staticClosure(graph, [abs(options.home)], taken)].filter((id) => !notHome.has(id)),
      );
      if (options.locale) claim('locale', staticClosure(graph, [abs(options.locale)], taken));
      claim(
        'antd',
        [...staticClosure(graph, (options.firstScreens ?? []).map(abs), taken)].filter(
          (id) =>
            inNodeModules(id) && HELPERS.test(id) && ![...staticClosure(graph, [id])].some((m) => ANIMATION.test(m)),
        ),
      );
      claim('ui', staticClosure(graph, options.ready.map(abs), taken));
      // The small helpers every antd-mobile part shares (hooks, utils, Babel helpers): with the toast, not spread
      // over one file each.
      claim(
        'ui',
        [...lazyLibs].filter((id) => HELPERS.test(id)),
      );
      // The form library and what only forms use.
      const formClosure = staticClosure(graph, options.forms.map(abs), taken);
      claim(
        'forms',
        [...formClosure].filter((id) => FORM_PARTS.test(id)),
      );
      // What the browse screens load (their own modules stay in their chunks: the manifest names screens by them),
      // but not what the forms or anything of "/" (its sections below the fold) load too: /login and "/" would fetch
      // all of `lists` for a button or a list row.
      const listScreens = new Set(options.lists.map(abs));
      const elsewhere = new Set([...formClosure, ...fullClosure(graph, [abs(options.home)])]);
      claim(
        'lists',
        [...staticClosure(graph, [...listScreens], taken)].filter((id) => !listScreens.has(id) && !elsewhere.has(id)),
      );
    },
  };

  const group = (name: Name) => ({
    name,
    test: (id: string) => groupOf(id) === name,
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    codeSplitting: { groups: (Object.keys(sets) as Name[]).map(group) },
    /** For the build's report: the modules of each group. */
    sets,
  };
}
