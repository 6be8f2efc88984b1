import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';

/**
 * A list row that is a real link (focusable, opens with Enter, announced as a link); the whole row
 * is the tap target.
 */
export function LinkItem({
  to,
  prefix,
  description,
  extra,
  children,
}: {
  to: string;
  prefix?: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <List.Item
      className="link-item"
      prefix={prefix}
      description={description}
      extra={extra}
      arrowIcon={<RightOutline aria-hidden="true" />}
    >
      <Link to={to} className="stretched-link">
        {children}
      </Link>
    </List.Item>
  );
}
