import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocale, withLocale } from './locale-store';

describe('withLocale', () => {
  it('resolves with the chunk only once the zh-HK locale is in (so its parts never render in another language)', async () => {
    const hook = renderHook(() => useLocale());
    expect(hook.result.current).toBeUndefined();
    const chunk = { part: 'form' };
    await expect(withLocale(() => Promise.resolve(chunk))).resolves.toBe(chunk);
    hook.rerender();
    expect(hook.result.current?.locale).toBe('zh-HK');
  });

  it('fails when the chunk fails', async () => {
    await expect(withLocale(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
