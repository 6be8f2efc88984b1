import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../lib/auth-storage';
import { testUser } from '../../testing/fixtures';
import { envelope, mockFetch, ok, screenRoutes, type FetchMock } from '../../testing/screen-test';
import LoginScreen from './login-screen';

const session = {
  token: 'tok_session_0123456789',
  user: testUser,
  authority: ['user'],
};

let fetchMock: FetchMock;

const renderAt = screenRoutes([
  { path: '/login', element: <LoginScreen /> },
  { path: '/', element: <p>首頁內容</p> },
]);

beforeEach(() => {
  localStorage.clear();
  fetchMock = mockFetch((url) => {
    if (url === '/api/user/login' || url === '/api/user/loginByToken') return ok(session);
    if (url === '/api/sms/send') return ok({ resendAfterSeconds: 60 });
    return envelope(404, '找不到此介面', null);
  });
});

describe('login screen', () => {
  it('signs in with phone + code, stores the session and goes to "/"', async () => {
    const router = renderAt('/login');
    fireEvent.change(await screen.findByLabelText('手機號碼'), { target: { value: '9123 4567' } });
    fireEvent.change(screen.getByLabelText('驗證碼'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '登入' }));
    });

    await screen.findByText('首頁內容');
    expect(router.state.location.pathname).toBe('/');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/login')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ phone: '+85291234567', code: '123456' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({ token: 'tok_session_0123456789' });
  });

  it('shows the zh-HK message of the shared schema and does not call the server for a bad number', async () => {
    const router = renderAt('/login');
    fireEvent.change(await screen.findByLabelText('手機號碼'), { target: { value: '2123 4567' } });
    fireEvent.change(screen.getByLabelText('驗證碼'), { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '登入' }));
    });
    expect(await screen.findByText('請輸入有效的香港、澳門或中國內地手機號碼')).toBeTruthy();
    expect(await screen.findByText('驗證碼為 6 位數字')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('uses ?token= at once (user/loginByToken) and goes to "/"', async () => {
    const router = renderAt('/login?token=lt_abcdefghijklmnopqrstuvwxyz');
    await screen.findByText('首頁內容');
    expect(router.state.location.pathname).toBe('/');
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/user/loginByToken');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]![1].body as string)).toEqual({ token: 'lt_abcdefghijklmnopqrstuvwxyz' });
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
  });

  it('sends the code to the E.164 number with purpose login and counts down', async () => {
    renderAt('/login');
    fireEvent.change(await screen.findByLabelText('手機號碼'), { target: { value: '66123456' } });
    fireEvent.change(screen.getByLabelText('地區'), { target: { value: 'MO' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '獲取驗證碼' }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sms/send');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '+85366123456', purpose: 'login' });
    expect(await screen.findByRole('button', { name: /60 秒後可重發/ })).toBeTruthy();
  });
});
