import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withCheckCharacter } from '../../../shared/exchange-code';
import { AUTHORITY_KEY, SESSION_KEY } from '../../lib/auth-storage';
import { testUser } from '../../testing/fixtures';
import { envelope, mockFetch, ok, screenRoutes, type FetchMock } from '../../testing/screen-test';
import CardScreen from './card-screen';

const require = createRequire(import.meta.url);
const CODE = withCheckCharacter('7K3MQ2ZX9A8BC4DE');
const WRONG = CODE.slice(0, 16) + (CODE[16] === '0' ? '1' : '0');
const user = { ...testUser, nickname: '寶庫會員4567' };
const card = {
  id: 'card_1',
  cardInfoId: 'ci_1',
  name: '火龍',
  image: '/media/ci_1.svg',
  rarity: 'SR',
  serial: 12,
  editionSize: 1000,
  serialLabel: '#0012/1000',
};

let fetchMock: FetchMock;
let answer: { code: number; msg: string; data: unknown };

const renderAt = screenRoutes([
  { path: '/my/card', element: <CardScreen /> },
  { path: '/', element: <p>首頁內容</p> },
]);

const typeCode = (value: string) => fireEvent.change(screen.getByLabelText('兌換碼'), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  answer = { code: 200, msg: '', data: { cards: [card], token: 'tok_new_session_0123', user, authority: ['user'] } };
  fetchMock = mockFetch((url) => {
    if (url === '/api/card/exchange') return envelope(answer.code, answer.msg, answer.data);
    if (url === '/api/sms/send') return ok({ resendAfterSeconds: 60 }, '驗證碼已發送');
    // The QR polyfill's WebAssembly reader, which the app serves itself.
    if (url.endsWith('.wasm'))
      return new Response(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')), {
        headers: { 'Content-Type': 'application/wasm' },
      });
    return undefined;
  });
});

describe('/my/card', () => {
  it('checks the code while typing: counts, catches a wrong check character, accepts a right one', async () => {
    renderAt('/my/card');
    const submit = () => screen.getByRole('button', { name: '兌換並登入' }) as HTMLButtonElement;
    typeCode('7k3m-q2');
    expect(screen.getByText('已輸入 6 / 17 個字元')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    typeCode(WRONG);
    expect(screen.getByRole('alert').textContent).toBe('兌換碼有誤，請檢查後再輸入');
    expect(submit().disabled).toBe(true);
    typeCode(CODE.toLowerCase());
    expect(screen.getByText('兌換碼格式正確')).toBeTruthy();
    expect((screen.getByLabelText('兌換碼') as HTMLInputElement).value).toBe('7K3M-Q2ZX-9A8B-C4DE-' + CODE[16]);
    expect(submit().disabled).toBe(false);
  });

  it('hides the camera scan where the browser has no camera API', () => {
    renderAt('/my/card');
    expect(screen.queryByRole('button', { name: /掃描 QR 碼/ })).toBeNull();
  });

  it('scans without a native BarcodeDetector (iPhone Safari, Firefox): the polyfill loads when the scanner opens', async () => {
    expect('BarcodeDetector' in globalThis).toBe(false);
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    renderAt('/my/card');
    fireEvent.click(screen.getByRole('button', { name: /掃描 QR 碼/ }));
    // The polyfill loaded, then the camera was asked for (and refused here). Loading it means transforming the
    // polyfill and its reader on first use, which takes seconds while the rest of the suite runs beside it.
    expect(
      await screen.findByText('未能使用相機，請在瀏覽器設定允許使用相機，或直接輸入兌換碼。', {}, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    // Its reader comes from this app, not from a CDN.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('.wasm') && !/^https?:/.test(String(u)))).toBe(true),
    );
  });

  it('signed out: sends the SMS with purpose exchange, then stores the session of an answer without msg and goes to "/"', async () => {
    const router = renderAt(`/my/card?code=${CODE}`);
    fireEvent.change(screen.getByLabelText('手機號碼'), { target: { value: '9123 4567' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '獲取驗證碼' }));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/sms/send')).toBe(true));
    const sms = fetchMock.mock.calls.find(([url]) => url === '/api/sms/send')!;
    expect(JSON.parse(sms[1].body as string)).toEqual({ phone: '+85291234567', purpose: 'exchange' });

    fireEvent.change(screen.getByLabelText('驗證碼'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '兌換並登入' }));
    });
    await screen.findByText('首頁內容');
    expect(router.state.location.pathname).toBe('/');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/card/exchange')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ code: CODE, phone: '+85291234567', smsCode: '123456' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({ token: 'tok_new_session_0123' });
    expect(JSON.parse(localStorage.getItem(AUTHORITY_KEY)!)).toEqual(['user']);
  });

  it('signed out: asks for the phone and SMS code before calling the server', async () => {
    renderAt(`/my/card?code=${CODE}`);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '兌換並登入' }));
    });
    expect(screen.getByText('請輸入手機號碼')).toBeTruthy();
    expect(screen.getByText('請輸入驗證碼')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed in: sends only the code, keeps the session and shows the new cards', async () => {
    const stored = JSON.stringify({ token: 'tok_existing_0123456', user, authority: ['user'] });
    localStorage.setItem(SESSION_KEY, stored);
    answer = { code: 200, msg: '兌換成功，獲得「火龍」#0012/1000', data: { cards: [card] } };
    const router = renderAt('/my/card');
    expect(screen.queryByLabelText('手機號碼')).toBeNull();
    typeCode(CODE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '兌換' }));
    });
    expect(await screen.findByText('兌換成功')).toBeTruthy();
    expect(screen.getByText('#0012/1000')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my/card');
    expect(localStorage.getItem(SESSION_KEY)).toBe(stored);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/card/exchange')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ code: CODE });
    expect((call[1].headers as Record<string, string>).Authorization).toBe('Bearer tok_existing_0123456');
  });

  it('does not store session data that comes with a msg (seed §4: only an answer without msg)', async () => {
    const stored = JSON.stringify({ token: 'tok_existing_0123456', user, authority: ['user'] });
    localStorage.setItem(SESSION_KEY, stored);
    answer = {
      code: 200,
      msg: '兌換成功',
      data: { cards: [card], token: 'tok_other_session_99', user, authority: ['user'] },
    };
    const router = renderAt('/my/card');
    typeCode(CODE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '兌換' }));
    });
    expect(await screen.findByText('#0012/1000')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my/card');
    expect(localStorage.getItem(SESSION_KEY)).toBe(stored);
  });

  it('stays on the form when the server refuses (the client shows the toast)', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok_existing_0123456', user, authority: ['user'] }));
    answer = { code: 409, msg: '此兌換碼已被使用或已失效', data: null };
    renderAt(`/my/card?code=${CODE}`);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '兌換' }));
    });
    await waitFor(() =>
      expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: '此兌換碼已被使用或已失效' })),
    );
    expect(screen.queryByText('兌換成功')).toBeNull();
    expect(screen.getByLabelText('兌換碼')).toBeTruthy();
  });
});
