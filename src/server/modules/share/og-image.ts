import sharp from 'sharp';

/** The preview picture's size: what WhatsApp, Facebook and X show large (1.91 : 1). */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** WhatsApp drops previews over 300 KB: the picture stays well under. */
export const OG_MAX_BYTES = 300 * 1024;

export interface OgDrawing {
  title: string;
  /** The large line under the title: the price, or null. */
  price: string | null;
  /** One line under the price (the description). */
  subtitle: string;
  /** The art's bytes (any format sharp reads: SVG, WebP, JPEG, PNG), or null. */
  art: Buffer | null;
}

const ART_BOX = { left: 60, top: 50, width: 420, height: 530 };
const TEXT_LEFT = 530;
const TEXT_WIDTH = OG_WIDTH - TEXT_LEFT - 60;
// The CJK families first (fonts-noto-cjk on the CI machines); without them fontconfig falls back to what is there.
const FONTS = "'Noto Sans CJK TC', 'Noto Sans TC', 'Noto Serif CJK TC', 'Noto Sans CJK SC', sans-serif";

const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Control characters are not allowed in XML at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

/** A character's advance in ems, roughly: full width for CJK and symbols, about half for Latin. */
const advance = (ch: string) => (ch.codePointAt(0)! <= 0x24f ? (/[A-Z0-9#$]/.test(ch) ? 0.62 : 0.52) : 1);

/** Lines of at most `width` px at `size` px, at most `max` lines (the last one ends in … when cut). */
export function wrap(text: string, size: number, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of Array.from(text.replace(/\s+/g, ' ').trim())) {
    const w = advance(ch) * size;
    if (used + w > width && line) {
      lines.push(line);
      line = '';
      used = 0;
      if (lines.length === max) break;
    }
    if (line === '' && ch === ' ') continue;
    line += ch;
    used += w;
  }
  if (lines.length < max && line) lines.push(line);
  else if (lines.length === max && line)
    lines[max - 1] = `${Array.from(lines[max - 1]!)
      .slice(0, -1)
      .join('')}…`;
  return lines;
}

function textLayer(d: OgDrawing): Buffer {
  const titleLines = wrap(d.title, 60, TEXT_WIDTH, 3);
  const subLines = wrap(d.subtitle, 30, TEXT_WIDTH, 2);
  let y = 150;
  const parts: string[] = [];
  for (const line of titleLines) {
    parts.push(
      `<text x="${TEXT_LEFT}" y="${y}" font-size="60" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    );
    y += 76;
  }
  y += 20;
  if (d.price) {
    parts.push(
      `<text x="${TEXT_LEFT}" y="${y + 20}" font-size="72" font-weight="700" fill="#f5c542">${escapeXml(d.price)}</text>`,
    );
    y += 110;
  }
  // The description stops above the brand line.
  for (const line of subLines) {
    if (y > OG_HEIGHT - 120) break;
    parts.push(`<text x="${TEXT_LEFT}" y="${y}" font-size="30" fill="#c9cfe0">${escapeXml(line)}</text>`);
    y += 44;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" font-family="${FONTS}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1f3b"/><stop offset="1" stop-color="#3a1c4a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect x="${ART_BOX.left - 10}" y="${ART_BOX.top - 10}" width="${ART_BOX.width + 20}" height="${ART_BOX.height + 20}" rx="24" fill="#ffffff" fill-opacity="0.08"/>
${parts.join('\n')}
<text x="${TEXT_LEFT}" y="${OG_HEIGHT - 60}" font-size="34" font-weight="700" fill="#ffffff" fill-opacity="0.85">Trove 寶庫</text>
</svg>`;
  return Buffer.from(svg);
}

/** The art fitted into its box, or null when it cannot be read (the preview is drawn without it). */
async function artLayer(art: Buffer | null): Promise<Buffer | null> {
  if (!art) return null;
  try {
    return await sharp(art, { limitInputPixels: 40_000_000 })
      .resize(ART_BOX.width, ART_BOX.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The 1200 × 630 JPEG preview: the art on the left, the name, price and description on the right. */
export async function renderOgImage(d: OgDrawing): Promise<Buffer> {
  const art = await artLayer(d.art);
  const layers: sharp.OverlayOptions[] = [{ input: textLayer(d), left: 0, top: 0 }];
  if (art) layers.push({ input: art, left: ART_BOX.left, top: ART_BOX.top });
  const base = sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: '#1b1f3b' } });
  for (const quality of [82, 70, 55]) {
    const jpeg = await base.clone().composite(layers).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= OG_MAX_BYTES) return jpeg;
  }
  return base.clone().composite(layers).jpeg({ quality: 40, mozjpeg: true }).toBuffer();
}
