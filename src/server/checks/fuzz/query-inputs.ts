/** Query strings for the fuzzer: valid ones, and every way a query string can be wrong. */
import fc from 'fast-check';
import { LONG_ASCII, nastyText, validArb, type Pools } from './arbitraries';
import type { Operation } from './operations';

/** Of the twelve kinds of input each generator draws, the first three leave the valid input as it is. */
export const KINDS = fc.integer({ min: 0, max: 11 });
export const VALID_KINDS = 3;

/** Percent-encodes text, lone surrogates included (as the bytes a broken client would send). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: its would-be UTF-8 bytes, which are not valid UTF-8.
    return [...text].map((ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

export const asText = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
export const pairsToQuery = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&');

/** Query strings: valid ones, and every way a query string can be wrong. */
export function queryArb(op: Operation, pools: Pools): fc.Arbitrary<{ query: string; kinds: string[] }> {
  const props = Object.fromEntries(op.query.map((p) => [p.name, validArb(p.schema, pools, p.name)]));
  const valid = fc
    .record(props, { requiredKeys: op.query.filter((p) => p.required).map((p) => p.name) })
    .map((r) => Object.entries(r).map(([k, v]) => [k, asText(v)] as [string, string]));
  const names = op.query.map((p) => p.name);
  const someName = names.length ? fc.constantFrom(...names) : fc.constantFrom('id', 'page');
  const required = op.query.filter((p) => p.required).map((p) => p.name);
  const without = (pairs: [string, string][], name: string) => pairs.filter(([k]) => k !== name);

  return fc
    .tuple(valid, someName, nastyText, KINDS, fc.constantFrom('a', '0', '', '__proto__', 'constructor', 'length'))
    .map(([pairs, name, junk, kind, key]) => {
      if (kind < VALID_KINDS) return { query: pairsToQuery(pairs), kinds: ['valid query'] };
      switch (kind) {
        case 3:
          return { query: pairsToQuery([...without(pairs, name), [name, junk]]), kinds: [`nasty ${name}`] };
        case 4: {
          // The `name[key]=value` form some clients and parsers use for objects and arrays.
          const v = pairs.find(([k]) => k === name)?.[1] ?? junk;
          return {
            query: `${pairsToQuery(without(pairs, name))}&${encode(name)}[${key}]=${encode(v)}`,
            kinds: [`${name}[${key}]=…`],
          };
        }
        case 5:
          return { query: pairsToQuery([...pairs, [name, junk], [name, 'x']]), kinds: [`${name} repeated`] };
        case 6:
          return {
            query: pairsToQuery(required.length ? without(pairs, required[0]!) : pairs),
            kinds: ['missing required'],
          };
        case 7:
          return {
            query: pairsToQuery([...pairs, ['unknownField', junk], ['isAdmin', 'true'], ['userId', 'usr_x']]),
            kinds: ['unknown fields'],
          };
        case 8: {
          const raw = ['%', '%ZZ', '%00', '%C0%80', '%FF%FE', '%E0%A4', 'a%0Ab', '%2e%2e%2f'][
            Math.abs(junk.length) % 8
          ]!;
          return {
            query: `${pairsToQuery(without(pairs, name))}&${encode(name)}=${raw}`,
            kinds: [`raw ${raw} in ${name}`],
          };
        }
        case 9:
          return {
            query: pairsToQuery([...without(pairs, name), [name, LONG_ASCII]]),
            kinds: [`100 000 chars in ${name}`],
          };
        case 10:
          return {
            query: `${pairsToQuery(pairs)}&__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1&__proto__=x`,
            kinds: ['prototype keys'],
          };
        default:
          return {
            query: `${pairsToQuery(pairs)}&${encode(name)}&&=&${encode(name)}=`,
            kinds: ['empty and bare keys'],
          };
      }
    });
}
