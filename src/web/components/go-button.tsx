import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';

/** A state block's primary way on: goes to `to` (replacing the page with `replace`). */
export function GoButton({ to, replace = false, children }: { to: string; replace?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button color="primary" onClick={() => navigate(to, { replace })}>
      {children}
    </Button>
  );
}
