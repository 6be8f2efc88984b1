import { loadToast } from '../lib/request';
import { ShareGlyph, type ShareButtonProps } from './share-button';

/** Copies with the Clipboard API, or a hidden text field where it is missing (an insecure origin, an old browser). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const done = document.execCommand('copy');
    field.remove();
    return done;
  }
}

/**
 * 「分享」 (issue 23; `ShareButton` shows it once loaded, share-button.tsx): the phone's share sheet through the Web Share API; where there is none (most desktops,
 * headless browsers) the link is copied and 「已複製連結」 says so. A user who closes the share sheet sees nothing.
 */
export function ShareControl({ title, text, path }: ShareButtonProps) {
  const share = async () => {
    const url = new URL(path ?? `${location.pathname}${location.search}`, location.origin).href;
    const data = { title, text, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        // Closing the sheet is not a failure; anything else (not allowed here) falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    const copied = await copy(url);
    // Through the request client's toast (lib/toast.ts): it comes after the page's load event, not with a shared
    // link's first load.
    const toast = await loadToast();
    toast?.show({ content: copied ? '已複製連結' : `未能複製，請手動複製：${url}` });
  };

  return (
    <button type="button" className="watch-button share-button" aria-label="分享" onClick={() => void share()}>
      <ShareGlyph />
    </button>
  );
}
