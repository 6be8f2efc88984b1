import type { SceneKind } from './catalogue-data';

/** The demo artwork's backgrounds: each theme's scene (night harbour, cha chaan teng, sacred beasts), and what every picture shares. */

export const FONT = `'Noto Serif CJK HK','Noto Serif CJK TC','Source Han Serif TC','PingFang HK','Microsoft JhengHei',serif`;
export const SANS = `'Noto Sans CJK HK','Noto Sans CJK TC','PingFang HK','Microsoft JhengHei',sans-serif`;

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small deterministic random source, so regenerating gives the same pictures. */
function rng(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

export const stops = (colors: string[], opacity = 1) =>
  colors
    .map(
      (c, i) =>
        `<stop offset="${((i / (colors.length - 1)) * 100).toFixed(0)}%" stop-color="${c}" stop-opacity="${opacity}"/>`,
    )
    .join('');

const SCENE_BG: Record<SceneKind, string[]> = {
  night: ['#0a1630', '#1d1b4f', '#3b1458'],
  chachaan: ['#fbe3b8', '#f3b574', '#d9663a'],
  beasts: ['#041f1c', '#0b4d42', '#12745f'],
};

/** The background picture of a theme inside a w×h box (p = id prefix). */
export function scene(kind: SceneKind, seed: string, w: number, h: number, p: string): string {
  const r = rng(seed);
  const out: string[] = [];
  if (kind === 'night') {
    for (let i = 0; i < 40; i++)
      out.push(
        `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * h * 0.45).toFixed(1)}" r="${(r() * 1.3 + 0.3).toFixed(1)}" fill="#fff" opacity="${(r() * 0.7 + 0.2).toFixed(2)}"/>`,
      );
    out.push(
      `<circle cx="${w * 0.8}" cy="${h * 0.16}" r="${w * 0.06}" fill="#ffe9b0" opacity=".9"/><circle cx="${w * 0.8}" cy="${h * 0.16}" r="${w * 0.12}" fill="#ffe9b0" opacity=".12"/>`,
    );
    const base = h * 0.74;
    let x = -5;
    const buildings: string[] = [];
    const windows: string[] = [];
    while (x < w) {
      const bw = 14 + r() * 30;
      const bh = h * (0.12 + r() * 0.38);
      buildings.push(
        `<rect x="${x.toFixed(1)}" y="${(base - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}"/>`,
      );
      if (r() > 0.7)
        buildings.push(
          `<polygon points="${x.toFixed(1)},${(base - bh).toFixed(1)} ${(x + bw / 2).toFixed(1)},${(base - bh - 18).toFixed(1)} ${(x + bw).toFixed(1)},${(base - bh).toFixed(1)}"/>`,
        );
      for (let wy = base - bh + 6; wy < base - 6; wy += 9) {
        for (let wx = x + 4; wx < x + bw - 5; wx += 7) {
          if (r() > 0.55) windows.push(`<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="3" height="4"/>`);
        }
      }
      x += bw + 2;
    }
    out.push(`<g fill="#070b1d">${buildings.join('')}</g><g fill="#ffd37a" opacity=".85">${windows.join('')}</g>`);
    out.push(`<rect x="0" y="${base}" width="${w}" height="${h - base}" fill="url(#${p}water)"/>`);
    for (let i = 0; i < 26; i++) {
      const y = base + 4 + r() * (h - base - 6);
      const lx = r() * w;
      out.push(
        `<rect x="${lx.toFixed(1)}" y="${y.toFixed(1)}" width="${(8 + r() * 26).toFixed(1)}" height="1.6" fill="${r() > 0.5 ? '#ffcf6b' : '#ff6fb5'}" opacity="${(0.25 + r() * 0.5).toFixed(2)}"/>`,
      );
    }
  } else if (kind === 'chachaan') {
    // Mosaic floor tiles, the wall's green stripe and rising steam.
    const floor = h * 0.72;
    out.push(`<rect x="0" y="${h * 0.56}" width="${w}" height="${h * 0.06}" fill="#2f8f6b" opacity=".85"/>`);
    out.push(`<rect x="0" y="${h * 0.62}" width="${w}" height="${floor - h * 0.62}" fill="#fff6e6" opacity=".6"/>`);
    const tile = 14;
    const tiles: string[] = [];
    for (let ty = floor; ty < h; ty += tile) {
      for (let tx = 0; tx < w; tx += tile) {
        const dark = (Math.floor(tx / tile) + Math.floor((ty - floor) / tile)) % 2 === 0;
        tiles.push(
          `<rect x="${tx}" y="${ty.toFixed(1)}" width="${tile - 1}" height="${tile - 1}" fill="${dark ? '#1f6f55' : '#f4efe3'}"/>`,
        );
      }
    }
    out.push(`<g opacity=".9">${tiles.join('')}</g>`);
    for (let i = 0; i < 3; i++) {
      const sx = w * (0.25 + i * 0.25) + (r() - 0.5) * 10;
      out.push(
        `<path d="M${sx} ${h * 0.5} c -14 -20, 14 -30, 0 -52 c -12 -18, 10 -28, 2 -46" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".45"/>`,
      );
    }
    for (let i = 0; i < 14; i++)
      out.push(
        `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * h * 0.5).toFixed(1)}" r="${(2 + r() * 6).toFixed(1)}" fill="#fff" opacity="${(0.15 + r() * 0.25).toFixed(2)}"/>`,
      );
  } else {
    // Golden rays, layered mountains and curling clouds.
    const cx = w / 2;
    const cy = h * 0.42;
    const rays: string[] = [];
    for (let i = 0; i < 18; i++) {
      const a = (i / 18) * Math.PI * 2;
      const a2 = a + Math.PI / 36;
      const R = Math.max(w, h);
      rays.push(
        `<polygon points="${cx},${cy} ${(cx + Math.cos(a) * R).toFixed(1)},${(cy + Math.sin(a) * R).toFixed(1)} ${(cx + Math.cos(a2) * R).toFixed(1)},${(cy + Math.sin(a2) * R).toFixed(1)}"/>`,
      );
    }
    out.push(`<g fill="#ffd98a" opacity=".08">${rays.join('')}</g>`);
    const ridge = (y0: number, amp: number, fill: string, op: number) => {
      let d = `M0 ${h} L0 ${y0}`;
      for (let x = 0; x <= w; x += w / 8) d += ` L${x.toFixed(1)} ${(y0 - r() * amp).toFixed(1)}`;
      return `<path d="${d} L${w} ${h} Z" fill="${fill}" opacity="${op}"/>`;
    };
    out.push(ridge(h * 0.72, h * 0.22, '#0f5e50', 0.7), ridge(h * 0.82, h * 0.16, '#06382f', 0.9));
    for (let i = 0; i < 5; i++) {
      const x = r() * w;
      const y = h * (0.15 + r() * 0.6);
      const s = 10 + r() * 12;
      out.push(
        `<g fill="none" stroke="#f7e3a1" stroke-width="2.2" opacity=".55"><path d="M${(x - s * 2).toFixed(1)} ${y.toFixed(1)} h${(s * 4).toFixed(1)}"/><path d="M${x.toFixed(1)} ${y.toFixed(1)} a${s} ${s} 0 1 1 ${s} -${s}"/><path d="M${(x - s).toFixed(1)} ${y.toFixed(1)} a${s * 0.7} ${s * 0.7} 0 1 0 -${(s * 0.7).toFixed(1)} -${(s * 0.7).toFixed(1)}"/></g>`,
      );
    }
  }
  return out.join('');
}

export function sceneDefs(kind: SceneKind, p: string): string {
  return `<linearGradient id="${p}bg" x1="0" y1="0" x2="0" y2="1">${stops(SCENE_BG[kind])}</linearGradient>
<linearGradient id="${p}water" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="#16204d"/><stop offset="100%" stop-color="#05081a"/></linearGradient>`;
}
