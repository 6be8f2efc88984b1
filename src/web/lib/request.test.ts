import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { AUTHORITY_KEY, SESSION_KEY } from './auth-storage';
import { setNavigator } from './navigation';
import { FIRST_ANSWERS_ID, FIRST_ANSWERS_MAX_AGE_MS } from '../../shared/first-answers';
import { encodeQuery, get, isFailure, loadToast, post, postWithMsg, resetFirstAnswers } from './request';
import { stores } from './stores';

type FetchArgs = [string, RequestInit];

let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let navigate: Mock<(to: string, opts?: { replace?: boolean }) => void>;
let undoNavigator: () => void;
let show: ReturnType<typeof vi.spyOn>;
let clear: ReturnType<typeof vi.spyOn>;

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lastCall = (): { url: string; init: RequestInit; headers: Record<string, string> } => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, init, headers: init.headers as Record<string, string> };
};

const session = { token: 'tok_abc123', user: { id: 'usr_1' }, authority: ['user'] };

beforeEach(async () => {
  // The toast is a chunk of its own (see request.ts); once it is here every toast is synchronous.
  await loadToast();
  localStorage.clear();
  fetchMock = vi.fn(async () => answer({ code: 200, msg: '', data: { ok: true } }));
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn();
  undoNavigator = setNavigator(navigate);
  show = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => {} }));
  clear = vi.spyOn(Toast, 'clear').mockImplementation(() => {});
});

afterEach(() => {
  undoNavigator();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('request client (seed §7, §8)', () => {
  it('puts every path under /api/', async () => {
    await get('user/info');
    expect(lastCall().url).toBe('/api/user/info');
  });

  it('writes one-level nested objects as name[key]=value', async () => {
    await get('market/list', { filter: { rarity: 'SSR', theme: 't_1' }, page: 2 });
    expect(lastCall().url).toBe('/api/market/list?filter[rarity]=SSR&filter[theme]=t_1&page=2');
    expect(encodeQuery({ a: { b: 'x y' } })).toBe('a[b]=x%20y');
  });

  it('skips null (and undefined) values, also inside nested objects', async () => {
    await get('goods/list', { type: 0, sell_type: null, page: undefined, f: { a: null, b: 1 } });
    expect(lastCall().url).toBe('/api/goods/list?type=0&f[b]=1');
  });

  it('POST sends a JSON body, and GET sends none', async () => {
    await post('user/login', { phone: '+85291234567', code: '123456' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '+85291234567', code: '123456' });

    await get('banner', { a: 1 });
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().init.body).toBeUndefined();
  });

  it('sends extra headers (Idempotency-Key) without replacing the defaults', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    await post(
      'payOrder/create',
      { type: 'card' },
      { headers: { 'Idempotency-Key': 'key-123456', Authorization: 'Bearer forged' } },
    );
    const { headers } = lastCall();
    expect(headers['Idempotency-Key']).toBe('key-123456');
    expect(headers.Authorization).toBe('Bearer tok_abc123');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('POST without a body (user/logout) sends no body and no JSON content type', async () => {
    await post('user/logout');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers['Content-Type']).toBeUndefined();
  });

  it('includes credentials', async () => {
    await get('banner');
    expect(lastCall().init.credentials).toBe('include');
  });

  it('sends the language header zh_HK', async () => {
    await get('banner');
    expect(lastCall().headers['Accept-Language']).toBe('zh_HK');
    expect(lastCall().headers.lang).toBe('zh_HK');
  });

  it('sends Authorization: Bearer <token> when the sign-in record has a token', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    await get('user/info');
    expect(lastCall().headers.Authorization).toBe('Bearer tok_abc123');
  });

  it('sends no Authorization header without a stored token', async () => {
    await get('user/info');
    expect(lastCall().headers).not.toHaveProperty('Authorization');
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user: {} }));
    await get('user/info');
    expect(lastCall().headers).not.toHaveProperty('Authorization');
  });

  it('gives up after 20 000 ms: the toast is cleared and the call yields the marker', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let settled: unknown = 'pending';
    const call = get('banner').then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBe('pending');
    expect(lastCall().init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(lastCall().init.signal!.aborted).toBe(true);
    expect(isFailure(settled)).toBe(true);
    expect(clear).toHaveBeenCalled();
    expect(show).toHaveBeenCalledTimes(1); // only the loading toast, no failure toast
  });

  it('shows a blocking loading toast with Chinese text and no auto-dismiss, cleared when the answer arrives', async () => {
    let release!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    const call = get('banner');
    expect(show).toHaveBeenCalledWith({ icon: 'loading', content: '載入中…', duration: 0, maskClickable: false });
    expect(clear).not.toHaveBeenCalled();
    release(answer({ code: 200, msg: '', data: [] }));
    await call;
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('keeps the loading toast until the last of several calls answers', async () => {
    const releases: ((r: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => releases.push(resolve)));
    const a = get('banner');
    const b = get('article/list');
    expect(show).toHaveBeenCalledTimes(1);
    releases[0]!(answer({ code: 200, msg: '', data: [] }));
    await a;
    expect(clear).not.toHaveBeenCalled();
    releases[1]!(answer({ code: 200, msg: '', data: [] }));
    await b;
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('shows no loading toast when the caller turns it off', async () => {
    const data = await get('payOrder/payCheck', { orderNo: 'PO1' }, { loading: false });
    expect(data).toEqual({ ok: true });
    expect(show).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();
  });

  it('resolves data on code 200', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: { id: 'a' } }));
    const data = await get<{ id: string }>('article/detail', { id: 'a' });
    expect(isFailure(data)).toBe(false);
    expect(data).toEqual({ id: 'a' });
  });

  it('postWithMsg answers the msg beside the data (the card exchange reads it, seed §4)', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '兌換成功', data: { cards: [] } }));
    expect(await postWithMsg('card/exchange', { code: 'X' })).toEqual({ data: { cards: [] }, msg: '兌換成功' });
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: { token: 't' } }));
    expect(await postWithMsg('card/exchange', { code: 'X' })).toEqual({ data: { token: 't' }, msg: '' });
  });

  it('on another code shows msg as a failure toast and yields the error marker', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 409, msg: '已售罄', data: null }, 409));
    const result = await post('payOrder/create', { type: 'card', cardInfoId: 'ci_1', quantity: 1 });
    expect(isFailure(result)).toBe(true);
    expect(result).toMatchObject({ code: 409, msg: '已售罄' });
    expect(show).toHaveBeenLastCalledWith({ icon: 'fail', content: '已售罄' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 403 for a normal call also logs out: storage cleared, go to /login', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    localStorage.setItem(AUTHORITY_KEY, JSON.stringify(['user']));
    stores.card.set('collection', [{ id: 'c1' }]);
    fetchMock.mockResolvedValueOnce(answer({ code: 403, msg: '請先登入', data: null }, 403));
    const result = await get('card/collection');
    expect(isFailure(result)).toBe(true);
    expect(show).toHaveBeenLastCalledWith({ icon: 'fail', content: '請先登入' });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(AUTHORITY_KEY)).toBeNull();
    expect(stores.card.get('collection')).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('on 403 for user/logout does not log out again', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    fetchMock.mockResolvedValueOnce(answer({ code: 403, msg: '請先登入', data: null }, 403));
    const result = await post('user/logout');
    expect(isFailure(result)).toBe(true);
    expect(show).toHaveBeenLastCalledWith({ icon: 'fail', content: '請先登入' });
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a network failure clears the toast and yields the marker silently', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const result = await get('banner');
    expect(isFailure(result)).toBe(true);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ icon: 'fail' }));
  });

  it('treats an answer that is not an envelope as a failure, silently', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const result = await get('banner');
    expect(isFailure(result)).toBe(true);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ icon: 'fail' }));
  });

  it('stores a list response whose data is not an array as an empty list', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: { rows: [1, 2] } }));
    stores.market.set('sellList', [{ id: 'old' }]);
    const result = await get('market/list', { sell_type: 0 });
    if (!isFailure(result)) stores.market.set('sellList', result);
    expect(stores.market.get('sellList')).toEqual([]);

    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: [{ id: 'l1' }] }));
    const rows = await get('market/list', { sell_type: 0 });
    if (!isFailure(rows)) stores.market.set('sellList', rows);
    expect(stores.market.get('sellList')).toEqual([{ id: 'l1' }]);
  });
});

describe('the toast before its chunk has arrived (first call of a visit)', () => {
  it('shows the loading toast when the chunk arrives if the call is still waiting', async () => {
    vi.resetModules();
    const fresh = await import('./request');
    let release!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    const call = fresh.get('banner');
    await fresh.loadToast();
    expect(show).toHaveBeenCalledWith({ icon: 'loading', content: '載入中…', duration: 0, maskClickable: false });
    release(answer({ code: 200, msg: '', data: [] }));
    await call;
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('shows no loading toast once the answer came first, and still shows a failure toast before the call yields', async () => {
    vi.resetModules();
    const fresh = await import('./request');
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: [] }));
    await fresh.get('banner');
    await fresh.loadToast();
    expect(show).not.toHaveBeenCalled();

    vi.resetModules();
    const again = await import('./request');
    fetchMock.mockResolvedValueOnce(answer({ code: 409, msg: '已售罄', data: null }, 409));
    const result = await again.post('payOrder/create', { type: 'card' }, { loading: false });
    expect(again.isFailure(result)).toBe(true);
    expect(show).toHaveBeenCalledWith({ icon: 'fail', content: '已售罄' });
  });
});

describe("the page's first answers (embedded by the server)", () => {
  const url = '/api/cardInfo/list?page=1&pageSize=10&onSale=1';
  const embed = (answers: unknown) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_ANSWERS_ID;
    block.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
    document.body.append(block);
    resetFirstAnswers();
  };
  afterEach(() => {
    document.getElementById(FIRST_ANSWERS_ID)?.remove();
    resetFirstAnswers();
  });

  it('answers the exact GET from the page once, without a call or a toast; the next one asks the server', async () => {
    embed({ [url]: { code: 200, msg: '', data: [{ id: 'ci_1' }] } });
    expect(await get('cardInfo/list', { page: 1, pageSize: 10, onSale: 1 })).toEqual([{ id: 'ci_1' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
    // Read once: the block leaves the page.
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(await get('cardInfo/list', { page: 1, pageSize: 10, onSale: 1 })).toEqual({ ok: true });
    expect(lastCall().url).toBe(url);
  });

  it('answers a signed-in visitor too (public answers are the same for every caller)', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    embed({ [url]: { code: 200, msg: '', data: [{ id: 'ci_1' }] } });
    expect(await get('cardInfo/list', { page: 1, pageSize: 10, onSale: 1 })).toEqual([{ id: 'ci_1' }]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server for any other URL, a POST, a failure in the page, an unreadable block, or a late first call', async () => {
    embed({ [url]: { code: 200, msg: '', data: [] }, '/api/banner': { code: 500, msg: 'x', data: null } });
    await get('cardInfo/list', { page: 1, pageSize: 20, onSale: 1 });
    expect(lastCall().url).toBe('/api/cardInfo/list?page=1&pageSize=20&onSale=1');
    await post('cardInfo/list', { page: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await get('banner')).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    embed('{"broken');
    await get('cardInfo/list', { page: 1, pageSize: 10, onSale: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(4);

    embed({ [url]: { code: 200, msg: '', data: [] } });
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_ANSWERS_MAX_AGE_MS + 1);
    await get('cardInfo/list', { page: 1, pageSize: 10, onSale: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});
