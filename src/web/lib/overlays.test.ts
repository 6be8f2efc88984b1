import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocale } from './locale-store';
import { loadOverlays } from './overlays';

describe('loadOverlays', () => {
  it('gives Dialog and Popup only once the zh-HK locale is in (the screens a link opens show before it)', async () => {
    const hook = renderHook(() => useLocale());
    expect(hook.result.current).toBeUndefined();
    const overlays = await loadOverlays();
    expect(overlays.Popup).toBeDefined();
    hook.rerender();
    expect(hook.result.current?.locale).toBe('zh-HK');
  });
});
