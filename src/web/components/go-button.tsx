import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { useNavigate } from 'react-router';

/** A button that opens another screen (`replace`: in place of this one), e.g. an empty or not-found state's way on. */
export function GoButton({
  to,
  replace = false,
  color,
  children,
}: {
  to: string;
  replace?: boolean;
  color?: ButtonProps['color'];
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Button color={color} onClick={() => navigate(to, replace ? { replace: true } : undefined)}>
      {children}
    </Button>
  );
}
