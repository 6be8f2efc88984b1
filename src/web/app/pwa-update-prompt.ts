/** The question asked when a new version of the app is ready (its service worker is waiting). */
export const UPDATE_QUESTION = '有新版本，重新載入？';

let asking = false;

/**
 * Asks 「有新版本，重新載入？」 in antd-mobile's Dialog (a modal with its name, focus moved into it, Tab kept in it
 * and Escape as 稍後: app/modal-focus.ts) and, on 重新載入, runs `reload` (the waiting worker takes over and the
 * page reloads). Asked once per page, however often the worker reports.
 */
export async function askToReload(reload: () => Promise<void>): Promise<boolean> {
  if (asking) return false;
  asking = true;
  try {
    const [{ Dialog }, render, focus] = await Promise.all([
      import('../lib/dialog'),
      import('../lib/antd-render'),
      import('./modal-focus'),
    ]);
    render.installAntdMobileRender();
    focus.installModalFocus();
    const yes = await Dialog.confirm({
      title: '有新版本',
      content: UPDATE_QUESTION,
      confirmText: '重新載入',
      cancelText: '稍後',
    });
    if (yes) await reload();
    return yes;
  } finally {
    asking = false;
  }
}
