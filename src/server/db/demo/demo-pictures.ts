import { UPLOAD_WIDTHS } from '../../../shared/pictures';

/**
 * The demo's pictures are stored as the back office's uploads are (uploads.service.ts): WebP at 320 and 640 px wide,
 * `/media/<name>/<width>.webp`, the 640 one in the item; each is drawn from its SVG art, `/media/<name>.svg`
 * (generate-media.ts).
 */
export const DEMO_PICTURE_WIDTHS = UPLOAD_WIDTHS.filter((w) => w <= 640);

/** The picture an item shows, by its name under /media (`cards/ci_night_ferry`). */
export const demoPicture = (name: string) => `/media/${name}/640.webp`;

/** The SVG art a demo picture is drawn from. */
export const artOf = (picture: string) => picture.replace(/\/640\.webp$/, '.svg');
