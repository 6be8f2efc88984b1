/**
 * Going somewhere to fix what a screen needs (a payout account before selling) and coming back to it afterwards:
 * the screen to return to travels in the link's `?return=`, as a path of this site only.
 */
export const RETURN_PARAM = 'return';

/** `raw` when it is a path of this site; never `//host`, `/\host` or a full URL (an open redirect). */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** `path` with `back` as the screen to return to. */
export const withReturn = (path: string, back: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(back)}`;

/** /my/payment, coming back to `back` once a payout account is saved. */
export const payoutSetupPath = (back: string) => withReturn('/my/payment', back);
