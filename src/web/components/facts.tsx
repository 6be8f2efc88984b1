import type { ReactNode } from 'react';
import { Fact } from './fact';
import './facts.css';

/** Facts as a definition list: 限量、尚餘、每人限購… */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([k, v]) => (
        <Fact key={k} term={k} className="fact">
          {v}
        </Fact>
      ))}
    </dl>
  );
}
