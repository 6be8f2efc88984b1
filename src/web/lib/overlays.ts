import type { DialogConfirmProps } from 'antd-mobile';
import { withLocale } from './locale-store';
import { loadToast } from './request';

/**
 * antd-mobile's Dialog and Popup, loaded on first use: the screens a shared link opens show before the load event
 * without them (decision 035), and the React 19 render an imperative dialog needs comes with the toast module
 * (lib/toast.ts), asked for at the same time. With the zh-HK locale: a popup's mask is named from it, and those screens
 * show before it (`localeLater`, app/screens.ts).
 */
export const loadOverlays = () =>
  withLocale(() => Promise.all([import('./antd-overlays'), loadToast()])).then(([overlays]) => overlays);

/** `Dialog.confirm`, once its code is in: true when confirmed. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { Dialog } = await loadOverlays();
  return Dialog.confirm(props);
}
