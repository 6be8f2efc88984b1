import { useInvalidate } from '@refinedev/core';
import { message } from 'antd';
import { call } from '../lib/api';

/** POST `<resource>/delete {id}`, then the lists refresh; a refusal (409) throws its message. */
export function useRemove(resource: string, noun: string) {
  const invalidate = useInvalidate();
  return async (id: string) => {
    await call('POST', `${resource}/delete`, { body: { id } });
    message.success(`已刪除${noun}`);
    await invalidate({ resource, invalidates: ['list'] });
  };
}

/** POST `<resource>/<action>` with a body, success message, lists refreshed. */
export function useAction(resource: string) {
  const invalidate = useInvalidate();
  return async (action: string, body: Record<string, unknown>, done: string, also: string[] = []) => {
    await call('POST', `${resource}/${action}`, { body });
    message.success(done);
    for (const r of [resource, ...also]) await invalidate({ resource: r, invalidates: ['list', 'detail'] });
  };
}
