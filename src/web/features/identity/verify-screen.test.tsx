import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  mockRoutes,
  renderAt,
  requestsTo,
  resetScreenTest,
  type FetchMock,
  type Route,
} from '../../testing/screen-test';
import VerifyScreen from './verify-screen';

let routes: Route;
let fetchMock: FetchMock;
const identity = {
  idType: 'hkid',
  nameMasked: '陳*文',
  idNumberMasked: 'A12****(3)',
  status: 'verified',
  verifiedAt: '2026-11-22T04:00:00.000Z',
};

beforeEach(() => {
  fetchMock = mockRoutes(() => routes);
});
afterEach(resetScreenTest);

const show = () => renderAt([{ path: '/my/verify', element: <VerifyScreen /> }], '/my/verify');

describe('/my/verify', () => {
  it('checks the HKID check digit on the form, then sends the verification and shows only the masked record', async () => {
    routes = (u) => {
      if (u.pathname === '/api/userIdInfo/info') return { code: 200, data: null };
      if (u.pathname === '/api/userIdInfo/verify') return { code: 200, data: identity };
      if (u.pathname === '/api/user/info') return { code: 404, data: null };
      return undefined;
    };
    show();
    fireEvent.change(await screen.findByLabelText('證件上的姓名'), { target: { value: '陳大文' } });
    fireEvent.change(screen.getByLabelText('證件號碼'), { target: { value: 'A123456(4)' } });
    fireEvent.click(screen.getByRole('button', { name: '提交認證' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/香港身份證/);
    expect(requestsTo(fetchMock, 'userIdInfo/verify')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('證件號碼'), { target: { value: 'A123456(3)' } });
    fireEvent.click(screen.getByRole('button', { name: '提交認證' }));
    expect(await screen.findByText('已完成實名認證')).toBeTruthy();
    expect(screen.getByText('A12****(3)')).toBeTruthy();
    expect(screen.queryByText('陳大文')).toBeNull();
    const call = fetchMock.mock.calls.find(([u]) => u.includes('userIdInfo/verify'))!;
    expect(JSON.parse(call[1].body as string)).toEqual({ name: '陳大文', idType: 'hkid', idNumber: 'A123456(3)' });
  });

  it('checks a PRC ID on the form too', async () => {
    routes = (u) => (u.pathname === '/api/userIdInfo/info' ? { code: 200, data: null } : undefined);
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '中國居民身份證' }));
    fireEvent.change(screen.getByLabelText('證件上的姓名'), { target: { value: '李小龍' } });
    fireEvent.change(screen.getByLabelText('證件號碼'), { target: { value: '110105194912310020' } });
    fireEvent.click(screen.getByRole('button', { name: '提交認證' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/身份證/));
    expect(requestsTo(fetchMock, 'userIdInfo/verify')).toHaveLength(0);
  });

  it('shows the masked record of a verified user, and an error state with a retry', async () => {
    let fail = true;
    routes = (u) =>
      u.pathname === '/api/userIdInfo/info'
        ? fail
          ? { code: 500, msg: '系統繁忙', data: null }
          : { code: 200, data: identity }
        : undefined;
    show();
    expect(await screen.findByText('未能載入認證資料')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('A12****(3)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交認證' })).toBeNull();
  });
});
