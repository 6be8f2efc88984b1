import type { Rarity } from '../../../shared/constants';
import type { SceneKind } from './catalogue-data';
import { FONT, SANS, esc, scene, sceneDefs, stops } from './scene-art';

/** Card faces, framed by rarity, whole or placed inside another picture. */

const RARITY_COLORS: Record<Rarity, string[]> = {
  N: ['#8e99a6', '#eef2f6', '#6b7682'],
  R: ['#1b64d1', '#8fd0ff', '#163f8f'],
  SR: ['#6d28d9', '#e0b3ff', '#4c1d95'],
  SSR: ['#a86b00', '#ffe9a3', '#d4a017', '#7a4a00'],
  UR: ['#ff4d6d', '#ffd166', '#06d6a0', '#4cc9f0', '#b5179e'],
};
const RARITY_STARS: Record<Rarity, number> = { N: 1, R: 2, SR: 3, SSR: 4, UR: 5 };

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
export function cardAt(c: CardArt, x: number, y: number, width: number, rotate = 0, p = 'k'): string {
  const s = width / 300;
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${s.toFixed(4)})" filter="url(#shadow)">${cardBody(c, p)}</g>`;
}

export const SHADOW = `<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="#000" flood-opacity=".45"/></filter>`;
