/**
 * antd-mobile's Toast (the request client's 載入中… and its failure messages, every screen's 已儲存) has no
 * live region, so screen readers never hear it (WCAG 4.1.3). Installed once, this copies the text of each toast
 * as it appears into one polite status region that exists from the start (regions added together with their
 * text are often not read). The copy lives in a closed shadow root: in the accessibility tree, where it is
 * needed, but not a second time in the page's text (find in page, tests that look for the toast's words); the
 * host's data-announced says what was last announced.
 */

let host: HTMLElement | null = null;
let region: HTMLElement | null = null;
let last = '';

function announce(text: string): void {
  if (!region || !text || text === last) return;
  last = text;
  // Emptied first, so the same message twice in a row is read twice.
  region.textContent = '';
  setTimeout(() => {
    if (region) region.textContent = text;
    host?.setAttribute('data-announced', text);
  }, 50);
}

function scan(): void {
  // A test's page torn down while a change was still queued.
  if (typeof document === 'undefined') return;
  const toast = Array.from(document.querySelectorAll<HTMLElement>('.adm-toast-main')).at(-1);
  // innerText (what is shown) where the DOM has it; jsdom, in the web tests, has only textContent.
  const text = (toast?.innerText ?? toast?.textContent ?? '').trim();
  if (!text)
    last = ''; // the toast is gone: the next one is news, even with the same text
  else announce(text);
}

export function installToastAnnouncer(): void {
  if (host) return;
  host = document.createElement('div');
  host.className = 'visually-hidden';
  host.id = 'app-announcer';
  host.setAttribute('role', 'status');
  host.setAttribute('aria-live', 'polite');
  host.setAttribute('aria-atomic', 'true');
  region = document.createElement('span');
  host.attachShadow({ mode: 'closed' }).append(region);
  document.body.append(host);
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
}
