import { useSyncExternalStore } from 'react';
import type { locale as Locale } from './locale';

/*
 * antd-mobile's zh-HK strings (with our additions, ./locale) are a chunk of their own: the home screen shows
 * none of them, and the rest of the app waits for them (screen-host.tsx) before a screen shows, so no
 * control ever renders in another language. The screens marked `localeLater` (app/screens.ts) show none in their
 * first view either: they load the strings with their antd-mobile parts (`withLocale`, and the popups and dialogs of
 * lib/overlays.ts).
 */
let current: typeof Locale | undefined;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the zh-HK locale once; resolves when the app's ConfigProvider has it. */
export function loadLocale(): Promise<void> {
  loading ??= import('./locale').then(
    (m) => {
      current = m.locale;
      listeners.forEach((l) => l());
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Loads `load` (a chunk with antd-mobile parts) and the locale together: for the parts of a screen that shows before
 * the locale (`localeLater` in screens.ts), so none of them renders in another language.
 */
export function withLocale<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadLocale()]).then(([m]) => m);
}

/** The zh-HK locale once loaded (undefined before: antd-mobile's default). */
export function useLocale(): typeof Locale | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
