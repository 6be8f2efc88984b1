/**
 * Writes the demo artwork into public/media (committed with the repo): each SVG, and the pictures the demo shows,
 * drawn from it as the back office's upload would store them (WebP at 320 and 640 px wide, quality 82, in a folder of
 * the SVG's name; uploads.service.ts, demo-pictures.ts).
 * A phone decodes such a picture off the page's main thread; an SVG picture is a document of its own, parsed and
 * painted there (decision 035). The preset avatars are shown as SVG (small, a glyph each).
 *   npx tsx src/server/db/demo/generate-media.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_CARDS, DEMO_PRODUCTS, DEMO_THEMES, cardImage, productImages, themeCover } from './catalogue-data';
import { DEMO_PICTURE_WIDTHS, artOf } from './demo-pictures';
import { DEMO_ARTICLES, DEMO_BANNERS, articleCover, bannerImage } from './content-data';
import { AVATAR_PRESETS } from '../../../shared/avatars';
import { pictureAt, UPLOAD_WEBP_QUALITY } from '../../../shared/pictures';
import { articleCoverSvg, avatarSvg, bannerSvg, cardSvg, productSvg, themeCoverSvg, type CardArt } from './media';

export const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

const themeOf = (id: string) => DEMO_THEMES.find((t) => t.id === id)!;

export function cardArt(id: string): CardArt {
  const c = DEMO_CARDS.find((x) => x.id === id)!;
  const t = themeOf(c.themeId);
  return {
    id: c.id,
    name: c.name,
    glyph: c.glyph,
    rarity: c.rarity,
    themeName: t.name,
    scene: t.scene,
    editionSize: c.editionSize,
    isBCard: c.isBCard,
  };
}

/** The glyph and colours of each preset avatar. */
const AVATAR_ART: Record<string, { glyph: string; colors: string[] }> = {
  '/media/avatars/lion-dance.svg': { glyph: '獅', colors: ['#d7263d', '#f46036'] },
  '/media/avatars/star-ferry.svg': { glyph: '渡', colors: ['#1b4965', '#5fa8d3'] },
  '/media/avatars/milk-tea.svg': { glyph: '茶', colors: ['#7f5539', '#b08968'] },
  '/media/avatars/egg-tart.svg': { glyph: '撻', colors: ['#b5651d', '#e9b949'] },
  '/media/avatars/tram.svg': { glyph: '叮', colors: ['#2d6a4f', '#52b788'] },
  '/media/avatars/bauhinia.svg': { glyph: '荊', colors: ['#9d174d', '#db2777'] },
};

/**
 * Every demo image as [the path the demo shows, its SVG art]: a picture (`<name>/640.webp`, its art at
 * `artOf(path)`) or a preset avatar (`.svg`, shown as it is).
 */
export function demoMedia(): [string, string][] {
  const files: [string, string][] = [];
  for (const c of DEMO_CARDS) files.push([cardImage(c), cardSvg(cardArt(c.id))]);
  for (const t of DEMO_THEMES) {
    const cards = DEMO_CARDS.filter((c) => c.themeId === t.id && !c.isBCard)
      .sort((a, b) => 'N R SR SSR UR'.indexOf(b.rarity) - 'N R SR SSR UR'.indexOf(a.rarity))
      .map((c) => cardArt(c.id));
    files.push([themeCover(t), themeCoverSvg(t, cards)]);
  }
  const byTheme: Record<string, string[]> = {
    prd_qilin_figure: ['ci_beast_qilin'],
    prd_sleeves: ['ci_night_fireworks'],
    prd_binder: ['ci_night_fireworks', 'ci_cha_tea', 'ci_beast_dragon'],
    prd_booster_box: ['ci_cha_toast', 'ci_cha_bun'],
    prd_toploader: ['ci_beast_phoenix'],
  };
  for (const p of DEMO_PRODUCTS) {
    const cards = (byTheme[p.id] ?? ['ci_night_ferry']).map(cardArt);
    productImages(p).forEach((file, i) =>
      files.push([file, productSvg({ name: p.name, art: p.art[i]!, label: p.label }, i + 1, cards)]),
    );
  }
  for (const b of DEMO_BANNERS) files.push([bannerImage(b), bannerSvg({ ...b, seed: b.id }, b.cardIds.map(cardArt))]);
  for (const a of DEMO_ARTICLES) files.push([articleCover(a), articleCoverSvg(a)]);
  for (const a of AVATAR_PRESETS) files.push([a.image, avatarSvg({ label: a.label, ...AVATAR_ART[a.image]! })]);
  return files;
}

/** Draws a picture from its art at `width`, as an upload's variant. */
export const drawPicture = (svg: string, width: number) =>
  sharp(Buffer.from(svg)).resize({ width }).webp({ quality: UPLOAD_WEBP_QUALITY }).toBuffer();

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const media = demoMedia();
  for (const [file, svg] of media) {
    const art = artOf(file);
    mkdirSync(path.dirname(path.join(PUBLIC_DIR, art)), { recursive: true });
    writeFileSync(path.join(PUBLIC_DIR, art), svg);
    if (file === art) continue;
    for (const width of DEMO_PICTURE_WIDTHS) {
      const picture = path.join(PUBLIC_DIR, pictureAt(file, width));
      mkdirSync(path.dirname(picture), { recursive: true });
      writeFileSync(picture, await drawPicture(svg, width));
    }
  }
  process.stdout.write(
    `wrote ${media.length} images (SVG art, and WebP pictures) to ${path.join(PUBLIC_DIR, 'media')}\n`,
  );
}
