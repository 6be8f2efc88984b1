import type { ReactNode } from 'react';

/** The rows of a description list (`<dl>`): one `<div><dt>term</dt><dd>value</dd></div>` per pair, in order. */
export function PairRows({ pairs }: { pairs: readonly (readonly [term: string, value: ReactNode])[] }) {
  return pairs.map(([term, value]) => (
    <div key={term}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  ));
}
