import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/auth-storage';
import { testUser } from '../../testing/fixtures';
import { mockRoutes, requestsTo, screenRoutes, type FetchMock } from '../../testing/screen-test';
import { PushSwitch } from './push-switch';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

let fetchMock: FetchMock;
let permission: NotificationPermission;
let current: { endpoint: string; toJSON(): unknown; unsubscribe: () => Promise<boolean> } | null;
const requestPermission = vi.fn(async () => permission);
const subscribe = vi.fn(async () => {
  current = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    toJSON: () => ({ keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
  return current;
});

/** The button named `name`, once it is no longer loading (it is made again when it stops). */
async function ready(name: string) {
  await waitFor(() =>
    expect(screen.getByRole('button', { name }).classList.contains('adm-button-loading')).toBe(false),
  );
  return screen.getByRole('button', { name });
}

const renderAt = screenRoutes([{ path: '/my/notify', element: <PushSwitch /> }]);

beforeEach(() => {
  writeSession({ token: 'tok_0123456789abcdef', user: testUser, authority: ['user'] });
  permission = 'granted';
  current = null;
  requestPermission.mockClear();
  subscribe.mockClear();
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  fetchMock = mockRoutes(() => (url) => {
    if (url.pathname === '/api/push/key') return { code: 200, data: { publicKey: KEY } };
    if (url.pathname === '/api/push/subscribe')
      return { code: 200, data: { id: 'psub_1', userAgent: 'x', createdAt: '' } };
    if (url.pathname === '/api/push/unsubscribe') return { code: 200, data: { removed: 1 } };
    return undefined;
  });
});

describe('/my/notify: 開啟推送通知', () => {
  it('asks for permission only when the button is clicked, then posts the subscription', async () => {
    renderAt('/my/notify');
    const on = await ready('開啟推送通知');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(on));
    await screen.findByRole('button', { name: '關閉推送通知' });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const sent = fetchMock.mock.calls.find(([u]) => u.startsWith('/api/push/subscribe'))!;
    expect(JSON.parse(sent[1].body as string)).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    });

    await act(async () => fireEvent.click(await ready('關閉推送通知')));
    await screen.findByRole('button', { name: '開啟推送通知' });
    expect(requestsTo(fetchMock, 'push/unsubscribe')).toHaveLength(1);
  });

  it('says how to allow notifications when the user refuses, and posts nothing', async () => {
    permission = 'denied';
    renderAt('/my/notify');
    const on = await ready('開啟推送通知');
    await act(async () => fireEvent.click(on));
    // Its own status line (the app's announcer is a status region too).
    expect(await screen.findByText(/你已拒絕通知權限/, { selector: '[role="status"]' })).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
    expect(requestsTo(fetchMock, 'push/subscribe')).toEqual([]);
  });
});
