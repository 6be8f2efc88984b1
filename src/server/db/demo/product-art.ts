import type { ProductArt } from './mall-data';
import { cardAt, SHADOW, type CardArt } from './card-art';
import { FONT, SANS, esc, scene, sceneDefs, stops } from './scene-art';

/** The mall's product shots: one drawing for each kind of product. */

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
