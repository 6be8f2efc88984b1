/**
 * `npx tsx tools/make-app-icons.ts`: the installable app's icons (public/icons/), drawn with sharp from the brand
 * mark (public/favicon.svg). Run again when the mark changes; the PNGs are committed, so the build needs no sharp.
 *   icon-192.png, icon-512.png: the mark as it is (rounded square), for `purpose: any`;
 *   maskable-192.png, maskable-512.png: the mark's picture on a full-bleed square of its background, inside the
 *   central 80 % safe zone, so a launcher's circle or squircle mask never cuts it (`purpose: maskable`);
 *   apple-touch-icon.png (180): full-bleed, as iOS rounds the corners itself.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BACKGROUND = '#1d1b3a';
const OUT = 'public/icons';
const svg = readFileSync('public/favicon.svg', 'utf8');
// The mark's picture without its rounded background square (the first <rect>), for the full-bleed icons.
const picture = svg.replace(/<rect[^>]*\/>/, '');

async function plain(size: number, file: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));
}

async function fullBleed(size: number, file: string, scale: number) {
  const inner = Math.round(size * scale);
  const mark = await sharp(Buffer.from(picture), { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));
}

mkdirSync(OUT, { recursive: true });
await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
// The mark's picture spans ~70 % of its box; at 0.9 of the icon it stays inside the 80 % safe circle.
await fullBleed(192, 'maskable-192.png', 0.9);
await fullBleed(512, 'maskable-512.png', 0.9);
await fullBleed(180, 'apple-touch-icon.png', 1);
console.log(`icons written to ${OUT}/`);
