import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "Only one way" (issue 19 §5): each endpoint the app calls has one home, an `api/` file (src/web/api when
 * several features need it, features/<name>/api when one does), imported wherever it is needed.
 */
const WEB = join(__dirname, '..');
// The request client's calls with a literal path: `get<T>('path'`, `post(\n  'path'`; not `params.get('id')`.
const CALL = /(?<![.\w])(?:get|post|postWithMsg)\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\(\s*['`]([a-zA-Z][\w/]*)['`]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'admin' ? [] : sources(path); // the back office is its own app
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** endpoint → the files (relative to src/web) that call it. */
function endpointHomes(files: { path: string; text: string }[]): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  for (const { path, text } of files) {
    for (const [, endpoint = ''] of text.matchAll(CALL)) {
      const at = homes.get(endpoint) ?? [];
      if (!at.includes(path)) homes.set(endpoint, [...at, path]);
    }
  }
  return homes;
}

describe('web endpoints', () => {
  const files = sources(WEB).map((p) => ({ path: relative(WEB, p), text: readFileSync(p, 'utf8') }));
  const homes = endpointHomes(files);

  it('finds the calls (the scan itself works)', () => {
    expect(homes.get('payment/info')).toEqual(['api/get-wallet.ts']);
    expect(homes.size).toBeGreaterThan(40);
  });

  it('calls each endpoint from exactly one file', () => {
    const twice = [...homes].filter(([, at]) => at.length > 1);
    expect(twice).toEqual([]);
  });

  it('calls endpoints only from api/ folders', () => {
    const elsewhere = [...homes].filter(([, [at = '']]) => !/(^|\/)api\//.test(at) && at !== 'lib/request.ts');
    expect(elsewhere).toEqual([]);
  });

  it('would catch an endpoint fetched from two features', () => {
    const planted = endpointHomes([
      { path: 'features/a/api/x.ts', text: "get<Wallet>('payment/info', undefined)" },
      { path: 'features/b/api/y.ts', text: "post<X>(\n  'payment/info', body)" },
    ]);
    expect(planted.get('payment/info')).toHaveLength(2);
  });
});
