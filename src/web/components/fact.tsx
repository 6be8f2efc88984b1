import type { ReactNode } from 'react';

/** One term and its value in a `<dl>` (its own `<div>`, so the list can lay pairs out in rows or a grid). */
export function Fact({ term, className, children }: { term: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
