import type { ReactElement } from 'react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _trove_root?: Root };

let installed = false;

/**
 * antd-mobile's imperative parts (Toast, Dialog) render nothing under React 19 until they are
 * given a createRoot-based render (antd-mobile guide "v5-for-19"). Its own fallback render (rc-util,
 * with a regenerator runtime) is not needed by the first screen, so this module is a chunk of its own:
 * lib/toast.ts installs it before any toast, and every screen but "/" before it shows (app/screen-host.tsx).
 */
export function installAntdMobileRender(): void {
  if (installed) return;
  installed = true;
  unstableSetRender((node: ReactElement, container: Container) => {
    container._trove_root ??= createRoot(container);
    const root = container._trove_root;
    live.add(container);
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      unmount(container, root);
    };
  });
}

/** The containers whose toast or dialog is still drawn. */
const live = new Set<Container>();

function unmount(container: Container, root: Root) {
  if (container._trove_root !== root) return; // already gone (see unmountAntdMobileParts)
  root.unmount();
  delete container._trove_root;
  live.delete(container);
}

/**
 * Takes down every toast and dialog still drawn, at once. For the screen tests' clean-up: a toast closes itself on a
 * timer, which would otherwise fire after its test file's document has gone.
 */
export function unmountAntdMobileParts(): void {
  for (const container of live) unmount(container, container._trove_root!);
}
