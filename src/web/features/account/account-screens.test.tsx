import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_PRESETS } from '../../../shared/avatars';
import type { User } from '../../../shared/schemas/auth';
import { readSession, writeSession } from '../../lib/auth-storage';
import { testUser } from '../../testing/fixtures';
import { envelope, mockFetch, ok, screenRoutes, requestsTo, type FetchMock } from '../../testing/screen-test';
import AvatarScreen from './avatar-screen';
import EditScreen from './edit-screen';
import MyScreen from './my-screen';
import PhoneScreen from './phone-screen';

let fetchMock: FetchMock;
let user: User;
const bodyOf = (path: string) =>
  JSON.parse(fetchMock.mock.calls.filter(([u]) => u.startsWith(`/api/${path}`)).at(-1)![1].body as string) as Record<
    string,
    unknown
  >;
const requested = (path: string) => requestsTo(fetchMock, path);

const renderAt = screenRoutes([
  { path: '/my', element: <MyScreen /> },
  { path: '/my/edit', element: <EditScreen /> },
  { path: '/my/avatar', element: <AvatarScreen /> },
  { path: '/my/phone', element: <PhoneScreen /> },
]);

beforeEach(() => {
  localStorage.clear();
  user = { ...testUser, bio: '舊簡介' };
  writeSession({ token: 'tok_0123456789abcdef', user, authority: ['user'] });
  fetchMock = mockFetch((u, init) => {
    const url = new URL(u, 'http://x');
    switch (url.pathname) {
      case '/api/user/info':
        return ok(user);
      case '/api/user/updateInfo':
        user = { ...user, ...JSON.parse(init.body as string) };
        return ok(user, '資料已更新');
      case '/api/user/avatarOptions':
        return ok([
          ...AVATAR_PRESETS.map((p) => ({ ...p, kind: 'preset' })),
          { image: '/media/cards/fire.svg', label: '火龍', kind: 'card' },
        ]);
      case '/api/user/avatarUpload':
        user = { ...user, avatar: '/uploads/avatar/ava_PHOTO.webp' };
        return ok(user, '頭像已更新');
      case '/api/portfolio/summary':
        return ok({
          items: 3,
          priced: 2,
          cost: 10_000,
          value: 27_000,
          unrealised: 17_000,
          realised: 0,
          change: 1_000,
          changeSince: '2026-11-21',
          themes: [],
          list: [],
        });
      case '/api/sms/authSend':
      case '/api/sms/send':
        return ok({ resendAfterSeconds: 60 });
      case '/api/user/updatePhone': {
        const body = JSON.parse(init.body as string) as { code: string; phone: string };
        if (body.code === '000000') return envelope(409, '此手機號碼已被其他帳戶使用，請使用另一個號碼', null);
        user = { ...user, phone: body.phone, phoneMasked: '+852 6***5678' };
        return ok(user);
      }
      default:
        return undefined;
    }
  });
});

describe('/my', () => {
  it('links to every account, delivery and settings screen', async () => {
    renderAt('/my');
    for (const [name, href] of [
      ['我的實物', '/my/entity'],
      ['提貨訂單', '/my/entity/order'],
      ['收貨地址', '/my/address'],
      ['編輯資料', '/my/edit'],
      ['更換頭像', '/my/avatar'],
      ['更換手機號碼', '/my/phone'],
    ]) {
      expect((await screen.findByRole('link', { name: name! })).getAttribute('href')).toBe(href);
    }
  });
});

describe('/my 收藏估值', () => {
  it('shows the collection value and its change since the last snapshot in one line, linking to the full view', async () => {
    renderAt('/my');
    const line = await screen.findByRole('link', { name: /收藏估值/ });
    expect(line.getAttribute('href')).toBe('/my/collection');
    expect(await screen.findByText('HK$270.00（+HK$10.00）')).toBeTruthy();
  });
});

describe('/my/edit', () => {
  it('saves nickname and bio, stores the new profile and goes back to /my', async () => {
    const router = renderAt('/my/edit');
    const nickname = (await screen.findByLabelText('暱稱')) as HTMLInputElement;
    expect(nickname.value).toBe('阿寶');
    fireEvent.change(nickname, { target: { value: '集卡達人' } });
    fireEvent.change(screen.getByLabelText('簡介'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    // An empty bio is allowed (it clears it).
    expect(bodyOf('user/updateInfo')).toEqual({ nickname: '集卡達人', bio: '' });
    expect(readSession()!.user.nickname).toBe('集卡達人');
    expect(await screen.findByText('集卡達人')).toBeTruthy();
  });

  it('refuses a one-character nickname with the shared message, sending nothing', async () => {
    renderAt('/my/edit');
    fireEvent.change(await screen.findByLabelText('暱稱'), { target: { value: '阿' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存' }));
    });
    expect(await screen.findByText('暱稱需為 2 至 20 個字')).toBeTruthy();
    expect(requested('user/updateInfo')).toHaveLength(0);
  });
});

describe('/my/avatar', () => {
  it('offers presets and held cards as radio choices, and saves the one picked', async () => {
    const router = renderAt('/my/avatar');
    const card = await screen.findByRole('radio', { name: '火龍' });
    expect(screen.getAllByRole('radio')).toHaveLength(AVATAR_PRESETS.length + 1);
    const save = screen.getByRole('button', { name: '儲存頭像' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(card);
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    expect(bodyOf('user/updateInfo')).toEqual({ avatar: '/media/cards/fire.svg' });
    expect(readSession()!.user.avatar).toBe('/media/cards/fire.svg');
  });
});

describe('/my/avatar photo', () => {
  const choose = (file: File) =>
    act(async () => {
      fireEvent.change(screen.getByLabelText('上載相片'), { target: { files: [file] } });
    });

  it('uploads a photo as a form with its file, and makes it the avatar at once', async () => {
    const router = renderAt('/my/avatar');
    const input = (await screen.findByLabelText('上載相片')) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.getAttribute('aria-describedby')).toBe('avatar-upload-hint');
    await choose(new File([new Uint8Array([1, 2, 3])], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/user/avatarUpload')!;
    expect(init.body).toBeInstanceOf(FormData);
    expect(((init.body as FormData).get('file') as File).name).toBe('me.jpg');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(readSession()!.user.avatar).toBe('/uploads/avatar/ava_PHOTO.webp');
  });

  it('refuses a photo over 5 MB on the device, without sending it', async () => {
    renderAt('/my/avatar');
    await screen.findByLabelText('上載相片');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await choose(big);
    expect(requested('user/avatarUpload')).toHaveLength(0);
  });
});

describe('/my/phone', () => {
  it('sends a code to the current phone (authSend) and to the new one (send), then changes the phone', async () => {
    const router = renderAt('/my/phone');
    expect(screen.getByText('目前手機號碼：+852 9***4567')).toBeTruthy();
    const [oldButton, newButton] = screen.getAllByRole('button', { name: '獲取驗證碼' });
    await act(async () => {
      fireEvent.click(oldButton!);
    });
    expect(bodyOf('sms/authSend')).toEqual({ purpose: 'change_phone_old' });
    expect(screen.getByRole('button', { name: '60 秒後可重發' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新手機號碼'), { target: { value: '6123 5678' } });
    await act(async () => {
      fireEvent.click(newButton!);
    });
    await waitFor(() => expect(requested('sms/send')).toHaveLength(1));
    expect(bodyOf('sms/send')).toEqual({ phone: '+85261235678', purpose: 'change_phone' });
    fireEvent.change(screen.getByLabelText('目前號碼的驗證碼'), { target: { value: '111111' } });
    fireEvent.change(screen.getByLabelText('新號碼的驗證碼'), { target: { value: '222222' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '更換手機號碼' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    expect(bodyOf('user/updatePhone')).toEqual({ authCode: '111111', phone: '+85261235678', code: '222222' });
    expect(readSession()!.user.phone).toBe('+85261235678');
  });

  it('stays on the screen when the number is refused', async () => {
    const router = renderAt('/my/phone');
    fireEvent.change(screen.getByLabelText('目前號碼的驗證碼'), { target: { value: '111111' } });
    fireEvent.change(screen.getByLabelText('新手機號碼'), { target: { value: '6123 5678' } });
    fireEvent.change(screen.getByLabelText('新號碼的驗證碼'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '更換手機號碼' }));
    });
    await waitFor(() => expect(requested('user/updatePhone')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/my/phone');
    expect(readSession()!.user.phone).toBe(testUser.phone);
  });
});
