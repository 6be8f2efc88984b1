import type { ButtonHTMLAttributes } from 'react';
import 'antd-mobile/es/components/button/button.css';

/**
 * antd-mobile's Button as its markup and CSS, without its script (its loading state, DotLoading and helpers: ~1 KB
 * gzip of each first load, decision 035): the buttons of the screens a shared link opens, which never show a loading
 * state. The same classes for the same props, so it looks and sizes the same; a screen needing `loading` uses
 * antd-mobile's own.
 */
export function PlainButton({
  color = 'default',
  fill = 'solid',
  size = 'middle',
  block = false,
  className,
  type = 'button',
  children,
  ...native
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> & {
  color?: 'default' | 'primary' | 'success' | 'warning' | 'danger';
  fill?: 'solid' | 'outline' | 'none';
  size?: 'mini' | 'small' | 'middle' | 'large';
  block?: boolean;
}) {
  const classes = [
    'adm-button',
    `adm-button-${color}`,
    block && 'adm-button-block',
    native.disabled && 'adm-button-disabled',
    fill !== 'solid' && `adm-button-fill-${fill}`,
    size !== 'middle' && `adm-button-${size}`,
    'adm-button-shape-default',
    className,
  ];
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} {...native}>
      <span>{children}</span>
    </button>
  );
}
