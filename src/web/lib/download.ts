import { get, isFailure, type QueryParams, type RequestOptions } from './request';

/**
 * The download helper (seed §7): GET `path`, whose data is a link, and open that link.
 * Returns whether a link was opened.
 */
export async function download(path: string, params?: QueryParams, opts?: RequestOptions): Promise<boolean> {
  const link = await get<unknown>(path, params, opts);
  if (isFailure(link) || typeof link !== 'string' || !link) return false;
  window.open(link, '_blank', 'noopener');
  return true;
}
