import type { Rarity } from '../../../shared/constants';
import type { ProductArt, SceneKind } from './catalogue-data';

/**
 * The demo's artwork as SVG text: card faces framed by rarity, theme covers, product shots,
 * banners and article covers. Written to public/media by generate-media.ts and committed, so the
 * app ships its own images (no external URLs).
 */

const FONT = `'Noto Serif CJK HK','Noto Serif CJK TC','Source Han Serif TC','PingFang HK','Microsoft JhengHei',serif`;
const SANS = `'Noto Sans CJK HK','Noto Sans CJK TC','PingFang HK','Microsoft JhengHei',sans-serif`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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

const RARITY_COLORS: Record<Rarity, string[]> = {
  N: ['#8e99a6', '#eef2f6', '#6b7682'],
  R: ['#1b64d1', '#8fd0ff', '#163f8f'],
  SR: ['#6d28d9', '#e0b3ff', '#4c1d95'],
  SSR: ['#a86b00', '#ffe9a3', '#d4a017', '#7a4a00'],
  UR: ['#ff4d6d', '#ffd166', '#06d6a0', '#4cc9f0', '#b5179e'],
};
const RARITY_STARS: Record<Rarity, number> = { N: 1, R: 2, SR: 3, SSR: 4, UR: 5 };

const stops = (colors: string[], opacity = 1) =>
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
function scene(kind: SceneKind, seed: string, w: number, h: number, p: string): string {
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

function sceneDefs(kind: SceneKind, p: string): string {
  return `<linearGradient id="${p}bg" x1="0" y1="0" x2="0" y2="1">${stops(SCENE_BG[kind])}</linearGradient>
<linearGradient id="${p}water" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="#16204d"/><stop offset="100%" stop-color="#05081a"/></linearGradient>`;
}

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + Math.cos(a) * rr).toFixed(1)},${(cy + Math.sin(a) * rr).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}"/>`;
}

export interface CardArt {
  id: string;
  name: string;
  glyph: string;
  rarity: Rarity;
  themeName: string;
  scene: SceneKind;
  editionSize: number;
  isBCard?: boolean;
}

/** The inner markup of a card face on a 300×420 canvas; `p` prefixes ids so several fit in one file. */
function cardBody(c: CardArt, p: string): string {
  const frame = RARITY_COLORS[c.rarity];
  const ur = c.rarity === 'UR';
  const stars = RARITY_STARS[c.rarity];
  const badgeW = 22 + c.rarity.length * 13;
  const starRow = Array.from({ length: stars }, (_, i) => star(150 + (i - (stars - 1) / 2) * 20, 282, 7)).join('');
  const nameSize = c.name.length > 4 ? 26 : 30;
  return `<defs>
<linearGradient id="${p}frame" x1="0" y1="0" x2="1" y2="1">${stops(frame)}</linearGradient>
<linearGradient id="${p}shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="#fff" stop-opacity="0"/><stop offset="45%" stop-color="#fff" stop-opacity="0"/><stop offset="50%" stop-color="#fff" stop-opacity=".35"/><stop offset="55%" stop-color="#fff" stop-opacity="0"/><stop offset="100%" stop-color="#fff" stop-opacity="0"/></linearGradient>
<radialGradient id="${p}medal" cx="50%" cy="40%" r="60%"><stop offset="0%" stop-color="#fff" stop-opacity=".95"/><stop offset="55%" stop-color="${frame[1]}" stop-opacity=".55"/><stop offset="100%" stop-color="${frame[0]}" stop-opacity=".15"/></radialGradient>
<clipPath id="${p}art"><rect x="20" y="20" width="260" height="290" rx="10"/></clipPath>
${sceneDefs(c.scene, p)}
</defs>
<rect width="300" height="420" rx="18" fill="url(#${p}frame)"/>
<rect x="8" y="8" width="284" height="404" rx="13" fill="#0d0f1c"/>
<g clip-path="url(#${p}art)">
<rect x="20" y="20" width="260" height="290" fill="url(#${p}bg)"/>
<g transform="translate(20 20)">${scene(c.scene, c.id, 260, 290, p)}</g>
<circle cx="150" cy="160" r="74" fill="url(#${p}medal)" stroke="url(#${p}frame)" stroke-width="4"/>
<circle cx="150" cy="160" r="63" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="1.5" stroke-dasharray="3 5"/>
<text x="150" y="190" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="86" fill="#1a1030" stroke="#fff" stroke-width="2" paint-order="stroke">${esc(c.glyph)}</text>
<rect x="${150 - stars * 10 - 8}" y="270" width="${stars * 20 + 16}" height="24" rx="12" fill="#0d0f1c" opacity=".55"/>
<g fill="${frame[1]}" stroke="#1a1030" stroke-width="1">${starRow}</g>
${ur ? `<rect x="20" y="20" width="260" height="290" fill="url(#${p}frame)" opacity=".18"/>` : ''}
<rect x="20" y="20" width="260" height="290" fill="url(#${p}shine)"/>
</g>
<rect x="20" y="20" width="260" height="290" rx="10" fill="none" stroke="url(#${p}frame)" stroke-width="3"/>
<rect x="20" y="322" width="260" height="76" rx="10" fill="#161a2e" stroke="url(#${p}frame)" stroke-width="2"/>
<text x="150" y="361" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${nameSize}" fill="#fff" letter-spacing="3">${esc(c.name)}</text>
<text x="150" y="386" text-anchor="middle" font-family="${SANS}" font-size="13" fill="${frame[1]}" letter-spacing="1">${esc(c.themeName)} · 限量 ${c.editionSize}</text>
<rect x="30" y="30" width="${badgeW}" height="28" rx="14" fill="url(#${p}frame)" stroke="#fff" stroke-opacity=".8" stroke-width="1.5"/>
<text x="${30 + badgeW / 2}" y="50" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="16" fill="#111">${c.rarity}</text>
${c.isBCard ? `<rect x="214" y="30" width="56" height="28" rx="14" fill="#111" stroke="url(#${p}frame)" stroke-width="2"/><text x="242" y="50" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="15" fill="#fff">B 卡</text>` : ''}`;
}

export function cardSvg(c: CardArt): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 420" width="300" height="420" role="img" aria-label="${esc(`${c.name}（${c.rarity}）`)}">
<title>${esc(`${c.themeName}：${c.name}（${c.rarity}）`)}</title>
${cardBody(c, 'c')}
</svg>
`;
}

/** A card face placed at (x, y), scaled to `width`, with its own id prefix. */
function cardAt(c: CardArt, x: number, y: number, width: number, rotate = 0, p = 'k'): string {
  const s = width / 300;
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${s.toFixed(4)})" filter="url(#shadow)">${cardBody(c, p)}</g>`;
}

const SHADOW = `<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="#000" flood-opacity=".45"/></filter>`;

export function themeCoverSvg(t: { id: string; name: string; scene: SceneKind }, cards: CardArt[]): string {
  const w = 600;
  const h = 360;
  const dark = t.scene !== 'chachaan';
  const fan = cards.slice(0, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(t.name)}">
<title>${esc(t.name)}</title>
<defs>${sceneDefs(t.scene, 't')}${SHADOW}</defs>
<rect width="${w}" height="${h}" fill="url(#tbg)"/>
${scene(t.scene, t.id, w, h, 't')}
<rect width="${w}" height="${h}" fill="${dark ? '#000' : '#fff'}" opacity=".18"/>
${fan.map((c, i) => cardAt(c, 330 + i * 70, 50 + (i === 1 ? -10 : 10), 140, (i - 1) * 8, `f${i}`)).join('')}
<text x="40" y="170" font-family="${FONT}" font-weight="900" font-size="56" fill="${dark ? '#fff' : '#3b1f0e'}" letter-spacing="4">${esc(t.name)}</text>
<text x="42" y="212" font-family="${SANS}" font-size="20" fill="${dark ? '#ffe9b0' : '#6b3a1c'}">寶庫卡冊 · 集齊換 B 卡</text>
</svg>
`;
}

const PRODUCT_BG: Record<ProductArt, string[]> = {
  figure: ['#0b4d42', '#12745f'],
  sleeves: ['#1d1b4f', '#3b1458'],
  binder: ['#2b2d42', '#4a4e69'],
  booster: ['#f3b574', '#d9663a'],
  toploader: ['#dfe7ef', '#a9b8c9'],
  voucher: ['#ffe5ec', '#ffb3c6'],
  wallpaper: ['#0a1630', '#3b1458'],
  stickers: ['#fff3d6', '#ffd59e'],
  frame: ['#041f1c', '#0b4d42'],
};

function productDrawing(art: ProductArt, label: string, variant: number, cards: CardArt[]): string {
  const c0 = cards[0]!;
  const c1 = cards[1] ?? c0;
  switch (art) {
    case 'figure': {
      // A stylised qilin on a wooden base; the second shot turns it around.
      const flip = variant === 2 ? 'translate(600 0) scale(-1 1)' : '';
      return `<g transform="${flip}">
<ellipse cx="300" cy="500" rx="170" ry="26" fill="#000" opacity=".3"/>
<rect x="150" y="440" width="300" height="56" rx="12" fill="#8b5a2b"/><rect x="150" y="440" width="300" height="14" rx="7" fill="#a87440"/>
<path d="M200 440 C 190 360, 230 300, 290 300 L 360 300 C 400 300, 420 340, 410 440 Z" fill="#e9b44c" stroke="#7a4a00" stroke-width="6"/>
<path d="M350 310 C 360 240, 400 200, 450 190 C 470 220, 460 260, 430 280 C 410 300, 380 310, 350 310 Z" fill="#f2c665" stroke="#7a4a00" stroke-width="6"/>
<path d="M440 196 l 30 -50 l 6 58 Z M418 200 l 6 -56 l 22 52 Z" fill="#ffe9a3" stroke="#7a4a00" stroke-width="5"/>
<circle cx="440" cy="230" r="8" fill="#1a1030"/>
<path d="M230 350 c -40 -10, -70 -50, -60 -90 c 30 20, 50 40, 80 50" fill="#06d6a0" stroke="#0b4d42" stroke-width="5"/>
<g fill="#06d6a0" stroke="#0b4d42" stroke-width="4"><circle cx="260" cy="360" r="12"/><circle cx="300" cy="350" r="12"/><circle cx="340" cy="360" r="12"/><circle cx="280" cy="395" r="12"/><circle cx="320" cy="395" r="12"/></g>
<rect x="215" y="420" width="30" height="24" rx="6" fill="#7a4a00"/><rect x="365" y="420" width="30" height="24" rx="6" fill="#7a4a00"/>
</g>`;
    }
    case 'sleeves':
      return `${[0, 1, 2, 3].map((i) => `<rect x="${170 + i * 14}" y="${120 + i * 10}" width="230" height="318" rx="14" fill="#fff" fill-opacity="${0.16 + i * 0.06}" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`).join('')}
${cardAt(c0, 226, 160, 200, 0, 's0')}
<rect x="216" y="150" width="220" height="318" rx="14" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-width="3"/>
<rect x="216" y="150" width="220" height="24" rx="10" fill="#fff" fill-opacity=".25"/>`;
    case 'binder': {
      const open = variant === 2;
      if (!open) {
        return `<rect x="160" y="90" width="290" height="400" rx="18" fill="#1b1b2f" stroke="#c9a227" stroke-width="4"/>
<rect x="160" y="90" width="40" height="400" rx="14" fill="#2a2a44"/>
<rect x="236" y="170" width="180" height="4" fill="#c9a227"/><rect x="236" y="404" width="180" height="4" fill="#c9a227"/>
<text x="326" y="310" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="72" fill="#e9c46a">寶庫</text>
<text x="326" y="360" text-anchor="middle" font-family="${SANS}" font-size="22" fill="#e9c46a" letter-spacing="6">COLLECTION</text>`;
      }
      const cells: string[] = [];
      for (let i = 0; i < 9; i++) {
        const x = 120 + (i % 3) * 124;
        const y = 110 + Math.floor(i / 3) * 130;
        cells.push(
          i % 4 === 0
            ? cardAt(cards[i % cards.length]!, x + 12, y + 6, 84, 0, `b${i}`)
            : `<rect x="${x + 12}" y="${y + 6}" width="84" height="118" rx="6" fill="#fff" fill-opacity=".1" stroke="#fff" stroke-opacity=".4" stroke-dasharray="4 4"/>`,
        );
      }
      return `<rect x="100" y="90" width="400" height="420" rx="16" fill="#1b1b2f" stroke="#c9a227" stroke-width="4"/>${cells.join('')}`;
    }
    case 'booster':
      return `<polygon points="150,200 300,140 470,200 320,260" fill="#fbe3b8" stroke="#7a3b12" stroke-width="5"/>
<polygon points="150,200 320,260 320,480 150,420" fill="#e07a3f" stroke="#7a3b12" stroke-width="5"/>
<polygon points="320,260 470,200 470,420 320,480" fill="#c4552b" stroke="#7a3b12" stroke-width="5"/>
<g transform="translate(168 250) skewY(19)"><rect width="134" height="40" rx="8" fill="#2f8f6b"/><text x="67" y="29" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="24" fill="#fff">茶餐廳傳奇</text></g>
<g transform="translate(170 320) skewY(19)"><text x="0" y="40" font-family="${SANS}" font-weight="700" font-size="38" fill="#fff">24 包</text><text x="0" y="80" font-family="${SANS}" font-size="20" fill="#fff3d6">每包 5 張 · 附兌換碼</text></g>
${cardAt(c0, 350, 250, 90, -14, 'p0')}${cardAt(c1, 390, 280, 90, 6, 'p1')}`;
    case 'toploader':
      return `${cardAt(c0, 205, 110, 190, 0, 't0')}
<rect x="188" y="92" width="224" height="300" rx="14" fill="#fff" fill-opacity=".22" stroke="#fff" stroke-width="5"/>
<rect x="188" y="92" width="224" height="300" rx="14" fill="none" stroke="#5d6b7b" stroke-width="2"/>
<circle cx="210" cy="114" r="7" fill="#5d6b7b"/><circle cx="390" cy="114" r="7" fill="#5d6b7b"/><circle cx="210" cy="370" r="7" fill="#5d6b7b"/><circle cx="390" cy="370" r="7" fill="#5d6b7b"/>
<text x="300" y="450" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="30" fill="#2b3440">35pt 磁吸卡磚 × 5</text>`;
    case 'voucher':
      return `<path d="M90 180 h420 a0 0 0 0 1 0 0 v70 a30 30 0 0 0 0 60 v110 h-420 v-110 a30 30 0 0 0 0 -60 Z" fill="#fff" stroke="#e5476b" stroke-width="5"/>
<line x1="400" y1="190" x2="400" y2="410" stroke="#e5476b" stroke-width="3" stroke-dasharray="10 8"/>
<text x="245" y="260" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="34" fill="#e5476b">寶庫購物禮券</text>
<text x="245" y="350" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="70" fill="#1a1030">${esc(label)}</text>
<text x="456" y="310" text-anchor="middle" font-family="${SANS}" font-size="22" fill="#e5476b" writing-mode="tb">商城適用</text>`;
    case 'wallpaper':
      return `<rect x="190" y="70" width="220" height="460" rx="34" fill="#111" stroke="#444" stroke-width="4"/>
<svg x="202" y="82" width="196" height="436" viewBox="0 0 196 436"><defs>${sceneDefs('night', 'w')}</defs><rect width="196" height="436" rx="26" fill="url(#wbg)"/>${scene('night', 'wallpaper', 196, 436, 'w')}<text x="98" y="110" text-anchor="middle" font-family="${SANS}" font-size="54" fill="#fff" font-weight="300">21:08</text><text x="98" y="140" text-anchor="middle" font-family="${SANS}" font-size="16" fill="#ffe9b0">港島夜景</text></svg>
<rect x="262" y="88" width="76" height="16" rx="8" fill="#111"/>`;
    case 'stickers': {
      const words = ['飛沙走奶', '凍檸茶', '埋單', '加底', '走冰', '茶走'];
      return words
        .map((word, i) => {
          const x = 150 + (i % 3) * 150;
          const y = 190 + Math.floor(i / 3) * 200;
          return `<g transform="translate(${x} ${y}) rotate(${i % 2 ? 6 : -6})"><circle r="68" fill="#fff" stroke="#2f8f6b" stroke-width="6"/><circle r="56" fill="${['#ffd166', '#ff8fab', '#8bd3c7'][i % 3]}"/><text y="${word.length > 3 ? 8 : 12}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${word.length > 3 ? 24 : 32}" fill="#3b1f0e">${word}</text></g>`;
        })
        .join('');
    }
    case 'frame':
      return `<circle cx="300" cy="300" r="170" fill="#0b4d42"/>
<circle cx="300" cy="300" r="150" fill="#12745f"/>
<text x="300" y="330" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="96" fill="#f7e3a1">你</text>
<circle cx="300" cy="300" r="182" fill="none" stroke="#e9c46a" stroke-width="16"/>
<circle cx="300" cy="300" r="198" fill="none" stroke="#e9c46a" stroke-width="3" stroke-dasharray="8 10"/>
${['龍', '雀', '虎', '武']
  .map((g, i) => {
    const a = -Math.PI / 4 + (i * Math.PI) / 2;
    const x = 300 + Math.cos(a) * 190;
    const y = 300 + Math.sin(a) * 190;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="36" fill="#041f1c" stroke="#e9c46a" stroke-width="5"/><text x="${x.toFixed(1)}" y="${(y + 14).toFixed(1)}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="38" fill="#f7e3a1">${g}</text>`;
  })
  .join('')}`;
  }
}

export function productSvg(
  p: { name: string; art: ProductArt; label: string },
  variant: number,
  cards: CardArt[],
): string {
  const bg = PRODUCT_BG[p.art];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${esc(p.name)}">
<title>${esc(p.name)}</title>
<defs><radialGradient id="pbg" cx="50%" cy="35%" r="75%">${stops(bg)}</radialGradient>${SHADOW}</defs>
<rect width="600" height="600" fill="url(#pbg)"/>
<circle cx="300" cy="300" r="240" fill="#fff" opacity=".08"/>
${productDrawing(p.art, p.label, variant, cards)}
</svg>
`;
}

export function bannerSvg(
  b: { title: string; subtitle: string; colors: string[]; scene: SceneKind; seed: string },
  cards: CardArt[],
): string {
  const w = 750;
  const h = 300;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(b.title)}">
<title>${esc(b.title)}</title>
<defs><linearGradient id="bb" x1="0" y1="0" x2="1" y2="1">${stops(b.colors)}</linearGradient><linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="${b.colors[0]}" stop-opacity=".85"/><stop offset="55%" stop-color="${b.colors[0]}" stop-opacity=".45"/><stop offset="80%" stop-color="${b.colors[0]}" stop-opacity="0"/></linearGradient>${sceneDefs(b.scene, 'n')}${SHADOW}</defs>
<rect width="${w}" height="${h}" fill="url(#bb)"/>
<g opacity=".35">${scene(b.scene, b.seed, w, h, 'n')}</g>
<rect width="${w}" height="${h}" fill="url(#fade)"/>
${cards.map((c, i) => cardAt(c, 470 + i * 86, 40 + (i % 2) * 18, 140, (i - (cards.length - 1) / 2) * 9, `b${i}`)).join('')}
<text x="44" y="130" font-family="${FONT}" font-weight="900" font-size="50" fill="#fff" letter-spacing="3">${esc(b.title)}</text>
<text x="46" y="180" font-family="${SANS}" font-size="24" fill="#fff" opacity=".92">${esc(b.subtitle)}</text>
<rect x="46" y="206" width="150" height="44" rx="22" fill="#fff"/>
<text x="121" y="236" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="20" fill="${b.colors[0]}">立即查看 ›</text>
</svg>
`;
}

/** One line, or two split at a natural break (a colon or the space nearest the middle). */
function splitTitle(title: string): string[] {
  if (title.length <= 12) return [title];
  const colon = title.indexOf('：');
  if (colon > 0) return [title.slice(0, colon + 1), title.slice(colon + 1)];
  const spaces = [...title].map((ch, i) => (ch === ' ' ? i : -1)).filter((i) => i > 0);
  const mid = title.length / 2;
  const at = spaces.sort((x, y) => Math.abs(x - mid) - Math.abs(y - mid))[0] ?? Math.ceil(mid);
  return [title.slice(0, at).trim(), title.slice(at).trim()];
}

export function articleCoverSvg(a: { title: string; category: string; colors: string[]; glyph: string }): string {
  const w = 640;
  const h = 360;
  const lines = splitTitle(a.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(a.title)}">
<title>${esc(a.title)}</title>
<defs><linearGradient id="ab" x1="0" y1="0" x2="1" y2="1">${stops(a.colors)}</linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#ab)"/>
<text x="${w - 40}" y="${h - 30}" text-anchor="end" font-family="${FONT}" font-weight="900" font-size="260" fill="#fff" opacity=".14">${esc(a.glyph)}</text>
<rect x="40" y="40" width="${40 + a.category.length * 26}" height="44" rx="22" fill="#fff" opacity=".92"/>
<text x="${60 + (a.category.length * 26) / 2}" y="70" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="24" fill="${a.colors[0]}">${esc(a.category)}</text>
${lines.map((l, i) => `<text x="40" y="${170 + i * 58}" font-family="${FONT}" font-weight="900" font-size="46" fill="#fff">${esc(l)}</text>`).join('')}
<text x="40" y="${h - 36}" font-family="${SANS}" font-size="20" fill="#fff" opacity=".85">Trove 寶庫</text>
</svg>
`;
}

/** A round preset avatar: a glyph on a gradient disc (the files of AVATAR_PRESETS). */
export function avatarSvg(a: { label: string; glyph: string; colors: string[] }): string {
  const s = 160;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}" width="${s}" height="${s}" role="img" aria-label="${esc(a.label)}">
<title>${esc(a.label)}</title>
<defs><linearGradient id="av" x1="0" y1="0" x2="1" y2="1">${stops(a.colors)}</linearGradient></defs>
<circle cx="${s / 2}" cy="${s / 2}" r="${s / 2}" fill="url(#av)"/>
<circle cx="${s / 2}" cy="${s / 2}" r="${s / 2 - 8}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>
<text x="${s / 2}" y="${s / 2 + 28}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="80" fill="#fff">${esc(a.glyph)}</text>
</svg>
`;
}
