import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, StateButton } from './state-views';

/** A state block's primary way on: goes to `to` (replacing the page with `replace`). */
export function GoButton({ to, replace = false, children }: { to: string; replace?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <StateButton solid onClick={() => navigate(to, { replace })}>
      {children}
    </StateButton>
  );
}

/** A detail screen whose item is gone (its 404): why, and the way `back` (path, label) that replaces the page. */
export function GoneState({
  title,
  description,
  back,
}: {
  title: string;
  description: string;
  back: [string, string];
}) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <GoButton to={back[0]} replace>
          {back[1]}
        </GoButton>
      }
    />
  );
}
