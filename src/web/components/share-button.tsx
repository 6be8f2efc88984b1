import { loadToast } from '../lib/request';
import './watch-button.css';
import './share-button.css';

/** What a share names: its title and one line; the link is the screen's own address (or `path`) on this site. */
export interface ShareButtonProps {
  title: string;
  text?: string;
  /** Path and query of the page to share; the current page when left out. */
  path?: string;
}

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
 * 「分享」 (issue 23): the phone's share sheet through the Web Share API; where there is none (most desktops,
 * headless browsers) the link is copied and 「已複製連結」 says so. A user who closes the share sheet sees nothing.
 */
export function ShareButton({ title, text, path }: ShareButtonProps) {
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
      <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M18 16.1c-.8 0-1.5.3-2 .8l-7.1-4.2c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .2 0 .5.1.7L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.6 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-2.9-2.8-2.9z"
        />
      </svg>
    </button>
  );
}
