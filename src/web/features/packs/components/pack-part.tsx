import type { ReactNode } from 'react';

/** A titled part of the pack screen (機率, 公平抽卡, 購買…), named by its heading, with an optional hint under it. */
export function PackPart({
  id,
  title,
  hint,
  className,
  children,
}: {
  id: string;
  title: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `pack-section ${className}` : 'pack-section'} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {hint && <p className="pack-hint">{hint}</p>}
      {children}
    </section>
  );
}
