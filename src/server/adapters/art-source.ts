import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The bytes of a picture the app shows (a card's art, a product photo), or null when it cannot be had. */
export type ArtSource = (href: string) => Promise<Buffer | null>;

export interface ArtSourceOptions {
  /** URL path prefix → folder: `/media/` → the web build (or `public/`), `/uploads/` → DATA_DIR/uploads. */
  folders: { prefix: string; roots: string[] }[];
  /** Origins whose pictures may be fetched (S3_PUBLIC_URL's); nothing else is ever asked for. */
  remoteOrigins?: string[];
  /** A remote picture's longest wait and largest size. */
  timeoutMs?: number;
  maxBytes?: number;
}

const SAFE_PATH = /^\/[A-Za-z0-9_\-./]+$/;

/**
 * Reads the art behind a preview picture (issue 23): from the app's own folders by path, or from the upload store's
 * public origin. Never throws: a missing or slow picture draws a preview without it.
 */
export function createArtSource(opts: ArtSourceOptions): ArtSource {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const maxBytes = opts.maxBytes ?? 8 * 1024 * 1024;
  const local = async (href: string): Promise<Buffer | null> => {
    if (!SAFE_PATH.test(href) || href.split('/').some((p) => p === '..' || p === '.')) return null;
    const folder = opts.folders.find((f) => href.startsWith(f.prefix));
    if (!folder) return null;
    const rel = href.slice(folder.prefix.length);
    for (const root of folder.roots) {
      const base = path.resolve(root);
      const file = path.resolve(base, rel);
      if (!file.startsWith(base + path.sep)) continue;
      const bytes = await readFile(file).catch(() => null);
      if (bytes && bytes.length <= maxBytes) return bytes;
    }
    return null;
  };
  const remote = async (href: string): Promise<Buffer | null> => {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return null;
    }
    if (!(opts.remoteOrigins ?? []).includes(url.origin)) return null;
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!res.ok || Number(res.headers.get('content-length') ?? 0) > maxBytes) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length <= maxBytes ? bytes : null;
  };
  return async (href) => {
    try {
      return href.startsWith('/') && !href.startsWith('//') ? await local(href) : await remote(href);
    } catch {
      return null;
    }
  };
}
