import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { EmptyState } from './state-views';

/** A state block's primary way on: goes to `to` (replacing the page with `replace`). */
export function GoButton({ to, replace = false, children }: { to: string; replace?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button color="primary" onClick={() => navigate(to, { replace })}>
      {children}
    </Button>
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
