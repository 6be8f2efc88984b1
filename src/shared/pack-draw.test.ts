import { describe, expect, it } from 'vitest';
import type { Rarity } from './constants';
import {
  commitmentOf,
  drawPack,
  nextStreak,
  rarityAtLeast,
  seedKey,
  verifySeries,
  type DrawLine,
  type VerifiableDraw,
} from './pack-draw';

/**
 * The two 10 000-pack simulations take about 0.5–0.8 s alone, but each pack waits on one WebCrypto HMAC (a hop through
 * libuv's thread pool): on a loaded 2-core machine, at the PostgreSQL run's lower priority, CI saw both pass 30 s.
 */
const SIMULATION_GUARD_MS = 300_000;

const SEED = '9f2c4e1a7b3d5f60182a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d';

/** Regularised upper incomplete gamma Q(s, x) by the series of P (fine for the small df here). */
function chiSquarePValue(stat: number, df: number): number {
  const s = df / 2;
  const x = stat / 2;
  let term = 1 / s;
  let sum = term;
  for (let n = 1; n < 1000; n++) {
    term *= x / (s + n);
    sum += term;
    if (term < sum * 1e-15) break;
  }
  const lnGamma = (z: number): number => {
    // Lanczos approximation.
    const g = 7;
    const c = [
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
      12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
    ];
    let a = c[0]!;
    const t = z + g - 0.5;
    for (let i = 1; i < g + 2; i++) a += c[i]! / (z - 1 + i);
    return 0.5 * Math.log(2 * Math.PI) + (z - 0.5) * Math.log(t) - t + Math.log(a);
  };
  return 1 - Math.exp(Math.log(sum) + s * Math.log(x) - x - lnGamma(s));
}

const line = (cardInfoId: string, rarity: Rarity, remaining: number): DrawLine => ({ cardInfoId, rarity, remaining });

describe('the provable pack draw (decision 043)', () => {
  it('commits with SHA-256 of the seed text and gives the worked example of the decision record', async () => {
    expect(await commitmentOf(SEED)).toBe('f953680e1c90f3c97841bf8b3393a80d100c5824e2524eed015dc7cd07216b2a');
    const pool = [line('ci_a', 'N', 6), line('ci_b', 'R', 3), line('ci_c', 'SR', 1)];
    const key = await seedKey(SEED);
    const first = await drawPack(key, { orderNo: 'TR261126ABCD1234', clientSeed: 'lucky', nonce: 1 }, pool, {
      cardsPerPack: 3,
      guarantee: null,
      streak: 0,
    });
    // Worked out independently (Python's hmac): block 0 = 919c16d9 730145c4 8f987866 …; 2442925785 mod 10 = 5
    // (ci_a's 6 units are 0–5), 1929463236 mod 9 = 0 (ci_a), 2409134182 mod 8 = 6 (ci_b: units 4–6 of 4 + 3 + 1).
    expect(first).toEqual({ lines: [0, 0, 1], guaranteed: false, hit: false });
    expect(pool.map((l) => l.remaining)).toEqual([4, 2, 1]);
  });

  it(
    'draws frequencies that match the pool over 10 000 packs (chi-square, fixed seed)',
    async () => {
      const counts = [400_000, 250_000, 150_000, 100_000, 60_000, 30_000, 9_000, 1_000];
      const rarities: Rarity[] = ['N', 'N', 'R', 'R', 'SR', 'SR', 'SSR', 'UR'];
      const pool = counts.map((c, i) => line(`ci_${i}`, rarities[i]!, c));
      const total = counts.reduce((a, b) => a + b, 0);
      const key = await seedKey(SEED);
      const seen = counts.map(() => 0);
      const packs = 10_000;
      const started = performance.now();
      for (let nonce = 1; nonce <= packs; nonce++) {
        const drawn = await drawPack(key, { orderNo: `TR26112600${nonce}`, clientSeed: 'chi', nonce }, pool, {
          cardsPerPack: 5,
          guarantee: null,
          streak: 0,
        });
        for (const li of drawn.lines) seen[li]! += 1;
      }
      const drawnCards = packs * 5;
      const stat = counts.reduce((x, c, i) => {
        const expected = (drawnCards * c) / total;
        return x + (seen[i]! - expected) ** 2 / expected;
      }, 0);
      const p = chiSquarePValue(stat, counts.length - 1);
      // df = 7: the 0.1 % critical value is 24.322.
      console.info(
        `chi-square over ${drawnCards} cards: ${stat.toFixed(3)} (df 7, p = ${p.toFixed(4)}, critical 24.322)`,
      );
      console.info('observed', seen.join(' '), `(${Math.round(performance.now() - started)} ms)`);
      expect(stat).toBeLessThan(24.322);
      expect(p).toBeGreaterThan(0.001);
    },
    SIMULATION_GUARD_MS,
  );

  it(
    'holds the guarantee in every 10 packs of each buyer over 10 000 simulated purchases',
    async () => {
      // SR or rarer is 2 % of the units: well under one in ten packs of 3, so the guarantee has work to do.
      const pool = [line('n', 'N', 60_000), line('r', 'R', 18_000), line('sr', 'SR', 1_000), line('ssr', 'SSR', 200)];
      const guarantee = { minRarity: 'SR' as Rarity, every: 10 };
      const key = await seedKey(SEED);
      const buyers = 40;
      const streaks = new Array<number>(buyers).fill(0);
      let longest = 0;
      let forced = 0;
      let hits = 0;
      const started = performance.now();
      for (let nonce = 1; nonce <= 10_000; nonce++) {
        const b = (nonce * 7919) % buyers;
        const drawn = await drawPack(key, { orderNo: `TR261126G${nonce}`, clientSeed: `b${b}`, nonce }, pool, {
          cardsPerPack: 3,
          guarantee,
          streak: streaks[b]!,
        });
        if (drawn.guaranteed) forced++;
        if (drawn.hit) hits++;
        streaks[b] = nextStreak(streaks[b]!, drawn);
        longest = Math.max(longest, streaks[b]!);
        const qualifying = drawn.lines.filter((li) => rarityAtLeast(pool[li]!.rarity, 'SR')).length;
        expect(drawn.hit).toBe(qualifying > 0);
      }
      console.info(
        `guarantee: ${hits} packs with SR+, ${forced} by the guarantee, longest dry streak ${longest}`,
        `(${Math.round(performance.now() - started)} ms)`,
      );
      expect(longest).toBeLessThanOrEqual(9);
      expect(forced).toBeGreaterThan(0);
    },
    SIMULATION_GUARD_MS,
  );

  it('verifies published draws and catches a changed card, a changed flag and a wrong seed', async () => {
    const pool = [
      { cardInfoId: 'ci_a', rarity: 'N' as Rarity, count: 20 },
      { cardInfoId: 'ci_b', rarity: 'R' as Rarity, count: 8 },
      { cardInfoId: 'ci_c', rarity: 'SR' as Rarity, count: 2 },
    ];
    const guarantee = { minRarity: 'SR' as Rarity, every: 3 };
    const lines = pool.map((p) => line(p.cardInfoId, p.rarity, p.count));
    const key = await seedKey(SEED);
    const streaks = new Map<string, number>();
    const draws: VerifiableDraw[] = [];
    for (let nonce = 1; nonce <= 10; nonce++) {
      const d = { orderNo: `TR261126V${nonce}`, clientSeed: `c${nonce}`, nonce, buyer: nonce % 2 ? 'x' : 'y' };
      const streak = streaks.get(d.buyer) ?? 0;
      const drawn = await drawPack(key, d, lines, { cardsPerPack: 3, guarantee, streak });
      streaks.set(d.buyer, nextStreak(streak, drawn));
      draws.push({ ...d, guaranteed: drawn.guaranteed, cardInfoIds: drawn.lines.map((li) => lines[li]!.cardInfoId) });
    }
    const series = { cardsPerPack: 3, guarantee, commitment: await commitmentOf(SEED), serverSeed: SEED, pool };
    expect((await verifySeries(series, draws)).ok).toBe(true);
    expect((await verifySeries({ ...series, serverSeed: null }, draws)).revealed).toBe(false);

    const swapped = draws.map((d, i) => (i === 4 ? { ...d, cardInfoIds: [...d.cardInfoIds].reverse() } : d));
    const same = draws[4]!.cardInfoIds.join() === [...draws[4]!.cardInfoIds].reverse().join();
    if (!same) expect((await verifySeries(series, swapped)).checks[4]!.ok).toBe(false);
    const changed = draws.map((d, i) => (i === 2 ? { ...d, cardInfoIds: ['ci_c', 'ci_c', 'ci_c'] } : d));
    expect((await verifySeries(series, changed)).ok).toBe(false);
    const flag = draws.map((d, i) => (i === 0 ? { ...d, guaranteed: !d.guaranteed } : d));
    expect((await verifySeries(series, flag)).checks[0]!.problem).toBe('保底標記不符');
    const other = await verifySeries({ ...series, serverSeed: SEED.replace('9f', '9e') }, draws);
    expect(other.seedMatchesCommitment).toBe(false);
    expect(other.ok).toBe(false);
  });
});
