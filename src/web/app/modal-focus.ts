/**
 * antd-mobile's Popup and Dialog are modal for the eye only: Tab walks out behind the mask, Escape does
 * nothing and focus is lost when they close (WCAG 2.1.1, 2.4.3). Installed once, this makes every one of
 * them modal for the keyboard too, whoever opened it (a screen's <Popup>, an imperative Dialog.confirm):
 * focus moves into the topmost open one, Tab and Shift+Tab cycle inside it, Escape closes it (a Popup as its
 * mask would, through the screen's onMaskClick; a dialog as its 取消 would) and focus goes back to the
 * control that had it before.
 */

const MODAL_ROOTS = '.adm-popup, .adm-center-popup';
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Open {
  root: HTMLElement;
  returnTo: HTMLElement | null;
  /** It has been fully open: from then on, a part that stops taking pointer events is closing. */
  settled: boolean;
}

const stack: Open[] = [];
/** Let go of while still sliding out: not taken up again until it is fully open once more. */
const released = new WeakSet<HTMLElement>();

/** The part antd-mobile animates: it takes pointer events only while fully open. */
function animatedOf(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>(':scope > .adm-popup-body, :scope > .adm-center-popup-wrap > div');
}

function isShown(root: HTMLElement): boolean {
  return root.isConnected && root.style.display !== 'none' && root.getClientRects().length > 0;
}

/**
 * Open, opening, or closed; a modal sliding out counts as closed at once, so focus is handed back (and not pulled
 * into it) while it animates away.
 */
function isOpen(root: HTMLElement, open?: Open): boolean {
  if (!isShown(root)) return false;
  const interactive = animatedOf(root)?.style.pointerEvents !== 'none';
  if (open && interactive) open.settled = true;
  return interactive || !open?.settled;
}

/** The part of an open modal that holds its content (the mask is not part of it). */
function bodyOf(root: HTMLElement): HTMLElement {
  return root.querySelector<HTMLElement>(':scope > .adm-popup-body, :scope > .adm-center-popup-wrap') ?? root;
}

function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(bodyOf(root).querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (e) => e.checkVisibility({ visibilityProperty: true }) && !e.closest('[inert]'),
  );
}

function focusInto(root: HTMLElement): void {
  const body = bodyOf(root);
  if (body.contains(document.activeElement)) return;
  const first = tabbables(root)[0];
  if (first) first.focus();
  else {
    body.tabIndex = -1;
    body.focus();
  }
}

let names = 0;

/**
 * A dialog needs a name (WCAG 4.1.2): one opened without an aria-label (a Dialog.confirm with only its question) is
 * named by its title, or else by its question.
 */
function nameDialog(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLElement>('[role="dialog"]');
  if (!dialog || dialog.getAttribute('aria-label') || dialog.getAttribute('aria-labelledby')) return;
  const label = dialog.querySelector<HTMLElement>('.adm-dialog-title') ?? dialog.querySelector('.adm-dialog-content');
  if (!label) return;
  label.id ||= `dialog-name-${++names}`;
  dialog.setAttribute('aria-labelledby', label.id);
}

/** Let go of and not yet fully open again: sliding out (or back in). */
function sliding(root: HTMLElement): boolean {
  return released.has(root) && animatedOf(root)?.style.pointerEvents === 'none';
}

/** The app's own tree; modals, toasts and the live region are portalled beside it, into <body>. */
function setBackgroundInert(inert: boolean): void {
  const app = document.getElementById('root');
  if (app && app.inert !== inert) app.inert = inert;
}

/** Compares what is open with what we track: newly opened ones take focus, closed ones give it back. */
function sync(): void {
  const shown = Array.from(document.querySelectorAll<HTMLElement>(MODAL_ROOTS)).filter((root) =>
    isOpen(
      root,
      stack.find((o) => o.root === root),
    ),
  );
  // Behind an open modal the app is inert (WCAG 2.4.3, 4.1.2): a screen reader, Tab and a tap reach only the modal.
  // Lifted before focus goes back below (an inert control cannot take it), set once the control to return to is known.
  // (One released and still sliding out is shown but not open.)
  if (!shown.some((root) => !sliding(root))) setBackgroundInert(false);
  // Closed (closing, hidden or removed): give focus back, newest first.
  for (let i = stack.length - 1; i >= 0; i--) {
    const open = stack[i]!;
    if (shown.includes(open.root)) continue;
    stack.splice(i, 1);
    if (isShown(open.root)) released.add(open.root);
    const active = document.activeElement;
    if (!active || active === document.body || open.root.contains(active)) {
      const back = open.returnTo?.isConnected ? open.returnTo : document.querySelector<HTMLElement>('main');
      back?.focus({ preventScroll: false });
    }
  }
  for (const root of shown) {
    if (stack.some((o) => o.root === root)) continue;
    if (sliding(root)) continue;
    released.delete(root);
    nameDialog(root);
    const active = document.activeElement;
    stack.push({
      root,
      returnTo: active instanceof HTMLElement && active !== document.body ? active : null,
      settled: false,
    });
    // Wait for the content to render (React commits it in the same task; antd-mobile's images and lists later).
    requestAnimationFrame(() => {
      if (stack.at(-1)?.root === root) focusInto(root);
    });
  }
  setBackgroundInert(stack.length > 0);
}

function close(root: HTMLElement): void {
  if (root.classList.contains('adm-center-popup') && root.querySelector('.adm-dialog-body')) {
    // Dialog.confirm resolves false (as 取消 does) when closed this way. A dialog is open, so Dialog itself is
    // loaded already: this import only fetches its tiny wrapper (the first time).
    void import('../lib/dialog').then(({ Dialog }) => Dialog.clear());
    return;
  }
  root.querySelector<HTMLElement>(':scope > .adm-mask .adm-mask-aria-button')?.click();
}

function onKeyDown(e: KeyboardEvent): void {
  const top = stack.at(-1);
  if (!top || !isOpen(top.root, top)) return;
  if (e.key === 'Escape') {
    e.preventDefault();
    close(top.root);
    return;
  }
  if (e.key !== 'Tab') return;
  const items = tabbables(top.root);
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items.at(-1)!;
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && bodyOf(top.root).contains(active);
  if (e.shiftKey && (!inside || active === first)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || active === last)) {
    e.preventDefault();
    first.focus();
  }
}

/** Focus that lands behind an open modal (a click on the page, a screen reader's jump) is brought back into it. */
function onFocusIn(e: FocusEvent): void {
  const top = stack.at(-1);
  if (!top || !isOpen(top.root, top)) return;
  const target = e.target as Node | null;
  if (target && !bodyOf(top.root).contains(target) && !target.parentElement?.closest('.adm-toast-mask'))
    focusInto(top.root);
}

let installed = false;

export function installModalFocus(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('focusin', onFocusIn, true);
  new MutationObserver(sync).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style'],
  });
  // A popup may already be open (installed on the first key press, or after the page's first seconds).
  sync();
}
