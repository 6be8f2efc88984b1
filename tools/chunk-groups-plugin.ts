import path from 'node:path';
import type { Plugin } from 'vite';
import { barrelImports, barrelOf, clean, fullClosure, inNodeModules, moduleGraph, staticClosure } from './module-graph';

/**
 * How the mobile app's on-demand code is cut into files (issue 10, decisions 017, 022, 035). Left to itself the
 * bundler makes one file per set of screens sharing a module: /login's first load fetched ~60 files, many of
 * 1–2 KB, and on a phone (HTTP/1.1, six connections) each round of six costs a round trip. The groups below are
 * computed from the module graph once it is known (`buildEnd`) and read by
 * `build.rollupOptions.output.codeSplitting.groups` during chunking:
 *
 * - `first`: what two or more of the screens a shared link opens (`firstScreens`: "/", /login, the browse and
 *   detail screens) import statically, one file per set of those screens that imports it (`mall+market`: what
 *   both browse screens share). Such a page fetches the files of the sets it belongs to and nothing another
 *   first screen alone needs: as one `lists` file for both browse screens, /mall fetched /market's filter panel
 *   and the detail screens fetched all of it for a few row parts (decision 035). What three or more share with a
 *   detail screen is one file (`detail-parts`); what one first screen alone imports is left to the bundler, but
 *   for the parts other on-demand code loads too: one file per screen instead of one each;
 * - `locale`: the zh-HK locale (with antd-mobile's base strings): every screen but "/" waits for it, and for
 *   nothing else of antd-mobile's, before it shows (decision 035);
 * - `ui`: what the screens need soon after they show (the toast, its animation library, antd-mobile's React 19
 *   render), with the small helpers (hooks, utils, Babel helpers) antd-mobile's parts share, instead of one file
 *   each;
 * - `forms`: the form library and the parts only forms use.
 *
 * Never grouped: what the entry loads first, anything the back office may load (it must not depend on the app's
 * chunks), and the modules loaded with import() (the manifest, the budget and the preload hints name screens by
 * their module). `npm run check:bundle` measures the result.
 */
export interface ChunkGroupsOptions {
  /** The mobile app's entry module and the back office's, relative to Vite's root. */
  mobileEntry: string;
  otherEntries: string[];
  /**
   * The screens a shared link opens (relative to Vite's root), each named by its file without `-screen`; the first is
   * the one the entry loads ("/").
   */
  firstScreens: string[];
  /** The antd-mobile parts every screen but "/" may need soon after it shows (the toast, the render shim). */
  ready: string[];
  /** The locale module (relative to Vite's root): what every screen but "/" waits for; a group of its own. */
  locale?: string;
  /** Modules that hold a form (relative to Vite's root): the form parts they load go to `forms`. */
  forms: string[];
  /** The groups to form (default: all); the others' modules are left to the bundler (CSS order checks compare both). */
  enabled?: string[];
}

/** Library helpers shared by most antd-mobile parts. */
const HELPERS =
  /[\\/]node_modules[\\/](antd-mobile[\\/]es[\\/](utils|global)|ahooks|rc-util|@babel[\\/]runtime|use-sync-external-store|react-is|lodash|react-fast-compare|screenfull|js-cookie|dayjs|intersection-observer|tslib|classnames|@react-spring)[\\/]/;
/** The form library and the parts only forms use. */
const FORM_PARTS =
  /[\\/]node_modules[\\/](rc-field-form|async-validator|deepmerge|@floating-ui|antd-mobile[\\/]es[\\/]components[\\/](form|popover|input|text-area|checkbox|radio|space))[\\/]/;

type Name = 'first' | 'locale' | 'ui' | 'forms';

/** A first screen's short name: `features/mall/card-detail-screen.tsx` → `card-detail`. */
const screenName = (file: string) =>
  path
    .basename(file)
    .replace(/\.[cm]?[jt]sx?$/, '')
    .replace(/-screen$/, '');

export function chunkGroups(options: ChunkGroupsOptions) {
  let root = '';
  /** Module → its group's chunk name (`first`'s sets are named by their screens). */
  const chunkOf = new Map<string, string>();

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
      const graph = moduleGraph(this, barrelNames);
      const abs = (p: string) => {
        const base = path.resolve(root, p);
        const hit = [...graph.keys()].find((id) => id === base || id.replace(/\.[cm]?[jt]sx?$/, '') === base);
        if (!hit) throw new Error(`chunk groups: no module ${p} in the graph`);
        return hit;
      };
      chunkOf.clear();

      const mobile = staticClosure(graph, [abs(options.mobileEntry)]);
      // Never grouped: the entry's first load, anything the back office may load, and modules loaded with import().
      const dynamicTargets = [...graph.values()].flatMap((n) => n.dynamicImports);
      const entries = new Set([...mobile, ...fullClosure(graph, options.otherEntries.map(abs))]);
      const taken = new Set([...entries, ...dynamicTargets]);
      const claim = (name: Name, ids: Iterable<string>, chunk: (id: string) => string = () => name) => {
        if (options.enabled && !options.enabled.includes(name)) return;
        for (const id of ids) {
          if (taken.has(id)) continue;
          chunkOf.set(id, chunk(id));
          taken.add(id);
        }
      };

      if (options.locale) claim('locale', staticClosure(graph, [abs(options.locale)], taken));
      // Each module two or more first screens import statically, in the file of the set of them that import it.
      // In the order of their names, so a set's file is named the same whatever order the screens are given in.
      const screens = options.firstScreens
        // Through the modules also loaded with import() that a screen imports statically (a part another screen
        // loads after the load event): what they import is the screen's too.
        .map((file) => ({ name: screenName(file), closure: staticClosure(graph, [abs(file)], entries) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      // A module one first screen alone of them imports, but other on-demand code too (a screen of its own, a part
      // after the load event), goes in one file with the others of its kind of that screen: the bundler would give
      // each a file of its own, and /mall/detail fetched four such files of 0.1–0.6 KB beside its screen (decision
      // 035). Not for the screen the entry loads ("/"): the bundler keeps those in its file already.
      const lazyOwners = new Map<string, number>();
      for (const root of new Set(dynamicTargets))
        for (const id of staticClosure(graph, [root], taken)) lazyOwners.set(id, (lazyOwners.get(id) ?? 0) + 1);
      const shared = new Map<string, string>();
      const homeName = screenName(options.firstScreens[0] ?? '');
      for (const { closure, name } of screens) {
        const own: string[] = [];
        for (const id of closure) {
          const importers = screens.filter((s) => s.closure.has(id)).map((s) => s.name);
          // The scripts three or more share with a detail screen, but "/" (the ♡, 分享, buttons, the rarity tag): one
          // file of ~1.5 KB, not the four of 0.2–0.6 KB each detail screen fetched (styles stay with their set).
          const parts =
            importers.length > 2 &&
            importers.some((n) => n.endsWith('detail')) &&
            !importers.includes(homeName) &&
            !/\.css$/.test(id);
          if (importers.length > 1) shared.set(id, parts ? 'detail-parts' : importers.join('+'));
          else if (name !== homeName && (lazyOwners.get(id) ?? 0) > 1 && !HELPERS.test(id)) own.push(id);
        }
        // One such module alone is left where the bundler puts it (often the screen's file).
        if (own.length > 1) own.forEach((id) => shared.set(id, name));
      }
      claim('first', shared.keys(), (id) => shared.get(id)!);

      // The library modules the app's on-demand chunks (screens, the toast…) load.
      const lazyStarts = new Set<string>();
      for (const id of fullClosure(graph, [abs(options.mobileEntry)]))
        graph.get(id)!.dynamicImports.forEach((d) => lazyStarts.add(d));
      const lazyLibs = new Set([...staticClosure(graph, [...lazyStarts], taken)].filter(inNodeModules));
      claim('ui', staticClosure(graph, options.ready.map(abs), taken));
      // The small helpers every antd-mobile part shares (hooks, utils, Babel helpers): with the toast, not spread
      // over one file each.
      claim(
        'ui',
        [...lazyLibs].filter((id) => HELPERS.test(id)),
      );
      // The form library and what only forms use.
      claim(
        'forms',
        [...staticClosure(graph, options.forms.map(abs), taken)].filter((id) => FORM_PARTS.test(id)),
      );
    },
  };

  return {
    plugin,
    codeSplitting: {
      groups: [
        {
          debugName: 'trove groups',
          name: (id: string) => chunkOf.get(clean(id)) ?? null,
          includeDependenciesRecursively: false,
        },
      ],
    },
  };
}
