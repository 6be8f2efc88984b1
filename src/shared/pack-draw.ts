import { RARITIES, type Rarity } from './constants';

/*
 * The provable draw of mystery packs (docs/decisions/043-packs.md), in Web Crypto only, so the server that draws,
 * `npm run verify:pack` and the app's /mall/verify page run the very same code.
 */

const enc = new TextEncoder();
const TWO_32 = 2 ** 32;

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/** The commitment published before the sale: hex(SHA-256(UTF-8(serverSeed))). */
export async function commitmentOf(serverSeed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', enc.encode(serverSeed)));
}

/** The HMAC key of a server seed (import once, draw many packs). */
export function seedKey(serverSeed: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', enc.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/**
 * The random integers of one pack: blocks HMAC-SHA256(seed, `${orderNo}:${clientSeed}:${nonce}:${b}`), b = 0, 1 …,
 * read as unsigned 32-bit big-endian integers.
 */
export function packStream(key: CryptoKey, pack: { orderNo: string; clientSeed: string; nonce: number }) {
  let block = 0;
  let words: DataView | null = null;
  let at = 8;
  const nextWord = async (): Promise<number> => {
    if (!words || at === 8) {
      const msg = enc.encode(`${pack.orderNo}:${pack.clientSeed}:${pack.nonce}:${block++}`);
      words = new DataView(await crypto.subtle.sign('HMAC', key, msg));
      at = 0;
    }
    return words.getUint32(4 * at++, false);
  };
  return {
    /** A uniform integer in [0, n) by rejection sampling: words at or over 2³² − (2³² mod n) are skipped. */
    async uniform(n: number): Promise<number> {
      if (!Number.isInteger(n) || n < 1) throw new Error(`uniform(${n})`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const u = await nextWord();
        if (u < limit) return u % n;
      }
    },
  };
}

/** One line of the pool, in the pool's fixed order. */
export interface DrawLine {
  cardInfoId: string;
  rarity: Rarity;
  remaining: number;
}

export interface DrawGuarantee {
  minRarity: Rarity;
  every: number;
}

export const rarityAtLeast = (r: Rarity, min: Rarity) => RARITIES.indexOf(r) >= RARITIES.indexOf(min);

/** The unit at `index` of the lines' remaining units listed in order (among `lines` the filter keeps). */
function lineAt(lines: DrawLine[], keep: (l: DrawLine) => boolean, index: number): number {
  let i = index;
  for (let li = 0; li < lines.length; li++) {
    const l = lines[li]!;
    if (!keep(l)) continue;
    if (i < l.remaining) return li;
    i -= l.remaining;
  }
  throw new Error('draw index past the pool');
}

const unitsOf = (lines: DrawLine[], keep: (l: DrawLine) => boolean) =>
  lines.reduce((n, l) => n + (keep(l) ? l.remaining : 0), 0);

export interface DrawnPack {
  /** Indexes into the pool's lines, in draw order. */
  lines: number[];
  guaranteed: boolean;
  /** Whether the pack holds a card of the guarantee's rarity or rarer (false without a guarantee). */
  hit: boolean;
}

/**
 * Draws one pack of `cardsPerPack` cards from `lines` (their `remaining` are decremented: without replacement).
 * `streak`: the buyer's packs of the series since their last pack with a qualifying card. When it is `every − 1` and
 * the first cards held none, the last card is drawn among the qualifying lines only (while any unit of them remains).
 */
export async function drawPack(
  key: CryptoKey,
  pack: { orderNo: string; clientSeed: string; nonce: number },
  lines: DrawLine[],
  rules: { cardsPerPack: number; guarantee: DrawGuarantee | null; streak: number },
): Promise<DrawnPack> {
  const stream = packStream(key, pack);
  const g = rules.guarantee;
  const qualifies = (l: DrawLine) => (g ? rarityAtLeast(l.rarity, g.minRarity) : false);
  const all = () => true;
  const out: number[] = [];
  let hit = false;
  let guaranteed = false;
  for (let c = 0; c < rules.cardsPerPack; c++) {
    const last = c === rules.cardsPerPack - 1;
    const force = g !== null && last && !hit && rules.streak >= g.every - 1 && unitsOf(lines, qualifies) > 0;
    const keep = force ? qualifies : all;
    const n = unitsOf(lines, keep);
    if (n === 0) throw new Error('the pool is empty');
    const li = lineAt(lines, keep, await stream.uniform(n));
    lines[li]!.remaining -= 1;
    out.push(li);
    if (qualifies(lines[li]!)) hit = true;
    if (force) guaranteed = true;
  }
  return { lines: out, guaranteed, hit };
}

/** The buyer's streak after a pack. */
export const nextStreak = (streak: number, drawn: DrawnPack) => (drawn.hit ? 0 : streak + 1);

/** What the checker needs of a series (pack/detail). */
export interface VerifiableSeries {
  cardsPerPack: number;
  guarantee: DrawGuarantee | null;
  commitment: string;
  serverSeed: string | null;
  /** The pool in its fixed order with each line's starting count. */
  pool: { cardInfoId: string; rarity: Rarity; count: number }[];
}

/** One published draw (pack/draws). */
export interface VerifiableDraw {
  nonce: number;
  orderNo: string;
  clientSeed: string;
  buyer: string;
  guaranteed: boolean;
  cardInfoIds: string[];
}

export interface DrawCheck {
  nonce: number;
  orderNo: string;
  ok: boolean;
  expected: string[];
  expectedGuaranteed: boolean;
  problem: string | null;
}

export interface VerifyReport {
  /** False until the seed is revealed: nothing can be checked before. */
  revealed: boolean;
  seedMatchesCommitment: boolean;
  checks: DrawCheck[];
  /** Every draw matches, the nonces run 1, 2, 3 … and the seed matches the commitment. */
  ok: boolean;
}

/** Replays every published draw from the starting pool and the revealed seed (decision 043). */
export async function verifySeries(series: VerifiableSeries, draws: VerifiableDraw[]): Promise<VerifyReport> {
  if (!series.serverSeed) return { revealed: false, seedMatchesCommitment: false, checks: [], ok: false };
  const seedMatchesCommitment = (await commitmentOf(series.serverSeed)) === series.commitment.toLowerCase();
  const key = await seedKey(series.serverSeed);
  const lines: DrawLine[] = series.pool.map((p) => ({
    cardInfoId: p.cardInfoId,
    rarity: p.rarity,
    remaining: p.count,
  }));
  const streaks = new Map<string, number>();
  const checks: DrawCheck[] = [];
  const sorted = [...draws].sort((a, b) => a.nonce - b.nonce);
  for (const [i, d] of sorted.entries()) {
    const streak = streaks.get(d.buyer) ?? 0;
    let drawn: DrawnPack;
    try {
      drawn = await drawPack(key, d, lines, { cardsPerPack: series.cardsPerPack, guarantee: series.guarantee, streak });
    } catch {
      checks.push({ ...base(d), ok: false, expected: [], expectedGuaranteed: false, problem: '卡池已抽完' });
      continue;
    }
    streaks.set(d.buyer, nextStreak(streak, drawn));
    const expected = drawn.lines.map((li) => lines[li]!.cardInfoId);
    const problem =
      d.nonce !== i + 1
        ? `序號應為 ${i + 1}`
        : expected.join(',') !== d.cardInfoIds.join(',')
          ? '抽出的卡牌不符'
          : drawn.guaranteed !== d.guaranteed
            ? '保底標記不符'
            : null;
    checks.push({ ...base(d), ok: problem === null, expected, expectedGuaranteed: drawn.guaranteed, problem });
  }
  return { revealed: true, seedMatchesCommitment, checks, ok: seedMatchesCommitment && checks.every((c) => c.ok) };
}

const base = (d: VerifiableDraw) => ({ nonce: d.nonce, orderNo: d.orderNo });
