/**
 * Stored pictures and their variants. An uploaded picture is stored at each of these widths up to the original's
 * (uploads.service.ts), each at `<…>/<width>.webp`, and a form keeps the 640 one (or the widest there is); the demo's
 * pictures are laid out the same way (generate-media.ts). No zod here: list screens read it on their first load.
 */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;
/** The WebP quality every stored variant is written at. */
export const UPLOAD_WEBP_QUALITY = 82;

/** What a list row's picture is asked at: its box is 48–128 CSS px wide, so 320 covers a 2.5× screen. */
export const THUMBNAIL_WIDTH = 320;

const VARIANT = /\/(320|640|1280)\.webp$/;

/**
 * The picture at `url`, asked at `width` where a narrower variant of it is stored: a stored variant's narrower ones
 * always exist beside it (every width up to the original's is kept). Any other picture is answered as it is.
 */
export function pictureAt(url: string, width: (typeof UPLOAD_WIDTHS)[number]): string {
  const stored = VARIANT.exec(url);
  return stored && Number(stored[1]) > width ? url.replace(VARIANT, `/${width}.webp`) : url;
}

/** A list row's picture: `pictureAt(url, THUMBNAIL_WIDTH)`. */
export const thumbnail = (url: string) => pictureAt(url, THUMBNAIL_WIDTH);
