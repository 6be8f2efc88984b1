import { Converter } from 'opencc-js';

/*
 * The text side of search (docs/decisions/031-search-index.md): one normalisation for the indexed names and the query,
 * and the tokens a GIN index over `text[]` matches. Pure functions: the search module, the demo seed and the bench
 * use them alike.
 */

export type SearchDocKind = 'card' | 'goods' | 'theme' | 'seller';

/** English words this long or longer tolerate one typo (a letter missing, extra, or changed). */
export const TYPO_MIN = 5;
/** Prefixes of English words are indexed up to this length (typing "drag" finds "dragon"). */
const PREFIX_MAX = 12;

let toSimplified: ((s: string) => string) | null = null;

/**
 * One script for matching: Traditional (Hong Kong variants included) folded to Simplified, which maps variants such as
 * 裡/裏 or 麵/麪 to one character, in lower case and NFKC (full-width letters and digits to ASCII).
 */
export function normalise(text: string): string {
  toSimplified ??= Converter({ from: 'hk', to: 'cn' });
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

const HAN = /\p{Script=Han}/u;
// Runs of Han characters, and words of other letters and digits.
const PIECES = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

function pieces(normalised: string): { han: string[]; words: string[] } {
  const han: string[] = [];
  const words: string[] = [];
  for (const m of normalised.matchAll(PIECES)) (HAN.test(m[0]) ? han : words).push(m[0]);
  return { han, words };
}

/** The word with one letter left out, each way. */
export function deletions(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...out];
}

function hanTokens(run: string, into: Set<string>) {
  const chars = [...run];
  chars.forEach((c, i) => {
    into.add(c);
    if (i + 1 < chars.length) into.add(c + chars[i + 1]);
  });
}

function wordTokens(word: string, into: Set<string>) {
  const chars = [...word];
  into.add(word);
  for (let n = 2; n < Math.min(chars.length, PREFIX_MAX + 1); n++) into.add('>' + chars.slice(0, n).join(''));
  // `~` tokens: the word and its one-deletion variants (SymSpell): a query word's variants meet them on one typo.
  if (chars.length >= TYPO_MIN - 1) into.add('~' + word);
  if (chars.length >= TYPO_MIN) for (const d of deletions(word)) into.add('~' + d);
}

/** The tokens of a document: every text it is found by (its name, its English name), each prefixed with its kind. */
export function docTokens(kind: SearchDocKind, texts: (string | null | undefined)[]): string[] {
  const set = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const { han, words } = pieces(normalise(text));
    for (const run of han) hanTokens(run, set);
    for (const word of words) wordTokens(word, set);
  }
  return [...set].map((t) => `${kind}:${t}`);
}

/** A serial search: `#12`, `12/100` or `#12/100`. */
export interface SerialQuery {
  serial: number;
  editionSize: number | null;
}

/**
 * What a query asks of a document: `all` tokens it must hold (Han unigrams or bigrams: every bigram of a run, so a
 * run is found where its characters stand together) and `any` groups, one per English word, of which it must hold at
 * least one token (the word, a word it starts, or a one-typo variant). Kind prefixes are added by `forKind`.
 */
export interface QueryPlan {
  /** The query normalised, for ranking (an exact or leading match ranks first). */
  text: string;
  all: string[];
  any: string[][];
  serial: SerialQuery | null;
}

const SERIAL = /(?:^|\s)(?:#(\d{1,7})(?:\/(\d{1,7}))?|(\d{1,7})\/(\d{1,7}))(?=\s|$)/;

export function planQuery(q: string): QueryPlan {
  let rest = normalise(q);
  let serial: SerialQuery | null = null;
  const m = SERIAL.exec(rest);
  if (m) {
    const edition = m[2] ?? m[4];
    serial = { serial: Number(m[1] ?? m[3]), editionSize: edition ? Number(edition) : null };
    rest = (rest.slice(0, m.index) + ' ' + rest.slice(m.index + m[0].length)).trim();
  }
  const all = new Set<string>();
  const any: string[][] = [];
  const { han, words } = pieces(rest);
  for (const run of han) {
    const chars = [...run];
    if (chars.length === 1) all.add(run);
    else for (let i = 0; i + 1 < chars.length; i++) all.add(chars[i]! + chars[i + 1]);
  }
  for (const word of words) {
    const group = [word, '>' + word];
    if ([...word].length >= TYPO_MIN) group.push('~' + word, ...deletions(word).map((d) => '~' + d));
    any.push(group);
  }
  return { text: rest.replace(/\s+/g, ' '), all: [...all], any, serial };
}

/** Whether the plan asks anything of the text (a serial alone does not). */
export const hasText = (plan: QueryPlan) => plan.all.length > 0 || plan.any.length > 0;

/** The plan's tokens with one kind's prefix. */
export function forKind(plan: QueryPlan, kind: SearchDocKind): { all: string[]; any: string[][] } {
  return { all: plan.all.map((t) => `${kind}:${t}`), any: plan.any.map((g) => g.map((t) => `${kind}:${t}`)) };
}
