import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyPopup } from './lazy-popup';

describe('LazyPopup', () => {
  it(
    "draws nothing (and asks for no code) until first opened, then antd-mobile's Popup with its content",
    { timeout: 30_000 },
    async () => {
      const { rerender } = render(
        <LazyPopup visible={false} bodyClassName="market-popup">
          <p>篩選內容</p>
        </LazyPopup>,
      );
      expect(screen.queryByText('篩選內容')).toBeNull();
      expect(document.querySelector('.adm-popup')).toBeNull();
      rerender(
        <LazyPopup visible bodyClassName="market-popup">
          <p>篩選內容</p>
        </LazyPopup>,
      );
      expect(await screen.findByText('篩選內容', {}, { timeout: 15_000 })).toBeTruthy();
      expect(document.querySelector('.adm-popup-body.market-popup')).not.toBeNull();
      // Closed again, it stays mounted (antd-mobile animates it out and hides it).
      rerender(
        <LazyPopup visible={false} bodyClassName="market-popup">
          <p>篩選內容</p>
        </LazyPopup>,
      );
      expect(document.querySelector('.adm-popup')).not.toBeNull();
    },
  );
});
