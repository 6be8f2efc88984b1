import { describe, expect, it } from 'vitest';
import type { Manifest } from './bundle-budget';
import { firstLoadFailures, formatFirstLoads, measureFirstLoads } from './first-loads';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 10_000,
  'assets/vendor.js': 60_000,
  'assets/mall.js': 20_000,
  'assets/ui.js': 30_000,
  'assets/mall.css': 5_000,
  'assets/home.js': 3_000,
};
const preloads = {
  routes: {
    '/': ['assets/home.js'],
    '/mall': ['assets/mall.js', 'assets/mall.css', 'assets/ui.js', 'assets/vendor.js'],
  },
};

describe('the first load of each shareable route', () => {
  const loads = measureFirstLoads({ manifest, preloads, gzipSize: (f) => sizes[f]!, routes: ['/', '/mall'] });

  it('counts the entry and the route hints, JavaScript only, each file once', () => {
    expect(loads.map((l) => [l.path, l.gzip])).toEqual([
      ['/', 73_000],
      ['/mall', 120_000],
    ]);
    expect(loads[1]!.beyondEntry.map((b) => b.file)).toEqual(['assets/ui.js', 'assets/mall.js']);
  });

  it('marks the routes over the budget', () => {
    const lines = formatFirstLoads(loads, 100 * 1024);
    expect(lines[1]).not.toContain('OVER');
    expect(lines[2]).toContain('OVER');
    expect(lines[2]).toContain('ui.js 29.3');
  });

  it('fails a route over the budget, or over its ceiling while it has one (a ratchet)', () => {
    const budget = 100 * 1024;
    expect(firstLoadFailures(loads, budget, {})).toEqual([
      'first load of /mall: 117.2 KB gzip of JavaScript before the load event > 100.0 KB',
    ]);
    expect(firstLoadFailures(loads, budget, { '/mall': 118 })).toEqual([]);
    expect(firstLoadFailures(loads, budget, { '/mall': 117 })[0]).toContain('> 117.0 KB (its ceiling');
    expect(firstLoadFailures(loads, 70 * 1024, { '/mall': 118 })[0]).toContain('first load of /: 71.3 KB');
  });

  it('fails loudly for a route the build wrote no hints for', () => {
    expect(() => measureFirstLoads({ manifest, preloads, gzipSize: () => 1, routes: ['/market'] })).toThrow(
      /no preload hints for route "\/market"/,
    );
  });
});
