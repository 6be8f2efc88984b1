/**
 * The demo's artwork as SVG text: card faces framed by rarity (card-art.ts), theme covers, product shots
 * (product-art.ts), banners, article covers and avatars, over the themes' scenes (scene-art.ts). Written to
 * public/media by generate-media.ts and committed, so the app ships its own images (no external URLs).
 */
import type { SceneKind } from './catalogue-data';
import { cardAt, SHADOW, type CardArt } from './card-art';
import { FONT, SANS, esc, scene, sceneDefs, stops } from './scene-art';

export { cardSvg, type CardArt } from './card-art';
export { productSvg } from './product-art';

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
