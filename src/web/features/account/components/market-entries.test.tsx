import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../../../shared/schemas/live';
import { testWallet } from '../../../testing/wallet-fixtures';
import { requestsTo, screenSuite } from '../../../testing/screen-test';
import { MarketEntries } from './market-entries';

type Handler = (e: StreamMessage['event']) => void;
const stream = vi.hoisted(() => ({ user: null as Handler | null }));
vi.mock('../../../lib/live-hooks', () => ({
  useLiveUser: (handler: Handler) => {
    stream.user = handler;
  },
}));

const suite = screenSuite([{ path: '/my', element: <MarketEntries /> }]);

describe('/my 錢包及收款', () => {
  it('asks the wallet again when a notification arrives on the live stream, as the bell does (issue 44)', async () => {
    let balance = 0;
    suite.routes = (u) =>
      u.pathname === '/api/payment/info' ? { code: 200, data: testWallet({ balance }) } : undefined;
    suite.renderAt('/my');
    expect(await screen.findByRole('link', { name: /錢包及收款/ })).toBeTruthy();
    expect(await screen.findByText('HK$0.00')).toBeTruthy();
    // A sale settles; its notice comes on the stream.
    balance = 3135;
    await act(async () => {
      stream.user!({ type: 'notification', id: 'ntf_1', title: '求購已成交', link: '/my/payment' });
    });
    expect(await screen.findByText('HK$31.35')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'payment/info')).toHaveLength(2);
    // Other events of the user (a turn in a waiting room) do not ask.
    await act(async () => {
      stream.user!({ type: 'queue-turn', kind: 'pack', id: 'pks_1' });
    });
    expect(requestsTo(suite.fetchMock, 'payment/info')).toHaveLength(2);
  });
});
