/**
 * `tsx tools/style-diff.ts a.json b.json`: the computed styles two builds gave the same elements (dumps written by
 * tests/e2e/css-order.spec.ts with STYLE_DUMP), property by property; exits 1 when any differs (decision 022).
 * Transforms are compared to the pixel: the home banner's carousel rests a fraction of a pixel off, by timing.
 */
import { readFileSync } from 'node:fs';

type Dump = Record<string, Record<string, string>>;
const [a, b] = process.argv.slice(2).map((f) => JSON.parse(readFileSync(f!, 'utf8')) as Dump) as [Dump, Dump];
const same = (prop: string, x?: string, y?: string) =>
  x === y ||
  (prop === 'transform' &&
    !!x &&
    !!y &&
    x.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n)))) ===
      y.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n)))));
const lines: string[] = [];
for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
  const x = a[key];
  const y = b[key];
  if (!x || !y) {
    lines.push(`${key}: only in ${x ? 'the first' : 'the second'}`);
    continue;
  }
  for (const prop of new Set([...Object.keys(x), ...Object.keys(y)]))
    if (!same(prop, x[prop], y[prop])) lines.push(`${key} ${prop}: ${x[prop]} → ${y[prop]}`);
}
console.log(lines.slice(0, 200).join('\n'));
console.log(`[check] style diff: ${Object.keys(a).length} elements compared, ${lines.length} differences`);
process.exit(lines.length ? 1 : 0);
