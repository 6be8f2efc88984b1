import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterLoadPart } from './after-load';

describe('afterLoadPart', () => {
  it('shows the placeholder, then the part once the page has loaded and its code is in', async () => {
    const Part = afterLoadPart<{ name: string }>(
      () => Promise.resolve(({ name }) => <button type="button">{name}</button>),
      () => <span data-testid="box" aria-hidden="true" />,
    );
    render(<Part name="分享" />);
    expect(screen.getByTestId('box')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '分享' })).toBeTruthy();
    expect(screen.queryByTestId('box')).toBeNull();
  });

  it('keeps the placeholder when the code fails to load, and asks again on the next mount', async () => {
    let calls = 0;
    const Part = afterLoadPart<object>(
      () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(() => <p>loaded</p>)),
      () => <span>box</span>,
    );
    const first = render(<Part />);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByText('box')).toBeTruthy();
    first.unmount();
    render(<Part />);
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
