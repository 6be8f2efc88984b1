import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOME_BANNERS, HOME_DROPS } from '../../shared/first-answers';
import { getBanners } from '../features/content/api/get-banners';
import { DropsSection } from '../features/mall/components/drops-section';
import {
  embedFirstAnswers,
  envelope,
  mockFetch,
  renderAt,
  resetScreenTest,
  type FetchMock,
} from '../testing/screen-test';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = mockFetch(() => envelope(200, '', []));
});
afterEach(resetScreenTest);

describe('home: the calls the server embeds for "/"', () => {
  it('asks the drops and the banners as HOME_DROPS and HOME_BANNERS', async () => {
    renderAt([{ path: '/', element: <DropsSection /> }], '/');
    await getBanners();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([u]) => u).sort()).toEqual([HOME_BANNERS, HOME_DROPS].sort());
  });

  it("takes them from the page's answers without a call", async () => {
    embedFirstAnswers({
      [HOME_BANNERS]: { code: 200, msg: '', data: [] },
      [HOME_DROPS]: { code: 200, msg: '', data: [] },
    });
    renderAt([{ path: '/', element: <DropsSection /> }], '/');
    expect(await getBanners()).toEqual([]);
    expect(await screen.findByText('暫時未有發售')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
